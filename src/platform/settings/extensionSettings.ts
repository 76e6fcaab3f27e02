// The extension's settings, read from untrusted JSON (settings.json can hold anything) and
// checked with the core client's rules. A bad value never reaches a request; it becomes a
// problem the shell shows with how to fix it.
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import { buildOnce } from '../startup/buildOnce';
import { validateBaseUrl } from '../client/http/baseUrl';
import { DEFAULT_MAX_RETRIES } from '../client/errors/retryPolicy';
import { TRANSPORT_NAMES } from '../client/transports/transport';
import type { TransportSetting } from '../client/transports/index';
import type { FallbackSetting } from '../reply/fallback';

export const DEFAULT_TIMEOUT_SECONDS = 60;
const DEFAULT_IMAGE_FOLDER = 'images';

export interface ExtensionSettings {
  /** The address in effect, normalised and valid, or undefined when empty or invalid. */
  baseUrl?: string;
  /** Why the address in effect is unusable, and how to fix it (shown). */
  baseUrlProblem?: string;
  /** The same in English for the log, without what was typed. */
  baseUrlFault?: string;
  /** Set when the address in effect is multiModelAI.legacyBaseUrl (multiModelAI.baseUrl is empty). */
  legacy?: true;
  model?: string;
  maxTokens?: number;
  /** multiModelAI.confirmAbove: a request that may cost more RUB than this is sent only when the person says so. */
  confirmAboveRub?: number;
  timeoutMs: number;
  maxRetries: number;
  transport: TransportSetting;
  /** Per model id: options by catalog parameter name (sent only where the model lists them). */
  modelOptions: Record<string, Record<string, unknown>>;
  /** Extra headers for every request (corporate proxies); never Authorization or Content-Type. */
  requestHeaders: Record<string, string>;
  /** Where generated images are saved: relative to the first workspace folder, or absolute. */
  imageFolder: string;
  /** Whether the project's instructions (AGENTS.md) go with chat and refactor requests, in a trusted workspace. */
  projectInstructions: boolean;
  /** Generate Commit Message: the model to use instead of the chosen one, and extra instructions. */
  commitMessageModel?: string;
  commitMessageInstructions?: string;
  /** multiModelAI.fallback: where a request goes when its model is down. */
  fallback: FallbackSetting;
  /** What was wrong in modelOptions or requestHeaders, in the settings' terms (the rest still applies). */
  problems: SettingsProblem[];
}

/** One wrong value: `text` is shown in the display language, `fault` is logged in English (never a header's value). */
export interface SettingsProblem {
  text: string;
  fault: string;
}

export interface RawSettings {
  baseUrl: unknown;
  legacyBaseUrl?: unknown;
  model: unknown;
  maxTokens: unknown;
  confirmAbove?: unknown;
  requestTimeoutSeconds: unknown;
  maxRetries: unknown;
  transport?: unknown;
  modelOptions?: unknown;
  requestHeaders?: unknown;
  imageFolder?: unknown;
  projectInstructions?: unknown;
  commitMessageModel?: unknown;
  commitMessageInstructions?: unknown;
  fallback?: unknown;
}

const text = buildOnce(() => z.catch(z.optional(z.string().check(z.trim(), z.minLength(1))), undefined));
/**
 * Each value is checked on its own: a bad one falls back to its default without touching the others.
 * Built at the first read (activation), not when the bundle loads.
 */
const RawSettingsSchema = buildOnce(() =>
  z.object({
    baseUrl: text(),
    legacyBaseUrl: text(),
    model: text(),
    maxTokens: z.catch(z.optional(z.int().check(z.gte(1), z.lte(Number.MAX_SAFE_INTEGER))), undefined),
    confirmAbove: z.catch(z.optional(z.number().check(z.gte(0), z.lte(Number.MAX_SAFE_INTEGER))), undefined),
    requestTimeoutSeconds: z.catch(z.number().check(z.gt(0), z.lte(3600)), DEFAULT_TIMEOUT_SECONDS),
    maxRetries: z.catch(z.int().check(z.gte(0), z.lte(10)), DEFAULT_MAX_RETRIES),
    transport: z.catch(z.enum(['auto', ...TRANSPORT_NAMES]), 'auto'),
    imageFolder: z.catch(z.string().check(z.trim(), z.minLength(1)), DEFAULT_IMAGE_FOLDER),
    projectInstructions: z.catch(z.boolean(), true),
    commitMessageModel: text(),
    commitMessageInstructions: text(),
  }),
);

/** Headers the extension owns: a proxy header may never replace them. */
const RESERVED_HEADERS = new Set(['authorization', 'content-type', 'accept', 'x-client-request-id', 'host', 'content-length']);
// RFC 9110 token characters for a name; a value without line breaks (no header injection).
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[^\r\n\0]*$/;

function readModelOptions(raw: unknown, problems: SettingsProblem[]): Record<string, Record<string, unknown>> {
  if (raw === undefined || raw === null) return {};
  const parsed = z.record(z.string(), z.unknown()).safeParse(raw);
  if (!parsed.success) {
    problems.push({
      text: l10n.t('multiModelAI.modelOptions must be an object keyed by model id, e.g. {0}.', '{ "acme/chat-large": { "temperature": 0.2 } }'),
      fault: 'multiModelAI.modelOptions is not an object keyed by model id',
    });
    return {};
  }
  const options: Record<string, Record<string, unknown>> = {};
  for (const [model, value] of Object.entries(parsed.data)) {
    const entry = z.record(z.string(), z.unknown()).safeParse(value);
    if (entry.success) options[model] = entry.data;
    else
      problems.push({
        text: l10n.t('multiModelAI.modelOptions["{0}"] must be an object of options, e.g. {1}.', model, '{ "temperature": 0.2 }'),
        fault: `multiModelAI.modelOptions["${model}"] is not an object`,
      });
  }
  return options;
}

function readRequestHeaders(raw: unknown, problems: SettingsProblem[]): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  const parsed = z.record(z.string(), z.unknown()).safeParse(raw);
  if (!parsed.success) {
    problems.push({
      text: l10n.t('multiModelAI.requestHeaders must be an object of header names and text values.'),
      fault: 'multiModelAI.requestHeaders is not an object',
    });
    return {};
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed.data)) {
    if (RESERVED_HEADERS.has(name.toLowerCase()))
      problems.push({
        text: l10n.t('multiModelAI.requestHeaders cannot set "{0}": the extension sets it itself.', name),
        fault: `multiModelAI.requestHeaders sets the reserved header "${name}"`,
      });
    else if (!HEADER_NAME.test(name))
      problems.push({
        text: l10n.t('multiModelAI.requestHeaders: "{0}" is not a valid header name.', name),
        fault: `multiModelAI.requestHeaders has an invalid header name "${name}"`,
      });
    else if (typeof value !== 'string' || !HEADER_VALUE.test(value))
      problems.push({
        text: l10n.t('multiModelAI.requestHeaders["{0}"] must be text on one line.', name),
        fault: `multiModelAI.requestHeaders["${name}"] is not text on one line`,
      });
    else headers[name.toLowerCase()] = value;
  }
  return headers;
}

/** Model ids a fallback list may hold: a few, tried one after another. */
export const MAX_FALLBACK_MODELS = 5;

function readFallback(raw: unknown, problems: SettingsProblem[]): FallbackSetting {
  if (raw === undefined || raw === null || raw === 'off') return 'off';
  if (raw === 'similar') return raw;
  const list = z
    .array(z.string().check(z.trim(), z.minLength(1)))
    .check(z.minLength(1), z.maxLength(MAX_FALLBACK_MODELS))
    .safeParse(raw);
  if (list.success) return list.data;
  problems.push({
    text: l10n.t('multiModelAI.fallback must be "off", "similar" or a list of up to {0} model ids, e.g. {1}.', MAX_FALLBACK_MODELS, '["acme/chat-mini"]'),
    fault: 'multiModelAI.fallback is not "off", "similar" or a list of model ids',
  });
  return 'off';
}

export function readSettings(raw: RawSettings): ExtensionSettings {
  const checked = RawSettingsSchema().parse(raw);
  const settings: ExtensionSettings = {
    model: checked.model,
    maxTokens: checked.maxTokens,
    ...(checked.confirmAbove !== undefined && { confirmAboveRub: checked.confirmAbove }),
    timeoutMs: checked.requestTimeoutSeconds * 1000,
    maxRetries: checked.maxRetries,
    transport: checked.transport,
    modelOptions: {},
    requestHeaders: {},
    fallback: 'off',
    imageFolder: checked.imageFolder,
    projectInstructions: checked.projectInstructions,
    ...(checked.commitMessageModel !== undefined && { commitMessageModel: checked.commitMessageModel }),
    ...(checked.commitMessageInstructions !== undefined && { commitMessageInstructions: checked.commitMessageInstructions }),
    problems: [],
  };
  settings.modelOptions = readModelOptions(raw.modelOptions, settings.problems);
  settings.requestHeaders = readRequestHeaders(raw.requestHeaders, settings.problems);
  settings.fallback = readFallback(raw.fallback, settings.problems);
  // Spec, Versioning 2 and 3: the current address wins; the legacy one serves configurations that predate it.
  const address = checked.baseUrl ?? checked.legacyBaseUrl;
  if (address !== undefined) {
    const url = validateBaseUrl(address);
    if (url.ok) settings.baseUrl = url.baseUrl;
    else {
      settings.baseUrlProblem = url.message;
      settings.baseUrlFault = url.fault;
    }
    if (checked.baseUrl === undefined) settings.legacy = true;
  }
  return settings;
}
