// Per-key request-rate limit over a fixed window: the window opens with a key's first request.

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { limit: 1000, windowMs: 60_000 };

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly options: RateLimitOptions) {}

  take(key: string, now = Date.now()): RateDecision {
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.options.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= this.options.limit) {
      const remainingMs = window.start + this.options.windowMs - now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
    }
    window.count++;
    return { allowed: true };
  }

  reset(): void {
    this.windows.clear();
  }
}
