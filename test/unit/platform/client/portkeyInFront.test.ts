// The client through the real Portkey AI Gateway (from npm) in front of the emulator, routed by the
// request headers a person sets in multiModelAI.requestHeaders: the catalog read through it, a
// streamed answer, tools and Stop, the gateway's own refusal, the service's 429 and 503 passed on,
// and the Anthropic route, where the gateway turns chat completions into Messages.
import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../../emulator/index';
import { useEmulator } from '../../../support/useEmulator';
import { usePortkey } from '../../../support/usePortkey';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { usableTextModels } from '#src/platform/client/modelCatalog';
import { TRANSPORTS } from '#src/platform/client/transports/index';
import type { TextRequest, ToolSpec } from '#src/platform/client/transports/textRequest';
import { run } from './textOutcome';

const TOOLS: ToolSpec[] = [
  {
    name: 'read_file',
    description: 'Reads a file',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the client behind the Portkey AI Gateway, in front of the emulator', function () {
  // A 503 is retried with the real backoff (0.5 s, then 1 s); the gateway is a process of its own.
  this.timeout(20_000);
  const { emulator, control } = useEmulator();
  const portkey = usePortkey();

  const client = (provider: 'openai' | 'anthropic' = 'openai', headers: Record<string, string> = {}) =>
    new ServiceClient({
      baseUrl: portkey.baseUrl,
      apiKey: FIXTURE_KEYS.alpha,
      headers: { ...portkey.headersFor(emulator.baseUrl, provider), ...headers },
      idleTimeoutMs: 2_000,
    });
  const ask = (request: Partial<TextRequest>, provider: 'openai' | 'anthropic' = 'openai', signal?: AbortSignal) =>
    run(
      client(provider).streamText(
        TRANSPORTS['chat-completions'],
        { model: 'acme/chat-large', messages: [{ role: 'user', content: 'Explain closures.' }], options: {}, includeUsage: true, ...request },
        { signal },
      ),
    );

  it("reads the service's catalog through the gateway, which passes GET /v1/models on", async () => {
    const list = await client().listModels();
    assert.deepEqual(
      usableTextModels(list).map((e) => e.id),
      ['acme/chat-large', 'acme/chat-mini', 'acme/chat-basic', 'nova/responder', 'mira/messenger'],
    );
  });

  it('streams an answer, with its usage, the request id the service gave and the client request id passed on', async () => {
    await control.queueReplies(['one two three four five six']);
    const outcome = await ask({});
    assert.equal(outcome.error, undefined, outcome.error?.message);
    assert.equal(outcome.text, 'one two three four five six');
    assert.equal(outcome.done?.finishReason, 'stop');
    const [record] = await control.requests();
    assert.deepEqual([record?.endpoint, record?.stream, record?.status], ['chat', true, 200]);
    assert.equal(outcome.done?.requestId, record?.requestId);
    assert.match(record?.clientRequestId ?? '', UUID);
    assert.ok((outcome.done?.usage?.completion_tokens ?? 0) > 0, JSON.stringify(outcome.done));
  });

  it('calls a tool, and the answer after the tool result quotes it', async () => {
    const first = await ask({ messages: [{ role: 'user', content: 'Use read_file on main.ts' }], tools: TOOLS });
    assert.equal(first.error, undefined, first.error?.message);
    assert.equal(first.done?.finishReason, 'tool_calls');
    const [call] = first.calls;
    assert.ok(call);
    assert.deepEqual([call.name, JSON.parse(call.arguments)], ['read_file', { path: 'example' }]);
    const second = await ask({
      messages: [
        { role: 'user', content: 'Use read_file on main.ts' },
        { role: 'assistant', content: '', toolCalls: [call] },
        { role: 'tool', toolCallId: call.id, content: 'export const answer = 42;' },
      ],
      tools: TOOLS,
    });
    assert.equal(second.text, 'The tool answered: export const answer = 42;');
  });

  it('Stop ends a streaming answer at once, keeping what arrived', async () => {
    await control.queueFaults('chat', [{ type: 'stall', afterDeltas: 2, ms: 10_000 }]);
    const stop = new AbortController();
    const started = Date.now();
    const events = client().streamText(
      TRANSPORTS['chat-completions'],
      { model: 'acme/chat-large', messages: [{ role: 'user', content: '[[tokens:20]]' }], options: {} },
      { signal: stop.signal },
    );
    const outcome = await run(
      (async function* () {
        for await (const event of events) {
          yield event;
          if (event.type === 'delta') stop.abort();
        }
      })(),
    );
    assert.equal(outcome.error?.kind, 'aborted');
    assert.ok(outcome.text.length > 0);
    assert.ok(Date.now() - started < 5_000, `stopped after ${Date.now() - started} ms`);
  });

  it("the gateway's own refusal (its provider cannot serve Messages) is told as its setup, naming the model, and not retried", async () => {
    const { error } = await run(
      client().streamText(TRANSPORTS.messages, { model: 'mira/messenger', messages: [{ role: 'user', content: 'Hello' }], options: {} }, {}),
    );
    assert.deepEqual([error?.kind, error?.status, error?.gateway, error?.diagnostics.attempts], ['gateway', 500, 'Portkey', 1]);
    assert.equal(
      error?.userMessage,
      "Portkey, the gateway in front of the service, refused the request for mira/messenger because of its own setup: check its setup for this model (the provider and route it is given, such as by the headers in multiModelAI.requestHeaders) or ask whoever runs it, or pick another model with 'Multi-Model AI: Select Model'. Trying again will not help.",
    );
    assert.deepEqual(await control.requests(), []);
  });

  it('a provider header the gateway does not know is its own refusal too', async () => {
    const { error } = await run(
      new ServiceClient({
        baseUrl: portkey.baseUrl,
        apiKey: FIXTURE_KEYS.alpha,
        headers: { ...portkey.headersFor(emulator.baseUrl), 'x-portkey-provider': 'not-a-provider' },
      }).streamText(TRANSPORTS['chat-completions'], { model: 'acme/chat-large', messages: [{ role: 'user', content: 'Hello' }], options: {} }, {}),
    );
    assert.deepEqual([error?.kind, error?.status, error?.gateway, error?.diagnostics.attempts], ['gateway', 400, 'Portkey', 1]);
  });

  it("the service's 429 is passed on with its window, waited out and retried; the answer then arrives", async () => {
    await control.queueFaults('chat', [{ type: 'rate_limit', retryAfterSeconds: 1 }]);
    await control.queueReplies(['after the window']);
    const outcome = await ask({});
    assert.equal(outcome.error, undefined, outcome.error?.message);
    assert.equal(outcome.text, 'after the window');
    assert.deepEqual(
      (await control.requests()).map((r) => r.status),
      [429, 200],
    );
  });

  it("the service's 503 is passed on and retried with backoff, then told as a passing fault", async () => {
    await control.queueFaults(
      'chat',
      [1, 2, 3].map(() => ({ type: 'status' as const, status: 503 })),
    );
    const { error } = await ask({});
    assert.deepEqual([error?.kind, error?.status, error?.diagnostics.attempts], ['server', 503, 3]);
    assert.deepEqual(
      (await control.requests()).map((r) => r.status),
      [503, 503, 503],
    );
  });

  describe('the Anthropic route: chat completions turned into Messages by the gateway', () => {
    it('streams the answer the Messages endpoint wrote', async () => {
      await control.queueReplies(['answered through Messages']);
      const outcome = await ask({ model: 'mira/messenger', options: { max_tokens: 200 } }, 'anthropic');
      assert.equal(outcome.error, undefined, outcome.error?.message);
      assert.equal(outcome.text, 'answered through Messages');
      const [record] = await control.requests();
      assert.deepEqual([record?.endpoint, record?.model, record?.stream, record?.status], ['messages', 'mira/messenger', true, 200]);
      assert.match(record?.clientRequestId ?? '', UUID);
    });

    it("Anthropic's too-long refusal, relayed by the gateway, gets the too-long advice with its numbers", async () => {
      const tooLong = { type: 'error', error: { type: 'invalid_request_error', message: 'prompt is too long: 219898 tokens > 200000 maximum' } };
      await control.queueFaults('messages', [{ type: 'status', status: 400, body: JSON.stringify(tooLong) }]);
      const { error } = await ask({ model: 'mira/messenger', options: { max_tokens: 200 } }, 'anthropic');
      assert.deepEqual(
        [error?.kind, error?.status, error?.context, error?.diagnostics.attempts],
        ['too_long', 400, { usedTokens: 219898, contextTokens: 200000 }, 1],
      );
      assert.equal(
        error?.userMessage,
        "The conversation is too long for this model (219,898 tokens, the model takes 200,000): start a new chat, or pick a model with a larger context with 'Multi-Model AI: Select Model'.",
      );
    });
  });
});
