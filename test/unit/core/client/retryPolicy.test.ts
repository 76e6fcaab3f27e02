import * as assert from 'node:assert/strict';
import { backoffMs, MAX_RETRY_AFTER_MS, parseRetryAfter, retryDelayMs } from '../../../../src/core/client/retryPolicy';
import type { ErrorKind } from '../../../../src/core/client/serviceError';

describe('core retry policy', () => {
  it('Errors rule (5xx and network): backoff is 0.5 s x 2^n capped at 8 s, with up to 25 % jitter', () => {
    assert.deepEqual([0, 1, 2, 3, 4, 5, 9].map((n) => backoffMs(n, () => 0)), [500, 1000, 2000, 4000, 8000, 8000, 8000]);
    assert.equal(backoffMs(1, () => 1), 750);
    assert.equal(backoffMs(1, () => 0.5), 875);
  });

  it('Errors rule: only transient failures are retried', () => {
    const retried: ErrorKind[] = ['server', 'network', 'timeout', 'rate_limit'];
    const never: ErrorKind[] = ['auth', 'forbidden', 'not_found', 'invalid_request', 'aborted', 'stream_interrupted', 'bad_response', 'config'];
    for (const kind of retried) assert.notEqual(retryDelayMs({ kind }, 0, 2), undefined, kind);
    for (const kind of never) assert.equal(retryDelayMs({ kind }, 0, 2), undefined, kind);
  });

  it('Errors rule: at most maxRetries retries', () => {
    assert.notEqual(retryDelayMs({ kind: 'server' }, 1, 2), undefined);
    assert.equal(retryDelayMs({ kind: 'server' }, 2, 2), undefined);
    assert.equal(retryDelayMs({ kind: 'server' }, 0, 0), undefined);
  });

  it('Errors rule (429): the limit window is waited out exactly, and a window beyond the cap is not waited on', () => {
    assert.equal(retryDelayMs({ kind: 'rate_limit', retryAfterMs: 3000 }, 0, 2), 3000);
    assert.equal(retryDelayMs({ kind: 'rate_limit', retryAfterMs: 0 }, 0, 2), 0);
    assert.equal(retryDelayMs({ kind: 'rate_limit', retryAfterMs: MAX_RETRY_AFTER_MS + 1 }, 0, 2), undefined);
  });

  it('parses retry-after-ms, Retry-After seconds and Retry-After HTTP dates', () => {
    const now = Date.parse('2025-01-31T10:00:00Z');
    assert.equal(parseRetryAfter({ 'retry-after-ms': '250', 'retry-after': '9' }, now), 250);
    assert.equal(parseRetryAfter({ 'retry-after': '2' }, now), 2000);
    assert.equal(parseRetryAfter({ 'retry-after': '1.5' }, now), 1500);
    assert.equal(parseRetryAfter({ 'retry-after': 'Fri, 31 Jan 2025 10:00:05 GMT' }, now), 5000);
    assert.equal(parseRetryAfter({ 'retry-after': 'Fri, 31 Jan 2025 09:00:00 GMT' }, now), 0);
    assert.equal(parseRetryAfter({ 'retry-after': 'soon' }, now), undefined);
    assert.equal(parseRetryAfter({}, now), undefined);
  });
});
