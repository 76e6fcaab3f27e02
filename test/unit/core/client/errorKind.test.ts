import * as assert from 'node:assert/strict';
import { kindFor, kindForCode } from '#src/core/client/errorKind';

describe('error kinds', () => {
  it('Errors table: maps statuses to kinds', () => {
    assert.deepEqual([400, 401, 403, 404, 408, 409, 422, 429, 500, 502, 503].map((status) => kindFor(status, undefined)), [
      'invalid_request', 'auth', 'forbidden', 'not_found', 'timeout', 'invalid_request', 'invalid_request', 'rate_limit', 'server', 'server', 'server',
    ]);
    assert.equal(kindForCode('rate_limit_exceeded'), 'rate_limit');
    assert.equal(kindForCode('something_new'), 'server');
  });

  it('Limits 2 and 4: 402, and a 403 or 429 whose code speaks of balance, quota, credit or a spend limit, are payment failures', () => {
    const cases: [number, string | undefined][] = [
      [402, undefined],
      [402, 'payment_required'],
      [403, 'insufficient_balance'],
      [429, 'insufficient_quota'],
      [403, 'spend_limit_exceeded'],
      [429, 'credit_exhausted'],
      [403, 'model_unavailable'],
      [429, 'rate_limit_exceeded'],
      [400, 'insufficient_balance'],
    ];
    assert.deepEqual(cases.map(([status, code]) => kindFor(status, code)), ['payment', 'payment', 'payment', 'payment', 'payment', 'payment', 'forbidden', 'rate_limit', 'invalid_request']);
    assert.deepEqual(['insufficient_balance', 'insufficient_quota', 'spend_limit_exceeded', 'billing_hard_limit_reached'].map(kindForCode), ['payment', 'payment', 'payment', 'payment']);
  });
});
