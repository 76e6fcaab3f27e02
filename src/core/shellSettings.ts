// The extension's settings, read from untrusted JSON (settings.json can hold anything) and
// checked with the core client's rules. A bad value never reaches a request; it becomes a
// problem the shell shows with how to fix it.
import { z } from 'zod';
import { validateBaseUrl } from './index';

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

const text = z.string().trim().min(1);
const positiveInt = z.number().int().positive();
const seconds = z.number().positive().max(3600);
const retries = z.number().int().min(0).max(10);

export function readShellSettings(raw: RawShellSettings): ShellSettings {
  const settings: ShellSettings = {
    model: text.safeParse(raw.model).data,
    maxTokens: positiveInt.safeParse(raw.maxTokens).data,
    timeoutMs: (seconds.safeParse(raw.requestTimeoutSeconds).data ?? DEFAULT_TIMEOUT_SECONDS) * 1000,
    maxRetries: retries.safeParse(raw.maxRetries).data ?? DEFAULT_MAX_RETRIES,
  };
  const url = text.safeParse(raw.baseUrl).data;
  if (url !== undefined) {
    const checked = validateBaseUrl(url);
    if (checked.ok) settings.baseUrl = checked.baseUrl;
    else settings.baseUrlProblem = checked.message;
  }
  return settings;
}
