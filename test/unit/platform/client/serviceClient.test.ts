// The client against the emulator over real loopback HTTP: nothing in the client is mocked.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { join } from 'node:path';
import { EmulatorControl, FIXTURE_KEYS } from '../../../emulator/index';
import { useEmulator } from '../../../support/useEmulator';
import { collectingLogger } from '../../../support/collectingLogger';
import { tokenize } from '../../../emulator/replies';
import { ServiceClient, type ChatOptions, type ServiceClientOptions } from '#src/platform/client/serviceClient';
import { buildTextRequest, type TextRequest } from '#src/platform/client/transports/textRequest';
import { TRANSPORTS } from '#src/platform/client/transports/index';
import { formatDiagnostics } from '#src/platform/client/errors/diagnostics';
import { ModelCatalog, usableTextModels } from '#src/platform/client/modelCatalog';
import { ServiceError } from '#src/platform/client/errors/serviceError';
import { type ClientLogger } from '#src/platform/client/attempt/attempt';
import { rejection, run } from './textOutcome';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PROMPT = 'Explain closures in TypeScript.';
const chat = (model = 'acme/chat-large', content = PROMPT): TextRequest => ({ model, messages: [{ role: 'user', content }], options: {} });
const chatCompletions = TRANSPORTS['chat-completions'];
/** A request through chat completions, streamed. */
const ask = (client: ServiceClient, request = chat(), options: ChatOptions = {}) => run(client.streamText(chatCompletions, request, options));
/** The same as one whole answer (`stream` not sent). */
const whole = (client: ServiceClient, request = chat(), options: ChatOptions = {}) => ask(client, request, { ...options, streaming: false });

class RecordingLogger implements ClientLogger {
  readonly lines: string[] = [];
  debug(line: string) {
    this.lines.push(line);
  }
  info(line: string) {
    this.lines.push(line);
  }
  warn(line: string) {
    this.lines.push(line);
  }
  error(line: string) {
    this.lines.push(line);
  }
}

describe('core ServiceClient against the emulator', function () {
  const { emulator, control } = useEmulator();
  const logger = new RecordingLogger();
  const client = (options: Partial<ServiceClientOptions> = {}) =>
    new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, logger, ...options });

  describe('configuration (refused before any request)', () => {
    for (const [name, baseUrl] of [
      ['Base URL rule: a path holding /v1 twice', '/v1/v1'],
      ['Base URL rule: a full endpoint path pasted as the base URL', '/v1/chat/completions'],
      ['Base URL rule: a base URL without /v1', ''],
    ] as const) {
      it(`${name} is a config error that says how to fix it`, async () => {
        const error = await rejection(client({ baseUrl: `${emulator.origin}${baseUrl}` }).listModels());
        assert.equal(error.kind, 'config');
        assert.match(error.userMessage, new RegExp(`use ${emulator.origin}/v1`));
        assert.deepEqual(await control.requests(), []);
      });
    }

    it('Authentication rule: an empty key is a config error before any request', async () => {
      const { error } = await whole(client({ apiKey: '  \n' }));
      assert.equal(error?.kind, 'config');
      assert.match(error.userMessage, /Set API Key/);
      assert.match(error.clientRequestId, UUID);
      const streamed = await ask(client({ apiKey: '' }));
      assert.equal(streamed.error?.kind, 'config');
      assert.deepEqual(await control.requests(), []);
    });
  });

  describe('addresses and authentication', () => {
    it('Endpoints rule 1: listModels returns the list and verifies the key', async () => {
      const list = await client().listModels();
      assert.equal(list.object, 'list');
      assert.ok(list.data.some((m) => m.id === 'acme/chat-large'));
      const [record] = await control.requests();
      assert.equal(record?.path, '/v1/models');
      assert.match(record?.clientRequestId ?? '', UUID);
    });

    it('Endpoints rule 2: the query filters narrow the list', async () => {
      const images = await client().listModels({ outputModalities: 'image' });
      assert.ok(images.data.length > 0);
      assert.ok(images.data.every((m) => m.architecture.output_modalities.includes('image')));
      const withMaxTokens = await client().listModels({ supportedParameters: 'max_tokens' });
      assert.ok(withMaxTokens.data.every((m) => m.supported_parameters.includes('max_tokens')));
      assert.ok(!withMaxTokens.data.some((m) => m.id === 'acme/chat-mini'));
    });

    it('Authentication rule 1: the key is trimmed and sent as Bearer', async () => {
      const answer = await whole(client({ apiKey: `  ${FIXTURE_KEYS.alpha}\n` }));
      assert.equal(answer.error, undefined);
      assert.ok(answer.text);
    });

    it('Versioning 3: the legacy prefix works; Endpoints 6: the chat-only /api/v1 form is refused before sending', async () => {
      const legacy = client({ baseUrl: `${emulator.origin}/legacy/v1/` });
      assert.ok((await legacy.listModels()).data.length > 0);
      assert.ok((await whole(legacy)).text);
      const hostLevel = await rejection(client({ baseUrl: `${emulator.origin}/api/v1` }).listModels());
      assert.equal(hostLevel.kind, 'config');
      assert.equal(
        hostLevel.userMessage,
        `${emulator.origin}/api/v1 is the host-level alias of the chat endpoint only: use the base address ${emulator.origin}/v1.`,
      );
      const paths = (await control.requests()).map((r) => r.path);
      assert.deepEqual(paths, ['/legacy/v1/models', '/legacy/v1/chat/completions']);
    });

    it('Authentication rule 6: a revoked key is an auth error with code, status and request id, not retried', async () => {
      const error = await rejection(client({ apiKey: FIXTURE_KEYS.revoked }).listModels());
      assert.equal(error.kind, 'auth');
      assert.equal(error.status, 401);
      assert.equal(error.code, 'invalid_api_key');
      const records = await control.requests();
      assert.equal(records.length, 1);
      assert.equal(error.requestId, records[0]?.requestId);
      assert.match(error.userMessage, /Manage API Keys/);
    });

    it('Authentication 3: a named key is named with its masked prefix in the advice, the diagnostics and the log line', async () => {
      const { lines, logger: collecting } = collectingLogger();
      const error = await rejection(client({ apiKey: FIXTURE_KEYS.revoked, keyName: 'work', logger: collecting }).listModels());
      assert.equal(
        error.userMessage,
        "Your API key work · sk_test_rev… was rejected (revoked, mistyped or from another workspace): replace it, or use another key with 'Multi-Model AI: Manage API Keys'.",
      );
      assert.deepEqual([error.diagnostics.keyName, error.diagnostics.keyPrefix], ['work', 'sk_test_rev…']);
      assert.match(formatDiagnostics(error.diagnostics), /^Key name: work\nKey prefix: sk_test_rev…$/m);
      assert.equal(lines.length, 1);
      assert.match(lines[0] ?? '', / key=sk_test_rev… key_name="work" /);
    });

    it('a key whose name is shown in another language is named so in the advice, and in English in the diagnostics and the log line', async () => {
      const { lines, logger: collecting } = collectingLogger();
      const named = { apiKey: FIXTURE_KEYS.revoked, keyName: 'Default', shownKeyName: 'Standard', logger: collecting };
      const error = await rejection(client(named).listModels());
      assert.match(error.userMessage, /^Your API key Standard · sk_test_rev… was rejected /);
      assert.deepEqual([error.diagnostics.keyName, error.diagnostics.keyPrefix], ['Default', 'sk_test_rev…']);
      assert.match(lines[0] ?? '', / key=sk_test_rev… key_name="Default" /);
    });

    it('Authentication rule 9: a model unavailable to the workspace is told as the model, with advice to pick another', async () => {
      const { error } = await whole(client(), chat('zeta/reasoner-pro'));
      assert.equal(error?.kind, 'model_unavailable');
      assert.equal(error.code, 'model_unavailable');
      assert.match(error.userMessage, /Select Model/);
      assert.ok((await whole(client({ apiKey: FIXTURE_KEYS.beta }), chat('zeta/reasoner-pro'))).text);
    });
  });

  describe('chat', () => {
    it('Endpoints 5: a whole answer (stream not asked for) comes as one delta, then done with the request id of its record', async () => {
      const answer = await whole(client());
      assert.equal(answer.deltas.length, 1);
      assert.ok(answer.text.length);
      assert.equal(answer.done?.finishReason, 'stop');
      const [record] = await control.requests();
      assert.equal(answer.done?.requestId, record?.requestId);
      assert.equal(record?.stream, false);
    });

    it('Streaming: a network chunk of many deltas travels as one delta; only the very first goes alone', async () => {
      const words = Array.from({ length: 40 }, (_, i) => `word${i} `);
      await control.queueReplies([words.join('')]);
      await control.queueFaults('chat', [{ type: 'burst' }]);
      const streamed = await ask(client());
      assert.equal(streamed.error, undefined);
      assert.deepEqual(streamed.deltas, ['word0 ', words.slice(1).join('')]);
      assert.equal(streamed.done?.finishReason, 'stop');
    });

    it('Streaming: deltas add up to the non-streamed reply; done comes last with finish reason, usage and request id', async () => {
      const answer = (await whole(client())).text;
      const streamed = await ask(client(), { ...chat(), includeUsage: true });
      assert.equal(streamed.error, undefined);
      assert.ok(streamed.deltas.length > 0);
      assert.equal(streamed.text, answer);
      assert.equal(streamed.done?.finishReason, 'stop');
      assert.ok(streamed.done?.usage);
      const records = await control.requests();
      assert.equal(records[1]?.stream, true);
      assert.equal(streamed.done?.requestId, records[1]?.requestId);
    });

    it('Errors rule 1: a request without messages is refused as invalid_request before it is sent', async () => {
      const { error } = await whole(client(), { ...chat(), messages: [] });
      assert.deepEqual(
        [error?.kind, error?.status, error?.serviceMessage],
        ['invalid_request', undefined, 'request not sent: a request needs at least one message'],
      );
      assert.deepEqual(await control.requests(), []);
    });

    it('Endpoints rule 5: built from the catalog, a request carries only fields the model supports', async () => {
      const models = await client().listModels();
      const mini = models.data.find((m) => m.id === 'acme/chat-mini');
      assert.ok(mini);
      const { request } = buildTextRequest(mini, [{ role: 'user', content: PROMPT }], { maxTokens: 32, includeUsage: true });
      assert.deepEqual(request.options, {});
      const streamed = await ask(client(), request);
      assert.equal(streamed.error, undefined);
      const { error: unchecked } = await whole(client(), { ...chat('acme/chat-mini'), options: { max_tokens: 32 } });
      assert.equal(unchecked?.code, 'unsupported_parameter');
      assert.equal(unchecked.kind, 'invalid_request');
    });

    it('Endpoints rule 2: an image model on chat is refused with advice to pick a text model', async () => {
      const { error } = await whole(client(), chat('pixel/image-gen'));
      assert.equal(error?.code, 'unsupported_model_endpoint');
      assert.match(error.userMessage, /text model/);
    });

    it('the client request id is a UUID per logical request', async () => {
      await whole(client());
      await whole(client());
      const [first, second] = await control.requests();
      assert.match(first?.clientRequestId ?? '', UUID);
      assert.notEqual(first?.clientRequestId, second?.clientRequestId);
    });
  });

  describe('fault matrix', () => {
    let reference: string[];
    const errorTexts: string[] = [];
    before(async () => {
      await control.reset();
      // The emulator's deltas, one per token: a partial text is counted in them.
      reference = tokenize((await whole(client())).text);
      assert.ok(reference.length > 6);
    });

    type Mode = 'stream' | 'json';
    type Fault = Parameters<EmulatorControl['queueFaults']>[1][number];
    interface Case {
      name: string;
      faults: Fault[];
      modes: Mode[];
      options?: Partial<ServiceClientOptions>;
      attempts: number;
      /** Expected failure; absent when the call ends well after its retries. */
      error?: { kind: string; code?: string; status?: number | null; partialDeltas?: number };
      /** Minimum gap between the first two attempts' arrivals. */
      minGapMs?: number;
    }

    const noWait = { 'retry-after': '0' };
    const cases: Case[] = [
      {
        name: 'Errors rule: 500 is retried with exponential backoff',
        faults: [{ type: 'status', status: 500 }],
        modes: ['json', 'stream'],
        attempts: 2,
        minGapMs: 370,
      },
      ...[500, 502, 503, 408].map((status): Case => ({
        name: `Errors rule: ${status} is retried at most maxRetries times, then reported`,
        faults: [1, 2, 3].map(() => ({ type: 'status', status, headers: noWait }) as Fault),
        modes: ['json', 'stream'],
        attempts: 3,
        error: { kind: status === 408 ? 'timeout' : 'server', status },
      })),
      {
        name: 'Errors rule: 503 then success is one call with one client request id',
        faults: [{ type: 'status', status: 503, headers: noWait }],
        modes: ['json', 'stream'],
        attempts: 2,
      },
      {
        name: 'Errors rule: 400 is never retried',
        faults: [{ type: 'status', status: 400, code: 'invalid_request' }],
        modes: ['json', 'stream'],
        attempts: 1,
        error: { kind: 'invalid_request', code: 'invalid_request', status: 400 },
      },
      {
        name: 'Errors rule: 403 is never retried',
        faults: [{ type: 'status', status: 403, code: 'model_unavailable' }],
        modes: ['json'],
        attempts: 1,
        error: { kind: 'model_unavailable', code: 'model_unavailable', status: 403 },
      },
      {
        name: 'Errors rule: 404 is never retried',
        faults: [{ type: 'status', status: 404, code: 'model_not_found' }],
        modes: ['stream'],
        attempts: 1,
        error: { kind: 'model_unavailable', code: 'model_not_found', status: 404 },
      },
      {
        name: 'Errors rule (429): retried after its Retry-After window',
        faults: [{ type: 'rate_limit', retryAfterSeconds: 1 }],
        modes: ['json', 'stream'],
        attempts: 2,
        minGapMs: 950,
      },
      {
        name: 'Errors rule: retry-after-ms on a 503 is honoured',
        faults: [{ type: 'status', status: 503, headers: { 'retry-after-ms': '600' } }],
        modes: ['json'],
        attempts: 2,
        minGapMs: 580,
      },
      {
        name: 'Errors rule (429): a window beyond the cap is reported, not waited on',
        faults: [{ type: 'rate_limit', retryAfterSeconds: 3600 }],
        modes: ['json'],
        attempts: 1,
        error: { kind: 'rate_limit', code: 'rate_limit_exceeded', status: 429 },
      },
      {
        name: 'Errors rule: maxRetries 0 means one attempt',
        faults: [{ type: 'status', status: 500, headers: noWait }],
        modes: ['json'],
        options: { maxRetries: 0 },
        attempts: 1,
        error: { kind: 'server', code: 'internal_error', status: 500 },
      },
      { name: 'Errors rule: a connection reset before headers is retried', faults: [{ type: 'reset' }], modes: ['json', 'stream'], attempts: 2 },
      {
        name: 'Errors 2: a reset may have reached the service, so a generation is sent again once at most',
        faults: [{ type: 'reset' }, { type: 'reset' }, { type: 'reset' }],
        modes: ['json', 'stream'],
        attempts: 2,
        error: { kind: 'network', status: null },
      },
      {
        name: 'Errors 2: no response within timeoutMs is ambiguous: sent again once at most',
        faults: [
          { type: 'slow_first_byte', ms: 1500 },
          { type: 'slow_first_byte', ms: 1500 },
        ],
        modes: ['json', 'stream'],
        options: { timeoutMs: 300 },
        attempts: 2,
        error: { kind: 'timeout', status: null },
      },
      {
        name: 'Errors 2: a 503 after an ambiguous failure still gets the rest of the budget',
        faults: [{ type: 'reset' }, { type: 'status', status: 503, headers: noWait }],
        modes: ['stream'],
        attempts: 3,
      },
      {
        name: 'Errors 2: an unknown error event before any output is offered to the person, not retried',
        faults: [{ type: 'stream_error', afterDeltas: 0, code: 'internal_error' }],
        modes: ['stream'],
        attempts: 1,
        error: { kind: 'server', code: 'internal_error', status: 200 },
      },
      ...(
        [
          [402, 'insufficient_balance'],
          [402, undefined],
          [403, 'spend_limit_exceeded'],
          [429, 'insufficient_quota'],
          [429, 'spend_limit_exceeded'],
        ] as const
      ).map(([status, code]): Case => ({
        name: `Limits 2 and 4: ${status} ${code ?? '(no code)'} is a payment failure, never retried`,
        faults: [{ type: 'status', status, ...(code && { code }), headers: noWait }],
        modes: ['json', 'stream'],
        attempts: 1,
        error: { kind: 'payment', status, ...(code && { code }) },
      })),
      {
        name: 'Limits 2 and 4: a balance error inside the stream is a payment failure, never retried',
        faults: [{ type: 'stream_error', afterDeltas: 0, code: 'insufficient_balance' }],
        modes: ['stream'],
        attempts: 1,
        error: { kind: 'payment', code: 'insufficient_balance', status: 200 },
      },
      {
        name: 'Errors 4: 413 is too_long, never retried',
        faults: [{ type: 'status', status: 413 }],
        modes: ['json', 'stream'],
        attempts: 1,
        error: { kind: 'too_long', code: 'payload_too_large', status: 413 },
      },
      {
        name: 'Errors 4: a context-length code is too_long, never retried',
        faults: [{ type: 'status', status: 400, code: 'context_length_exceeded' }],
        modes: ['stream'],
        attempts: 1,
        error: { kind: 'too_long', code: 'context_length_exceeded', status: 400 },
      },
      {
        name: 'Errors 4: 422 is never retried',
        faults: [{ type: 'status', status: 422 }],
        modes: ['json'],
        attempts: 1,
        error: { kind: 'invalid_request', code: 'invalid_request', status: 422 },
      },
      {
        name: 'Limits 1: a 429 without Retry-After is retried once, after at least 2 s',
        faults: [{ type: 'status', status: 429 }],
        modes: ['stream'],
        attempts: 2,
        minGapMs: 1990,
      },
      {
        name: 'Limits 1: a second 429 without Retry-After is reported, not retried',
        faults: [
          { type: 'status', status: 429 },
          { type: 'status', status: 429 },
        ],
        modes: ['json'],
        attempts: 2,
        error: { kind: 'rate_limit', code: 'rate_limit_exceeded', status: 429 },
      },
      {
        name: 'timeoutMs: a first byte slower than the timeout is a timeout, retried',
        faults: [{ type: 'slow_first_byte', ms: 1500 }],
        modes: ['json', 'stream'],
        options: { timeoutMs: 300 },
        attempts: 2,
      },
      {
        name: 'a slow first byte within the timeout is simply waited for',
        faults: [{ type: 'slow_first_byte', ms: 200 }],
        modes: ['json', 'stream'],
        attempts: 1,
      },
      {
        name: 'Errors rule 3: a cut after K deltas is stream_interrupted, keeps the text, is not retried',
        faults: [{ type: 'cut', afterDeltas: 3 }],
        modes: ['stream'],
        attempts: 1,
        error: { kind: 'stream_interrupted', status: 200, partialDeltas: 3 },
      },
      {
        name: 'Errors rule 3: a cut before the first delta is an ordinary failure, retried',
        faults: [{ type: 'cut', afterDeltas: 0 }],
        modes: ['stream'],
        attempts: 2,
      },
      {
        name: 'a non-streamed body cut mid-JSON is a connection failure, retried (nothing was shown)',
        faults: [{ type: 'cut', afterDeltas: 3 }],
        modes: ['json'],
        attempts: 2,
      },
      {
        name: 'Streaming rule: a stall longer than idleTimeoutMs is stream_interrupted with the text kept',
        faults: [{ type: 'stall', afterDeltas: 2, ms: 2000 }],
        modes: ['stream'],
        options: { idleTimeoutMs: 300 },
        attempts: 1,
        error: { kind: 'stream_interrupted', status: 200, partialDeltas: 2 },
      },
      {
        name: 'Errors 2: silence before the first delta is governed by timeoutMs, not the idle watchdog',
        faults: [{ type: 'stall', afterDeltas: 0, ms: 1200 }],
        modes: ['stream'],
        options: { idleTimeoutMs: 300 },
        attempts: 1,
      },
      {
        name: 'Errors 2: silence before the first delta past timeoutMs is ambiguous: sent again once',
        faults: [{ type: 'stall', afterDeltas: 0, ms: 2000 }],
        modes: ['stream'],
        options: { timeoutMs: 500 },
        attempts: 2,
      },
      {
        name: 'a stall shorter than idleTimeoutMs is waited out',
        faults: [{ type: 'stall', afterDeltas: 2, ms: 200 }],
        modes: ['stream'],
        options: { idleTimeoutMs: 2000 },
        attempts: 1,
      },
      {
        name: 'Streaming rule: a malformed chunk is bad_response, keeps the text, is not retried',
        faults: [{ type: 'malformed', afterDeltas: 2 }],
        modes: ['stream'],
        attempts: 1,
        error: { kind: 'bad_response', status: 200, partialDeltas: 2 },
      },
      {
        name: 'Streaming rule: event: error after output is stream_interrupted with its code',
        faults: [{ type: 'stream_error', afterDeltas: 2, code: 'internal_error' }],
        modes: ['stream'],
        attempts: 1,
        error: { kind: 'stream_interrupted', code: 'internal_error', status: 200, partialDeltas: 2 },
      },
      {
        name: 'Errors rule 3: event: error before the first delta is an ordinary failure by its code',
        faults: [{ type: 'stream_error', afterDeltas: 0, code: 'model_unavailable' }],
        modes: ['stream'],
        attempts: 1,
        error: { kind: 'model_unavailable', code: 'model_unavailable', status: 200 },
      },
      {
        name: 'Payload rule: a non-streamed body that is not the expected JSON is bad_response, not retried',
        faults: [{ type: 'malformed', afterDeltas: 0 }],
        modes: ['json'],
        attempts: 1,
        error: { kind: 'bad_response', status: 200 },
      },
      {
        name: 'timeoutMs: a non-streamed body that stalls past the timeout is a timeout, retried',
        faults: [{ type: 'stall', afterDeltas: 0, ms: 2000 }],
        modes: ['json'],
        options: { timeoutMs: 300 },
        attempts: 2,
      },
      {
        name: 'Errors rule: a failure while producing a non-streamed reply (500) is retried',
        faults: [{ type: 'stream_error', afterDeltas: 0, code: 'internal_error' }],
        modes: ['json'],
        attempts: 2,
      },
    ];

    for (const testCase of cases) {
      for (const mode of testCase.modes) {
        it(`${testCase.name} [${mode}]`, async () => {
          await control.queueFaults('chat', testCase.faults);
          const started = client(testCase.options);
          const outcome = await (mode === 'json' ? whole(started) : ask(started));
          const { text, error } = outcome;
          const requestId = outcome.done?.requestId;
          if (!error) assert.equal(outcome.done?.finishReason, 'stop');

          const records = await control.requests();
          assert.equal(records.length, testCase.attempts, 'attempts made');
          assert.equal(new Set(records.map((r) => r.clientRequestId)).size, 1, 'one client request id across retries');
          const last = records.at(-1);
          if (testCase.minGapMs !== undefined) {
            const gap = Date.parse(records[1]?.receivedAt ?? '') - Date.parse(records[0]?.receivedAt ?? '');
            assert.ok(gap >= testCase.minGapMs, `waited ${gap} ms, expected at least ${testCase.minGapMs}`);
          }
          if (!testCase.error) {
            assert.equal(error, undefined, error?.message);
            assert.equal(text, reference.join(''));
            assert.equal(requestId, last?.requestId);
            return;
          }
          assert.ok(error, 'expected a failure');
          errorTexts.push(`${error.message} ${error.userMessage} ${error.stack ?? ''} ${formatDiagnostics(error.diagnostics)} ${JSON.stringify(error)}`);
          assert.equal(error.kind, testCase.error.kind);
          if (testCase.error.code) assert.equal(error.code, testCase.error.code);
          if (testCase.error.status !== undefined) assert.equal(error.status, testCase.error.status ?? undefined);
          if (testCase.error.status !== null) assert.equal(error.requestId, last?.requestId);
          assert.equal(error.clientRequestId, last?.clientRequestId);
          assert.equal(error.diagnostics.attempts, testCase.attempts);
          if (testCase.error.partialDeltas !== undefined) {
            assert.equal(error.partialText, reference.slice(0, testCase.error.partialDeltas).join(''));
            assert.equal(text, error.partialText, 'the caller saw exactly the kept text');
          }
        });
      }
    }

    it('Authentication rule 8: across the whole matrix the full key appears in no log line, error or diagnostics', () => {
      assert.ok(logger.lines.length > cases.length, 'the logger recorded the matrix');
      assert.ok(errorTexts.length > 10, 'the matrix produced errors');
      for (const text of [...logger.lines, ...errorTexts]) {
        for (const key of Object.values(FIXTURE_KEYS)) assert.equal(text.includes(key), false, text);
      }
      assert.ok(logger.lines.every((line) => / key=(sk_\S*…|\(no key\))/.test(line)));
    });
  });

  describe('cancellation', () => {
    it('Errors rule: an aborted signal stops a stream at once, keeps the text, no retry', async () => {
      const controller = new AbortController();
      await control.queueFaults('chat', [{ type: 'stall', afterDeltas: 2, ms: 5000 }]);
      const deltas: string[] = [];
      let error: unknown;
      try {
        for await (const event of client().streamText(chatCompletions, chat(), { signal: controller.signal })) {
          if (event.type === 'delta') deltas.push(event.text);
          if (deltas.length === 2) setTimeout(() => controller.abort(), 50);
        }
      } catch (thrown) {
        error = thrown;
      }
      assert.ok(error instanceof ServiceError);
      assert.equal(error.kind, 'aborted');
      assert.equal(error.partialText, deltas.join(''));
      assert.equal((await control.requests()).length, 1);
    });

    it('Errors rule: an abort during a retry wait stops at once with kind aborted', async () => {
      const controller = new AbortController();
      await control.queueFaults('chat', [{ type: 'rate_limit', retryAfterSeconds: 30 }]);
      const pending = whole(client(), chat(), { signal: controller.signal });
      setTimeout(() => controller.abort(), 300);
      const { error } = await pending;
      assert.equal(error?.kind, 'aborted');
      assert.equal((await control.requests()).length, 1);
    });

    it('Errors rule: a Stop from the retry callback itself (before the wait began) ends the wait at once', async () => {
      const controller = new AbortController();
      await control.queueFaults('chat', [{ type: 'rate_limit', retryAfterSeconds: 30 }]);
      // With a 30 s window, a wait that misses this abort runs past the test's time limit.
      const { error } = await whole(client(), chat(), { signal: controller.signal, onRetry: () => controller.abort() });
      assert.equal(error?.kind, 'aborted');
      assert.equal((await control.requests()).length, 1);
    });

    it('Errors rule: a Stop while a 429 body is still arriving ends at once, with no wait and no second request', async () => {
      let requests = 0;
      const server = createHttpServer((req, res) => {
        requests++;
        req.resume();
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' });
        res.write('{"error":{"code":"rate_limit_exceeded",');
        setTimeout(() => res.end('"message":"slow down"}}'), 300).unref();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as { port: number };
        const controller = new AbortController();
        const pending = whole(client({ baseUrl: `http://127.0.0.1:${port}/v1` }), chat(), { signal: controller.signal });
        setTimeout(() => controller.abort(), 100);
        const { error } = await pending;
        assert.deepEqual({ kind: error?.kind, requests }, { kind: 'aborted', requests: 1 });
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('an already aborted signal sends nothing', async () => {
      const error = await rejection(client().listModels({}, { signal: AbortSignal.abort() }));
      assert.equal(error.kind, 'aborted');
      assert.deepEqual(await control.requests(), []);
    });

    it('a consumer that stops reading early ends the request without an error', async () => {
      for await (const event of client().streamText(chatCompletions, chat())) {
        assert.equal(event.type, 'delta');
        break;
      }
      assert.equal((await control.requests()).length, 1);
    });

    it('a stream abandoned after its first delta leaves nothing running: its process exits by itself', async function () {
      const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures/abandonedStream.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      let stdout = '';
      child.stdout.on('data', (text: Buffer) => (stdout += text.toString()));
      const [code] = (await once(child, 'exit')) as [number | null];
      clearTimeout(killer);
      assert.equal(stdout, 'abandoned\n');
      assert.equal(code, 0, 'still running after 10 s: a timer of the abandoned stream kept it alive');
    });
  });

  describe('diagnostics and catalog', () => {
    it('Authentication rule 8: a failure carries a diagnostics record for support, with the masked key only', async () => {
      const { error } = await whole(client(), chat('zeta/reasoner-pro'));
      const [record] = await control.requests();
      assert.ok(error);
      const d = error.diagnostics;
      assert.equal(d.method, 'POST');
      assert.equal(d.endpoint, '/v1/chat/completions');
      assert.equal(d.model, 'zeta/reasoner-pro');
      assert.equal(d.status, 403);
      assert.equal(d.code, 'model_unavailable');
      assert.equal(d.requestId, record?.requestId);
      assert.equal(d.clientRequestId, record?.clientRequestId);
      assert.match(d.time, /[+-]\d\d:\d\d$/);
      assert.match(d.keyPrefix, /^sk_.+…$/);
      assert.equal(JSON.stringify({ ...error, message: error.message }).includes(FIXTURE_KEYS.alpha), false);
    });

    it('Errors 4: an error code, request id or header that echoes the key is dropped or masked, never shown', async () => {
      const key = FIXTURE_KEYS.alpha;
      await control.queueFaults('chat', [
        {
          type: 'status',
          status: 400,
          code: `bad_key_${key}`,
          message: `Authorization: Bearer ${key}`,
          headers: { 'x-request-id': `req_${key}`, 'x-echo': key },
        },
      ]);
      const { error } = await whole(client({ maxRetries: 0 }));
      const [record] = await control.requests();
      assert.ok(error && record);
      // The header's id holds the key, so the next place is read: the body's error.request_id.
      assert.deepEqual(
        { code: error.code, requestId: error.requestId, echo: error.headers?.['x-echo'], serviceMessage: error.serviceMessage, userMessage: error.userMessage },
        {
          code: undefined,
          requestId: record.requestId,
          echo: 'sk_test_al…',
          serviceMessage: 'Authorization: Bearer sk_test_al…',
          userMessage: `The service refused the request (HTTP 400): if it keeps happening, quote request id ${record.requestId} to support.`,
        },
      );
      assert.equal(JSON.stringify({ ...error, message: error.message }).includes(key), false);
    });

    it('Errors 4: a stream error event whose code echoes the key keeps no code', async () => {
      await control.queueFaults('chat', [{ type: 'stream_error', afterDeltas: 0, code: `quota_${FIXTURE_KEYS.alpha}` }]);
      const { error } = await ask(client({ maxRetries: 0 }));
      assert.deepEqual(
        { code: error?.code, leaked: JSON.stringify({ ...error, message: error?.message }).includes(FIXTURE_KEYS.alpha) },
        { code: undefined, leaked: false },
      );
    });

    it('Limits 2: a spend-limit error after part of the answer keeps its advice (sending again would fail the same way) and the text', async () => {
      await control.queueFaults('chat', [{ type: 'stream_error', afterDeltas: 3, code: 'spend_limit_exceeded' }]);
      const { deltas, error } = await ask(client());
      assert.deepEqual(
        { kind: error?.kind, partialText: error?.partialText, userMessage: error?.userMessage, requests: (await control.requests()).length },
        {
          kind: 'payment',
          partialText: deltas.join(''),
          userMessage:
            "The spend limit of key sk_test_al… is reached: raise the key's limit in the management cabinet, then try again. The part of the answer that arrived is kept.",
          requests: 1,
        },
      );
      assert.notEqual(deltas.join(''), '');
    });

    it('Endpoints 4: an address that answers with a redirect is a setting to fix; the key is not sent on', async () => {
      const seen: string[] = [];
      const server = createHttpServer((req, res) => {
        seen.push(`${req.url} ${req.headers.authorization ? 'with key' : 'no key'}`);
        res.writeHead(301, { location: `https://elsewhere.example/v1${req.url?.replace(/^\/v1/, '')}?token=1` });
        res.end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as { port: number };
        const error = await rejection(client({ baseUrl: `http://127.0.0.1:${port}/v1` }).listModels());
        assert.deepEqual(
          { kind: error.kind, status: error.status, userMessage: error.userMessage, seen },
          {
            kind: 'config',
            status: 301,
            userMessage:
              'The service address answered with a redirect to https://elsewhere.example/v1/models, which is not followed, so your key is not sent elsewhere: check the Multi-Model AI base URL setting (it must be the service API address itself, ending with /v1).',
            seen: ['/v1/models with key'],
          },
        );
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('Catalog: ModelCatalog caches within its time limit, refreshes on demand, and shares one request', async () => {
      const catalog = new ModelCatalog(client(), { ttlMs: 60_000 });
      const [first, second] = await Promise.all([catalog.get(), catalog.get()]);
      assert.equal(first, second);
      await catalog.get();
      assert.equal((await control.requests()).length, 1);
      await catalog.get({ refresh: true });
      assert.equal((await control.requests()).length, 2);
      const list = await catalog.get();
      assert.equal((await control.requests()).length, 2);
      assert.deepEqual(
        usableTextModels(list, { requiredParameters: ['max_tokens'] }).map((m) => m.id),
        ['acme/chat-large', 'acme/chat-basic', 'nova/responder', 'mira/messenger'],
      );
    });

    it('Versioning 4: a catalog read again that differs is announced, once; the same list or the first read is not', async () => {
      // alpha's workspace cannot use zeta/reasoner-pro, beta's can: the key read with stands for a change at the service.
      let key: string = FIXTURE_KEYS.alpha;
      const changes: number[] = [];
      const catalog = new ModelCatalog(
        { listModels: (...args) => client({ apiKey: key }).listModels(...args) },
        { ttlMs: 60_000, onChange: () => changes.push(1) },
      );
      await catalog.get();
      await catalog.get({ refresh: true });
      assert.equal(changes.length, 0);
      key = FIXTURE_KEYS.beta;
      await catalog.get({ refresh: true });
      await catalog.get({ refresh: true });
      assert.equal(changes.length, 1);
    });

    it('Catalog: an expired cache is read again', async () => {
      const catalog = new ModelCatalog(client(), { ttlMs: 0 });
      await catalog.get();
      await catalog.get();
      assert.equal((await control.requests()).length, 2);
    });

    it('Catalog: a failed read is not cached', async () => {
      await control.queueFaults('models', [{ type: 'status', status: 400 }]);
      const catalog = new ModelCatalog(client(), { ttlMs: 60_000 });
      await rejection(catalog.get());
      assert.ok((await catalog.get()).data.length);
    });
  });
});
