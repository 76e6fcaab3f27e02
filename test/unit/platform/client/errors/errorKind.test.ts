import * as assert from 'node:assert/strict';
import { kindFor, kindForCode, kindOf, kindForEvent } from '#src/platform/client/errors/errorKind';

describe('error kinds', () => {
  it('Errors table: maps statuses to kinds', () => {
    assert.deepEqual(
      [400, 401, 403, 404, 408, 409, 422, 429, 500, 502, 503].map((status) => kindFor(status, undefined)),
      ['invalid_request', 'auth', 'forbidden', 'not_found', 'timeout', 'invalid_request', 'invalid_request', 'rate_limit', 'server', 'server', 'server'],
    );
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
    assert.deepEqual(
      cases.map(([status, code]) => kindFor(status, code)),
      ['payment', 'payment', 'payment', 'payment', 'payment', 'payment', 'model_unavailable', 'rate_limit', 'invalid_request'],
    );
    assert.deepEqual(['insufficient_balance', 'insufficient_quota', 'spend_limit_exceeded', 'billing_hard_limit_reached'].map(kindForCode), [
      'payment',
      'payment',
      'payment',
      'payment',
    ]);
  });

  it('inside a stream, Anthropic types and gateway codes are told by the code alone', () => {
    const codes = [
      'overloaded_error',
      'api_error',
      'rate_limit_error',
      'authentication_error',
      'permission_error',
      'invalid_request_error',
      'content_policy_violation',
      'model_not_found',
      'context_length_exceeded',
    ];
    assert.deepEqual(codes.map(kindForCode), [
      'server',
      'server',
      'rate_limit',
      'auth',
      'forbidden',
      'invalid_request',
      'refused',
      'model_unavailable',
      'too_long',
    ]);
  });

  it('a 404 is the model only in the error shape, to a request that names one; else the address', () => {
    const cases = [
      { status: 404, code: '404', shaped: true, aboutModel: true },
      { status: 404, code: '404', shaped: true, aboutModel: false },
      { status: 404, shaped: false, aboutModel: true },
      { status: 404, code: 'invalid_request_error', shaped: true, aboutModel: true },
      { status: 404, code: 'doubled_version_path', shaped: true, aboutModel: true },
      { status: 503, code: 'model_not_found', shaped: true, aboutModel: true },
    ];
    assert.deepEqual(cases.map(kindOf), ['model_unavailable', 'not_found', 'not_found', 'not_found', 'not_found', 'model_unavailable']);
  });

  it('a 403 is a refusal of the content by its metadata or code, of the key by its code, else neutral', () => {
    const cases = [
      { status: 403, code: '403', metadata: ['reasons', 'flagged_input'], shaped: true },
      { status: 403, code: 'guardrail', shaped: true },
      { status: 403, code: 'permission_error', shaped: true },
      { status: 403, code: '403', shaped: true },
      { status: 403, code: 'spend_limit_exceeded', shaped: true },
    ];
    assert.deepEqual(cases.map(kindOf), ['refused', 'refused', 'forbidden', 'forbidden', 'payment']);
  });

  it("a gateway's own error is its own kind, whatever the status; a refusal worded as too long is too long, only as a refusal", () => {
    const cases = [
      { status: 500, ownGateway: 'Portkey', shaped: false },
      { status: 401, code: 'key_model_access_denied', ownGateway: 'LiteLLM', shaped: true },
      { status: 400, code: 'invalid_request_error', tooLongWording: true, shaped: true },
      { status: 400, code: '400', tooLongWording: true, shaped: true },
      { status: 500, code: 'api_error', tooLongWording: true, shaped: true },
      { status: 401, code: 'authentication_error', tooLongWording: true, shaped: true },
    ];
    assert.deepEqual(cases.map(kindOf), ['gateway', 'gateway', 'too_long', 'too_long', 'server', 'auth']);
    assert.deepEqual(
      [kindForEvent('invalid_request_error', true), kindForEvent('invalid_request_error', false), kindForEvent(undefined, true)],
      ['too_long', 'invalid_request', 'too_long'],
    );
  });
});
