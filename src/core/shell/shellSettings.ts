// The extension's settings, read from untrusted JSON (settings.json can hold anything) and
// checked with the core client's rules. A bad value never reaches a request; it becomes a
// problem the shell shows with how to fix it. Plain checks rather than zod: this runs during
// activation, and loading zod alone costs about 20 ms there.
import { validateBaseUrl } from '../client/baseUrl';

export const DEFAULT_TIMEOUT_SECONDS = 60;
export const DEFAULT_MAX_RETRIES = 2;

export interface ShellSettings {
  /** Normalised and valid, or undefined when empty or invalid. */
  baseUrl?: string;
  /** Why the base URL is unusable, and how to fix it. */
  baseUrlProblem?: string;
  model?: string;
  maxTokens?: number;
  timeoutMs: number;
  maxRetries: number;
}

export interface RawShellSettings {
  baseUrl: unknown;
  model: unknown;
  maxTokens: unknown;
  requestTimeoutSeconds: unknown;
  maxRetries: unknown;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const integerIn = (value: unknown, min: number, max: number): number | undefined =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? (value as number) : undefined;
const seconds = (value: unknown): number | undefined =>
  typeof value === 'number' && value > 0 && value <= 3600 ? value : undefined;

export function readShellSettings(raw: RawShellSettings): ShellSettings {
  const settings: ShellSettings = {
    model: text(raw.model),
    maxTokens: integerIn(raw.maxTokens, 1, Number.MAX_SAFE_INTEGER),
    timeoutMs: (seconds(raw.requestTimeoutSeconds) ?? DEFAULT_TIMEOUT_SECONDS) * 1000,
    maxRetries: integerIn(raw.maxRetries, 0, 10) ?? DEFAULT_MAX_RETRIES,
  };
  const url = text(raw.baseUrl);
  if (url !== undefined) {
    const checked = validateBaseUrl(url);
    if (checked.ok) settings.baseUrl = checked.baseUrl;
    else settings.baseUrlProblem = checked.message;
  }
  return settings;
}
