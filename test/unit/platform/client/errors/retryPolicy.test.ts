import * as assert from 'node:assert/strict';
import { backoffMs, MAX_RETRY_AFTER_MS, parseRetryAfter, RetryBudget, type RetryableFailure } from '#src/platform/client/errors/retryPolicy';
import type { ErrorKind } from '#src/platform/client/errors/errorKind';
import { ERROR_KINDS } from '../fixtures/errorKinds';

/** The waits a budget grants to a run of failures, until the first it refuses. */
function waits(budget: RetryBudget, failures: RetryableFailure[]): (number | undefined)[] {
  return failures.map((failure) => budget.next(failure));
}

describe('core retry policy', () => {
  it('Errors rule (5xx and network): backoff is 0.5 s x 2^n capped at 8 s, with up to 25 % jitter', () => {
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5, 9].map((n) => backoffMs(n, () => 0)),
      [500, 1000, 2000, 4000, 8000, 8000, 8000],
    );
    assert.equal(
      backoffMs(1, () => 1),
      750,
    );
    assert.equal(
      backoffMs(1, () => 0.5),
      875,
    );
  });

  it('Errors 2: only transient failures with a retry case are retried', () => {
    const retried: ErrorKind[] = ['server', 'network', 'proxy', 'timeout', 'rate_limit'];
    const never = ERROR_KINDS.filter((kind) => !retried.includes(kind));
    assert.equal(never.length, 14);
    for (const kind of retried) assert.notEqual(new RetryBudget(2, false).next({ kind, retryCase: 'refused' }), undefined, kind);
    for (const kind of never) assert.equal(new RetryBudget(2, false).next({ kind, retryCase: 'refused' }), undefined, kind);
    // An error event inside the stream, before any output, has no case: the person is offered Retry.
    assert.equal(new RetryBudget(2, false).next({ kind: 'server' }), undefined);
  });

  it('Errors 2: unsent and refused attempts use the whole budget, then stop', () => {
    assert.deepEqual(
      waits(new RetryBudget(2, false, () => 0), [
        { kind: 'network', retryCase: 'unsent' },
        { kind: 'server', retryCase: 'refused' },
        { kind: 'server', retryCase: 'refused' },
      ]),
      [500, 1000, undefined],
    );
    assert.equal(new RetryBudget(0, false).next({ kind: 'server', retryCase: 'refused' }), undefined);
  });

  it('Errors 2: an ambiguous failure of a generation is retried once at most; a read is retried like any other', () => {
    const ambiguous: RetryableFailure = { kind: 'timeout', retryCase: 'ambiguous' };
    assert.deepEqual(waits(new RetryBudget(5, false, () => 0), [ambiguous, ambiguous]), [500, undefined]);
    assert.deepEqual(waits(new RetryBudget(5, false, () => 0), [ambiguous, { kind: 'network', retryCase: 'ambiguous' }]), [500, undefined]);
    assert.deepEqual(waits(new RetryBudget(2, true, () => 0), [ambiguous, ambiguous, ambiguous]), [500, 1000, undefined]);
  });

  it('Limits 1 (429): the window is waited out exactly, a window over 60 s is not waited on', () => {
    assert.deepEqual(waits(new RetryBudget(2, false), [{ kind: 'rate_limit', retryCase: 'refused', retryAfterMs: 3000 }]), [3000]);
    assert.deepEqual(waits(new RetryBudget(2, false), [{ kind: 'rate_limit', retryCase: 'refused', retryAfterMs: 0 }]), [0]);
    assert.deepEqual(waits(new RetryBudget(2, false), [{ kind: 'rate_limit', retryCase: 'refused', retryAfterMs: MAX_RETRY_AFTER_MS + 1 }]), [undefined]);
  });

  it('Limits 1 (429 without a window): one retry at most, after 2 to 3 s', () => {
    const windowless: RetryableFailure = { kind: 'rate_limit', retryCase: 'refused' };
    assert.deepEqual(waits(new RetryBudget(5, true, () => 0), [windowless, windowless]), [2000, undefined]);
    assert.deepEqual(waits(new RetryBudget(5, false, () => 0.998), [windowless]), [2998]);
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
