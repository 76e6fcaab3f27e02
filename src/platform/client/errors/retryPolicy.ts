// Spec, Errors 2: only transient failures are retried, and a generation only where the
// service cannot have charged for it twice. Limits 1 and the Errors table (429): the limit window is
// respected, never retried aggressively. The caller decides whether output has already
// reached the person (then nothing is retried: Errors 3).
import type { ErrorKind } from './errorKind';

/** Retries after the first attempt, unless the person sets multiModelAI.maxRetries. */
export const DEFAULT_MAX_RETRIES = 2;
export const INITIAL_BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 8_000;
/** A server asking for a longer wait than this is not waited on: the person is told instead. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** A 429 without a window is retried once, after at least this long (plus up to half again as jitter). */
export const UNKNOWN_WINDOW_WAIT_MS = 2_000;
const JITTER = 0.25;

/**
 * Where a failed attempt stands, for a request that is not idempotent:
 * - unsent: it never left (connection refused, name not found): always safe to send again;
 * - refused: the service answered 429 or 5xx before any output: it did no work;
 * - ambiguous: it may have reached the service (a reset, no response, a silent stream):
 *   sent again once at most, with the same client request id so the service can recognise it.
 * A failure with no case (a 4xx, an error event inside the stream, a malformed reply) is
 * never retried automatically: the person is offered Retry.
 */
export type RetryCase = 'unsent' | 'refused' | 'ambiguous';

/** Failures the client retries on its own, before any output. */
export const RETRIED_AUTOMATICALLY: ReadonlySet<ErrorKind> = new Set<ErrorKind>(['server', 'network', 'proxy', 'timeout', 'rate_limit']);

export interface RetryableFailure {
  kind: ErrorKind;
  retryCase?: RetryCase;
  retryAfterMs?: number;
}

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

/** The retries of one logical request: how many are left, and of which kind. */
export class RetryBudget {
  private retries = 0;
  private ambiguous = 0;
  private windowless = 0;

  constructor(
    private readonly maxRetries: number,
    /** A read (GET) may be repeated freely; a generation may not. */
    private readonly idempotent: boolean,
    private readonly random: () => number = Math.random,
  ) {}

  /** The wait before sending again, or undefined when this failure ends the request. */
  next(failure: RetryableFailure): number | undefined {
    const delay = this.delayFor(failure);
    if (delay !== undefined) this.retries++;
    return delay;
  }

  private delayFor(failure: RetryableFailure): number | undefined {
    if (this.retries >= this.maxRetries || failure.retryCase === undefined || !RETRIED_AUTOMATICALLY.has(failure.kind)) return undefined;
    if (failure.retryCase === 'ambiguous' && !this.idempotent && this.ambiguous++ >= 1) return undefined;
    if (failure.retryAfterMs !== undefined) return failure.retryAfterMs <= MAX_RETRY_AFTER_MS ? failure.retryAfterMs : undefined;
    if (failure.kind !== 'rate_limit') return backoffMs(this.retries, this.random);
    if (this.windowless++ >= 1) return undefined;
    return UNKNOWN_WINDOW_WAIT_MS * (1 + this.random() / 2);
  }
}
