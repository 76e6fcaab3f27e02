// The extension's settings, read from untrusted JSON (settings.json can hold anything) and
// checked with the core client's rules. A bad value never reaches a request; it becomes a
// problem the shell shows with how to fix it.
import { util } from 'zod/mini';
import { validateBaseUrl } from '../client/baseUrl';
import { DEFAULT_MAX_RETRIES } from '../client/retryPolicy';
import { TRANSPORT_NAMES } from '../client/transports/transport';
import type { TransportSetting } from '../client/transports/index';

export const DEFAULT_TIMEOUT_SECONDS = 60;
const DEFAULT_IMAGE_FOLDER = 'images';

export interface ShellSettings {
  /** The address in effect, normalised and valid, or undefined when empty or invalid. */
  baseUrl?: string;
  /** Why the address in effect is unusable, and how to fix it. */
  baseUrlProblem?: string;
  /** Set when the address in effect is multiModelAI.legacyBaseUrl (multiModelAI.baseUrl is empty). */
  legacy?: true;
  model?: string;
  maxTokens?: number;
  timeoutMs: number;
  maxRetries: number;
  transport: TransportSetting;
  /** Per model id: options by catalog parameter name (sent only where the model lists them). */
  modelOptions: Record<string, Record<string, unknown>>;
  /** Extra headers for every request (corporate proxies); never Authorization or Content-Type. */
  requestHeaders: Record<string, string>;
  /** Where generated images are saved: relative to the first workspace folder, or absolute. */
  imageFolder: string;
  /** What was wrong in modelOptions or requestHeaders, in the settings' terms (the rest still applies). */
  problems: string[];
}

export interface RawShellSettings {
  baseUrl: unknown;
  legacyBaseUrl?: unknown;
  model: unknown;
  maxTokens: unknown;
  requestTimeoutSeconds: unknown;
  maxRetries: unknown;
  transport?: unknown;
  modelOptions?: unknown;
  requestHeaders?: unknown;
  imageFolder?: unknown;
}

// Read without zod, unlike the rest of core: settings are read at activation, where zod's
// first use (its code compiled as it first runs) cost ~5-8 ms. The checks are those of the
// schemas they replace: each value on its own, a bad one falls back to its default without
// touching the others.

/** Text with something in it, trimmed; anything else is no value. */
function text(value: unknown): string | undefined {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed === '' ? undefined : trimmed;
}

/** A whole number from `min` to `max`; anything else is no value. */
function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  return Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max ? (value as number) : undefined;
}

const TRANSPORTS: readonly unknown[] = ['auto', ...TRANSPORT_NAMES];

/** The entries of a plain object (what settings.json holds), as z.record(z.string(), z.unknown()) takes them; undefined for anything else. */
function entriesOf(value: unknown): [string, unknown][] | undefined {
  if (!util.isPlainObject(value)) return undefined;
  const entries: [string, unknown][] = [];
  for (const key of Reflect.ownKeys(value)) {
    if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(value, key)) continue;
    if (typeof key === 'symbol') return undefined;
    entries.push([key, value[key]]);
  }
  return entries;
}

/** Headers the extension owns: a proxy header may never replace them. */
const RESERVED_HEADERS = new Set(['authorization', 'content-type', 'accept', 'x-client-request-id', 'host', 'content-length']);
// RFC 9110 token characters for a name; a value without line breaks (no header injection).
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[^\r\n\0]*$/;

function readModelOptions(raw: unknown, problems: string[]): Record<string, Record<string, unknown>> {
  if (raw === undefined || raw === null) return {};
  const models = entriesOf(raw);
  if (!models) {
    problems.push('multiModelAI.modelOptions must be an object keyed by model id, e.g. { "acme/chat-large": { "temperature": 0.2 } }.');
    return {};
  }
  const options: Record<string, Record<string, unknown>> = {};
  for (const [model, value] of models) {
    const entries = entriesOf(value);
    if (entries) options[model] = Object.fromEntries(entries);
    else problems.push(`multiModelAI.modelOptions["${model}"] must be an object of options, e.g. { "temperature": 0.2 }.`);
  }
  return options;
}

function readRequestHeaders(raw: unknown, problems: string[]): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  const entries = entriesOf(raw);
  if (!entries) {
    problems.push('multiModelAI.requestHeaders must be an object of header names and text values.');
    return {};
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (RESERVED_HEADERS.has(name.toLowerCase())) problems.push(`multiModelAI.requestHeaders cannot set "${name}": the extension sets it itself.`);
    else if (!HEADER_NAME.test(name)) problems.push(`multiModelAI.requestHeaders: "${name}" is not a valid header name.`);
    else if (typeof value !== 'string' || !HEADER_VALUE.test(value)) problems.push(`multiModelAI.requestHeaders["${name}"] must be text on one line.`);
    else headers[name.toLowerCase()] = value;
  }
  return headers;
}

export function readShellSettings(raw: RawShellSettings): ShellSettings {
  const timeout = raw.requestTimeoutSeconds;
  const settings: ShellSettings = {
    model: text(raw.model),
    maxTokens: wholeNumber(raw.maxTokens, 1, Number.MAX_SAFE_INTEGER),
    timeoutMs: (typeof timeout === 'number' && timeout > 0 && timeout <= 3600 ? timeout : DEFAULT_TIMEOUT_SECONDS) * 1000,
    maxRetries: wholeNumber(raw.maxRetries, 0, 10) ?? DEFAULT_MAX_RETRIES,
    transport: TRANSPORTS.includes(raw.transport) ? (raw.transport as TransportSetting) : 'auto',
    modelOptions: {},
    requestHeaders: {},
    imageFolder: text(raw.imageFolder) ?? DEFAULT_IMAGE_FOLDER,
    problems: [],
  };
  settings.modelOptions = readModelOptions(raw.modelOptions, settings.problems);
  settings.requestHeaders = readRequestHeaders(raw.requestHeaders, settings.problems);
  // Spec, Versioning 2 and 3: the current address wins; the legacy one serves configurations that predate it.
  const baseUrl = text(raw.baseUrl);
  const address = baseUrl ?? text(raw.legacyBaseUrl);
  if (address !== undefined) {
    const url = validateBaseUrl(address);
    if (url.ok) settings.baseUrl = url.baseUrl;
    else settings.baseUrlProblem = url.message;
    if (baseUrl === undefined) settings.legacy = true;
  }
  return settings;
}
