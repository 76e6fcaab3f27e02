import * as assert from 'node:assert/strict';
import { kindFor, kindForCode, type ErrorKind } from '#src/platform/client/errors/errorKind';
import { ServiceError } from '#src/platform/client/errors/serviceError';
import { ERROR_KINDS } from '../fixtures/errorKinds';

const diagnostics = { time: 't', method: 'POST', endpoint: '/v1/chat/completions', clientRequestId: 'c', keyPrefix: 'sk_test_al…', attempts: 1 };
const make = (kind: ErrorKind, extra: Partial<ConstructorParameters<typeof ServiceError>[0]> = {}) =>
  new ServiceError({ kind, clientRequestId: 'c', diagnostics, ...extra });

describe('core ServiceError', () => {
  it('Limits 2 and 4: the payment message names the key by its masked prefix, what ran out and where to act', () => {
    assert.equal(
      make('payment', { status: 402, code: 'insufficient_balance' }).userMessage,
      'The prepaid balance is exhausted (key sk_test_al…): top up the balance in the management cabinet, then try again.',
    );
    assert.equal(
      make('payment', { status: 403, code: 'spend_limit_exceeded' }).userMessage,
      "The spend limit of key sk_test_al… is reached: raise the key's limit in the management cabinet, then try again.",
    );
    assert.equal(
      make('payment', { status: 429, code: 'insufficient_quota' }).userMessage,
      "The balance or the spend limit of key sk_test_al… is exhausted: top up the balance or raise the key's limit in the management cabinet, then try again.",
    );
    assert.equal(
      make('payment', { status: 402 }).userMessage,
      'The prepaid balance is exhausted (key sk_test_al…): top up the balance in the management cabinet, then try again.',
    );
  });

  it('Errors 4: advice follows the status and code: 413 or a context-length code, 422, and a neutral one for other 4xx', () => {
    assert.deepEqual(
      [kindFor(413, 'payload_too_large'), kindFor(400, 'context_length_exceeded'), kindForCode('context_length_exceeded')],
      ['too_long', 'too_long', 'too_long'],
    );
    const tooLong = "The conversation is too long for this model: start a new chat, or pick a model with a larger context with 'Multi-Model AI: Select Model'.";
    assert.equal(make('too_long', { status: 413 }).userMessage, tooLong);
    assert.equal(
      make('invalid_request', { status: 422, code: 'invalid_request', requestId: 'req_9' }).userMessage,
      'The service refused the request as invalid (HTTP 422, invalid_request): if it keeps happening, quote request id req_9 to support.',
    );
    assert.equal(
      make('invalid_request', { status: 409, code: 'conflict', requestId: 'req_7' }).userMessage,
      'The service refused the request (HTTP 409, conflict): if it keeps happening, quote request id req_7 to support.',
    );
    assert.equal(
      make('invalid_request', { status: 400 }).userMessage,
      'The service refused the request (HTTP 400): if it keeps happening, copy the diagnostics into a support message.',
    );
  });

  it('Errors rule 4: userMessage says what to do, never the raw service message', () => {
    const error = make('auth', { status: 401, code: 'invalid_api_key', serviceMessage: 'Invalid API key provided: sk_test_al…' });
    assert.match(error.userMessage, /replace it, or use another key with 'Multi-Model AI: Manage API Keys'/);
    assert.equal(error.userMessage.includes('Invalid API key provided'), false);
    assert.match(error.message, /auth 401 invalid_api_key/);
    assert.match(
      make('model_unavailable', { code: 'model_unavailable' }).userMessage,
      /not available to your workspace: pick another with 'Multi-Model AI: Select Model'/,
    );
  });

  it('429: a window the client waits out is said in seconds, a longer one with the time it ends', () => {
    assert.equal(make('rate_limit', { retryAfterMs: 2500 }).userMessage, 'The service is rate-limiting requests: wait 3 s, then try again.');
    assert.equal(make('rate_limit').userMessage, 'The service is rate-limiting requests: wait a moment, then try again.');
    const at = new Date(Date.now() + 600_000);
    const message = make('rate_limit', { retryAfterMs: 600_000 }).userMessage;
    // The time of day in the display language: English says "2:03:07 PM".
    const [, hours, minutes, half] = /try again at (\d{1,2}):(\d\d):\d\d\s(AM|PM)\.$/.exec(message) ?? [];
    assert.match(message, /^The service is rate-limiting requests for 10 min: try again at /);
    assert.equal(((Number(hours) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(minutes), (at.getHours() * 60 + at.getMinutes()) % 1440, message);
  });

  it('Errors rule 3: an interrupted answer says it was cut off and that the partial text is kept', () => {
    const error = make('stream_interrupted', { code: 'internal_error', partialText: 'Hello' });
    assert.match(error.userMessage, /cut off/);
    assert.match(error.userMessage, /kept/);
    assert.equal(error.partialText, 'Hello');
  });

  it('every kind has advice of its own', () => {
    const advice = new Set(ERROR_KINDS.map((kind) => make(kind).userMessage));
    assert.equal(advice.size, 19);
  });
});
