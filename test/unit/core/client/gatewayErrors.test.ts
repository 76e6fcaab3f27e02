// Real gateways' error answers (fixtures/errors, each with its source), replayed byte for byte
// by the emulator over loopback HTTP through the real client: the kind, the actions offered, the
// advice, how many attempts were made and which request id was kept, all written by hand.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_KEYS } from '../../../emulator/index';
import { useEmulator } from '../../../support/useEmulator';
import { ServiceClient } from '#src/core/client/serviceClient';
import { actionsFor, formatDiagnostics, TRANSPORTS, type ErrorKind } from '#src/core/index';
import { run } from './textOutcome';
import { collectingLogger } from '../../../support/collectingLogger';

interface Recorded {
  name: string;
  status: number;
  headers: Record<string, string>;
  body: unknown;
  source: string;
}

interface Expected {
  kind: ErrorKind;
  attempts: number;
  /** The id and where it was read, or null when the answer carries none. */
  requestId: [string, string] | null;
  advice: string;
}

const FIXTURES = join(__dirname, 'fixtures', 'errors');
const SELECT_MODEL = "'Multi-Model AI: Select Model'";
const MANAGE_KEYS = "'Multi-Model AI: Manage API Keys'";
const REJECTED_KEY = `Your API key sk_test_al… was rejected (revoked, mistyped or from another workspace): replace it, or use another key with ${MANAGE_KEYS}.`;
const TEMPORARY = 'The service had a temporary problem: try again in a moment. If it keeps happening, copy the diagnostics into a support message.';
const TOO_LONG = `The conversation is too long for this model: start a new chat, or pick a model with a larger context with ${SELECT_MODEL}.`;
const NO_MODEL = `The service cannot run this model now (no provider serves it, or not with this request's options): pick another with ${SELECT_MODEL}.`;
const NOT_OFFERED = `This model is no longer offered: pick another with ${SELECT_MODEL}.`;
const WRONG_ADDRESS = 'The service does not offer this address: check the Multi-Model AI base URL setting (it must end with /v1).';
const BOTH_LIMITS =
  "The balance or the spend limit of key sk_test_al… is exhausted: top up the balance or raise the key's limit in the management cabinet, then try again.";
const content = (quote: string) =>
  `The service refused this request because of its content (a moderation or guardrail check): rephrase it or leave out the flagged part, or pick another model with ${SELECT_MODEL}. If you think it is a mistake, ${quote}.`;
const NO_ID = 'copy the diagnostics into a support message';

const EXPECTED: Record<string, Record<string, Expected>> = {
  openai: {
    '401 invalid_api_key': { kind: 'auth', attempts: 1, requestId: ['req_8f2a9c41d3b7e6f0a1c2d3e4f5a6b7c8', 'header x-request-id'], advice: REJECTED_KEY },
    '429 insufficient_quota': { kind: 'payment', attempts: 1, requestId: ['req_5c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f', 'header x-request-id'], advice: BOTH_LIMITS },
    '429 rate_limit_exceeded with retry-after-ms': {
      kind: 'rate_limit',
      attempts: 3,
      requestId: ['req_0a1b2c3d4e5f60718293a4b5c6d7e8f9', 'header x-request-id'],
      advice: 'The service is rate-limiting requests: wait 1 s, then try again.',
    },
    '404 model_not_found': {
      kind: 'model_unavailable',
      attempts: 1,
      requestId: ['req_9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b', 'header x-request-id'],
      advice: NOT_OFFERED,
    },
    '404 Invalid URL (an unknown path)': {
      kind: 'not_found',
      attempts: 1,
      requestId: ['req_1f2e3d4c5b6a79880716253443526170', 'header x-request-id'],
      advice: WRONG_ADDRESS,
    },
    '400 context_length_exceeded': {
      kind: 'too_long',
      attempts: 1,
      requestId: ['req_2b3c4d5e6f708192a3b4c5d6e7f80912', 'header x-request-id'],
      advice: TOO_LONG,
    },
    '400 content_policy_violation (images)': {
      kind: 'refused',
      attempts: 1,
      requestId: ['req_3c4d5e6f708192a3b4c5d6e7f8091a2b', 'header x-request-id'],
      advice: content('quote request id req_3c4d5e6f708192a3b4c5d6e7f8091a2b to support'),
    },
    '500 server_error': { kind: 'server', attempts: 3, requestId: ['req_4d5e6f708192a3b4c5d6e7f8091a2b3c', 'header x-request-id'], advice: TEMPORARY },
  },
  anthropic: {
    '529 overloaded_error': { kind: 'server', attempts: 3, requestId: ['req_011CSHoEeqs5C35K2UUqR7Fy', 'header request-id'], advice: TEMPORARY },
    '429 rate_limit_error': {
      kind: 'rate_limit',
      attempts: 3,
      requestId: ['req_011CRate1imitExampleAbCdEf', 'header request-id'],
      advice: 'The service is rate-limiting requests: wait 1 s, then try again.',
    },
    '401 authentication_error': { kind: 'auth', attempts: 1, requestId: ['req_011CAuthExample0123456789', 'header request-id'], advice: REJECTED_KEY },
    '403 permission_error': {
      kind: 'forbidden',
      attempts: 1,
      requestId: ['req_011CPermExample0123456789', 'header request-id'],
      advice: `Your key sk_test_al… is not allowed to do this: check its workspace in the management cabinet, or use another key with ${MANAGE_KEYS}.`,
    },
    '404 not_found_error for a model': {
      kind: 'model_unavailable',
      attempts: 1,
      requestId: ['req_011CNotFoundModel01234567', 'header request-id'],
      advice: NO_MODEL,
    },
    '413 request_too_large': { kind: 'too_long', attempts: 1, requestId: ['req_011CTooLarge0123456789ab', 'header request-id'], advice: TOO_LONG },
    '400 invalid_request_error': {
      kind: 'invalid_request',
      attempts: 1,
      requestId: ['req_011CInvalidReq0123456789', 'header request-id'],
      advice:
        'The service refused the request (HTTP 400, invalid_request_error): if it keeps happening, quote request id req_011CInvalidReq0123456789 to support.',
    },
    '500 api_error, id in the body only (headers dropped by a proxy)': {
      kind: 'server',
      attempts: 3,
      requestId: ['req_011CBodyOnly0123456789ab', 'body request_id'],
      advice: TEMPORARY,
    },
  },
  openrouter: {
    '404 No allowed providers': { kind: 'model_unavailable', attempts: 1, requestId: null, advice: NO_MODEL },
    '404 No endpoints found that support tool use': { kind: 'model_unavailable', attempts: 1, requestId: null, advice: NO_MODEL },
    '404 deprecated model with fallback_models': { kind: 'model_unavailable', attempts: 1, requestId: null, advice: NO_MODEL },
    '403 moderation (metadata.reasons)': { kind: 'refused', attempts: 1, requestId: null, advice: content(NO_ID) },
    '403 guardrail block the body does not tell': {
      kind: 'forbidden',
      attempts: 1,
      requestId: null,
      advice: `The service refused this request (HTTP 403): try again later, or with another model; if it keeps happening, ${NO_ID}.`,
    },
    '402 insufficient credits': {
      kind: 'payment',
      attempts: 1,
      requestId: null,
      advice: 'The prepaid balance is exhausted (key sk_test_al…): top up the balance in the management cabinet, then try again.',
    },
    '502 provider error (metadata.provider_name, raw)': { kind: 'server', attempts: 3, requestId: null, advice: TEMPORARY },
    '429 free-model limit without a window': {
      kind: 'rate_limit',
      attempts: 2,
      requestId: null,
      advice: 'The service is rate-limiting requests: wait a moment, then try again.',
    },
    '401 no auth credentials': { kind: 'auth', attempts: 1, requestId: null, advice: REJECTED_KEY },
  },
  'new-api': {
    '503 model_not_found (no channel for the model)': {
      kind: 'model_unavailable',
      attempts: 1,
      requestId: ['20251126143321123456789abcdef01', 'header x-oneapi-request-id'],
      advice: NOT_OFFERED,
    },
    '401 invalid token (no code)': {
      kind: 'auth',
      attempts: 1,
      requestId: ['20251126143321223456789abcdef02', 'header x-oneapi-request-id'],
      advice: REJECTED_KEY,
    },
    '403 insufficient_user_quota': {
      kind: 'payment',
      attempts: 1,
      requestId: ['20251126143321323456789abcdef03', 'header x-oneapi-request-id'],
      advice: BOTH_LIMITS,
    },
    '400 sensitive_words_detected': {
      kind: 'refused',
      attempts: 1,
      requestId: ['20251126143321423456789abcdef04', 'header x-oneapi-request-id'],
      advice: content('quote request id 20251126143321423456789abcdef04 to support'),
    },
    '500 do_request_failed': { kind: 'server', attempts: 3, requestId: ['20251126143321523456789abcdef05', 'header x-oneapi-request-id'], advice: TEMPORARY },
    '429 Claude-shaped rate limit passed on (error.type, no code)': {
      kind: 'rate_limit',
      attempts: 3,
      requestId: ['20251126143321623456789abcdef06', 'header x-oneapi-request-id'],
      advice: 'The service is rate-limiting requests: wait 1 s, then try again.',
    },
  },
  other: {
    '404 HTML page (a wrong base URL behind nginx)': { kind: 'not_found', attempts: 1, requestId: null, advice: WRONG_ADDRESS },
    '404 bare (no body)': { kind: 'not_found', attempts: 1, requestId: null, advice: WRONG_ADDRESS },
    '404 Go text page (New API without the path)': { kind: 'not_found', attempts: 1, requestId: null, advice: WRONG_ADDRESS },
    '403 HTML page from a web application firewall': {
      kind: 'forbidden',
      attempts: 1,
      requestId: null,
      advice: `The service refused this request (HTTP 403): try again later, or with another model; if it keeps happening, ${NO_ID}.`,
    },
  },
};

describe('real gateways’ error answers, replayed through the client', function () {
  // 5xx answers are retried with the real backoff (0.5 s, then 1 s); a 429 without a window waits 2 to 3 s.
  this.timeout(20_000);
  const { emulator, control } = useEmulator();

  for (const [gateway, cases] of Object.entries(EXPECTED)) {
    const recorded = JSON.parse(readFileSync(join(FIXTURES, `${gateway}.json`), 'utf8')) as Recorded[];
    it(`${gateway}: every recorded answer has its expectation, and names its source`, () => {
      assert.deepEqual(recorded.map((answer) => answer.name).sort(), Object.keys(cases).sort());
      for (const answer of recorded) assert.ok(answer.source.length > 20, answer.name);
    });
    for (const answer of recorded) {
      const expected = cases[answer.name];
      it(`${gateway} ${answer.name}: ${expected?.kind}, ${expected?.attempts} attempt(s)`, async () => {
        assert.ok(expected);
        const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        // As many copies as the client may attempt: the ones left over show it stopped.
        await control.queueFaults(
          'chat',
          [1, 2, 3].map(() => ({ type: 'status' as const, status: answer.status, headers: answer.headers, body })),
        );
        const client = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha });
        const request = { model: 'acme/chat-large', messages: [{ role: 'user' as const, content: 'Explain closures.' }], options: {} };
        const { error } = await run(client.streamText(TRANSPORTS['chat-completions'], request, { streaming: false }));
        assert.ok(error);
        assert.deepEqual(
          {
            kind: error.kind,
            attempts: (await control.requests()).length,
            requestId: error.requestId === undefined ? null : [error.requestId, error.requestIdSource],
            advice: error.userMessage,
          },
          expected,
        );
        assert.equal(error.diagnostics.attempts, expected.attempts);
      });
    }
  }

  it('a 404 about a model offers Select Model first; a wrong address, Set Service Address; a refusal of the content never Set API Key', () => {
    assert.deepEqual(actionsFor('model_unavailable'), ['selectModel', 'showLog', 'retry']);
    assert.deepEqual(actionsFor('not_found'), ['setBaseUrl', 'showLog', 'retry']);
    assert.deepEqual(actionsFor('refused'), ['selectModel', 'showLog', 'retry']);
    assert.deepEqual(actionsFor('forbidden'), ['showLog', 'retry']);
  });

  it('Authentication 8: Copy Diagnostics names the request id and where it was read', async () => {
    const [overloaded] = JSON.parse(readFileSync(join(FIXTURES, 'anthropic.json'), 'utf8')) as Recorded[];
    assert.ok(overloaded);
    await control.queueFaults('chat', [{ type: 'status', status: overloaded.status, headers: overloaded.headers, body: JSON.stringify(overloaded.body) }]);
    const { lines, logger } = collectingLogger();
    const client = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0, logger });
    const request = { model: 'acme/chat-large', messages: [{ role: 'user' as const, content: 'Explain closures.' }], options: {} };
    const { error } = await run(client.streamText(TRANSPORTS['chat-completions'], request, {}));
    assert.ok(error);
    assert.match(formatDiagnostics(error.diagnostics), /^Request id: req_011CSHoEeqs5C35K2UUqR7Fy \(header request-id\)$/m);
    assert.equal(lines.length, 1);
    assert.match(lines[0] ?? '', / request_id=req_011CSHoEeqs5C35K2UUqR7Fy \(header request-id\) /);
  });
});
