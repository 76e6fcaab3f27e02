// Spec, Errors: only transient failures are retried, a bounded number of times, with
// exponential backoff and jitter; a 429 waits out its window. The caller decides whether
// output has already reached the person (then nothing is retried).
import type { ErrorKind } from './serviceError';

/** Retries after the first attempt, unless the person sets multiModelAI.maxRetries. */
export const DEFAULT_MAX_RETRIES = 2;
export const INITIAL_BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 8_000;
/** A server asking for a longer wait than this is not waited on: the person is told instead. */
export const MAX_RETRY_AFTER_MS = 60_000;
const JITTER = 0.25;

/** Failures the client retries on its own, before any output (spec, Errors: transient ones only). */
export const RETRIED_AUTOMATICALLY: ReadonlySet<ErrorKind> = new Set<ErrorKind>(['server', 'network', 'timeout', 'rate_limit']);

/** Reads `retry-after-ms`, then `Retry-After` (seconds or an HTTP date). */
export function parseRetryAfter(headers: Record<string, string | string[] | undefined>, now: number = Date.now()): number | undefined {
  const ms = first(headers['retry-after-ms']);
  if (ms !== undefined) {
    const value = Number(ms);
    if (ms.trim() !== '' && Number.isFinite(value) && value >= 0) return value;
  }
  const raw = first(headers['retry-after'])?.trim();
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Number(raw) * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** 0.5 s x 2^retry, capped at 8 s, minus up to 25 % jitter so clients do not retry in step. */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  const base = Math.min(INITIAL_BACKOFF_MS * 2 ** retry, MAX_BACKOFF_MS);
  return base * (1 - random() * JITTER);
}

/**
 * How long to wait before retry number `retry` (0-based), or undefined when the failure must
 * not be retried: not transient, retries used up, or a Retry-After beyond the cap.
 */
export function retryDelayMs(
  failure: { kind: ErrorKind; retryAfterMs?: number },
  retry: number,
  maxRetries: number,
  random?: () => number,
): number | undefined {
  if (retry >= maxRetries || !RETRIED_AUTOMATICALLY.has(failure.kind)) return undefined;
  if (failure.retryAfterMs !== undefined) {
    return failure.retryAfterMs <= MAX_RETRY_AFTER_MS ? failure.retryAfterMs : undefined;
  }
  return backoffMs(retry, random);
}
