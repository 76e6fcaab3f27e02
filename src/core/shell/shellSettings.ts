// The extension's settings, read from untrusted JSON (settings.json can hold anything) and
// checked with the core client's rules. A bad value never reaches a request; it becomes a
// problem the shell shows with how to fix it.
import * as z from 'zod';
import { validateBaseUrl } from '../client/baseUrl';
import { DEFAULT_MAX_RETRIES } from '../client/retryPolicy';

export const DEFAULT_TIMEOUT_SECONDS = 60;

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
}

export interface RawShellSettings {
  baseUrl: unknown;
  legacyBaseUrl?: unknown;
  model: unknown;
  maxTokens: unknown;
  requestTimeoutSeconds: unknown;
  maxRetries: unknown;
}

const text = z.string().trim().min(1).optional().catch(undefined);
/** Each value is checked on its own: a bad one falls back to its default without touching the others. */
const RawShellSettingsSchema = z.object({
  baseUrl: text,
  legacyBaseUrl: text,
  model: text,
  maxTokens: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  requestTimeoutSeconds: z.number().gt(0).max(3600).catch(DEFAULT_TIMEOUT_SECONDS),
  maxRetries: z.number().int().min(0).max(10).catch(DEFAULT_MAX_RETRIES),
});

export function readShellSettings(raw: RawShellSettings): ShellSettings {
  const checked = RawShellSettingsSchema.parse(raw);
  const settings: ShellSettings = {
    model: checked.model,
    maxTokens: checked.maxTokens,
    timeoutMs: checked.requestTimeoutSeconds * 1000,
    maxRetries: checked.maxRetries,
  };
  // Spec, Versioning 2 and 3: the current address wins; the legacy one serves configurations that predate it.
  const address = checked.baseUrl ?? checked.legacyBaseUrl;
  if (address !== undefined) {
    const url = validateBaseUrl(address);
    if (url.ok) settings.baseUrl = url.baseUrl;
    else settings.baseUrlProblem = url.message;
    if (checked.baseUrl === undefined) settings.legacy = true;
  }
  return settings;
}
