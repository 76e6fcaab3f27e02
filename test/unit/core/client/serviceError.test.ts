import * as assert from 'node:assert/strict';
import { kindForCode, kindForStatus, ServiceError, type ErrorKind } from '../../../../src/core/client/serviceError';

const diagnostics = { time: 't', method: 'POST', endpoint: '/v1/chat/completions', clientRequestId: 'c', keyPrefix: 'sk_test_al…', attempts: 1 };
const make = (kind: ErrorKind, extra: Partial<ConstructorParameters<typeof ServiceError>[0]> = {}) =>
  new ServiceError({ kind, clientRequestId: 'c', diagnostics, ...extra });

describe('core ServiceError', () => {
  it('Errors table: maps statuses to kinds', () => {
    assert.deepEqual([400, 401, 403, 404, 408, 409, 422, 429, 500, 502, 503].map(kindForStatus), [
      'invalid_request', 'auth', 'forbidden', 'not_found', 'timeout', 'invalid_request', 'invalid_request', 'rate_limit', 'server', 'server', 'server',
    ]);
    assert.equal(kindForCode('rate_limit_exceeded'), 'rate_limit');
    assert.equal(kindForCode('something_new'), 'server');
  });

  it('Errors rule 4: userMessage says what to do, never the raw service message', () => {
    const error = make('auth', { status: 401, code: 'invalid_api_key', serviceMessage: 'Invalid API key provided: sk_test_al…' });
    assert.match(error.userMessage, /Set a new key with 'Multi-Model AI: Set API Key'/);
    assert.equal(error.userMessage.includes('Invalid API key provided'), false);
    assert.match(error.message, /auth 401 invalid_api_key/);
    assert.match(make('forbidden', { code: 'model_unavailable' }).userMessage, /not available to your workspace: pick another with 'Multi-Model AI: Select Model'/);
    assert.match(make('rate_limit', { retryAfterMs: 2500 }).userMessage, /wait 3 s/);
  });

  it('Errors rule 3: an interrupted answer says it was cut off and that the partial text is kept', () => {
    const error = make('stream_interrupted', { code: 'internal_error', partialText: 'Hello' });
    assert.match(error.userMessage, /cut off/);
    assert.match(error.userMessage, /kept/);
    assert.equal(error.partialText, 'Hello');
  });

  it('every kind has advice of its own', () => {
    const kinds: ErrorKind[] = ['auth', 'forbidden', 'not_found', 'invalid_request', 'rate_limit', 'server', 'network', 'timeout', 'aborted', 'stream_interrupted', 'bad_response', 'config'];
    const advice = new Set(kinds.map((kind) => make(kind).userMessage));
    assert.equal(advice.size, kinds.length);
  });
});
