// Each text interface through the common surface, against the emulator over loopback: the
// same text, reasoning, tool calls, usage, retries and faults, whichever interface carries it.
import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../../emulator/index';
import { useEmulator } from '../../../support/useEmulator';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { TRANSPORTS, type TransportName } from '#src/platform/client/transports/index';
import { type TextRequest } from '#src/platform/client/transports/textRequest';
import { type ToolCall } from '#src/platform/client/streaming/replyPart';
import { run } from './textOutcome';
import { collectingLogger } from '../../../support/collectingLogger';

type Endpoint = 'chat' | 'responses' | 'messages';
const CASES: { transport: TransportName; model: string; endpoint: Endpoint; thinks: boolean }[] = [
  { transport: 'chat-completions', model: 'acme/chat-large', endpoint: 'chat', thinks: false },
  { transport: 'responses', model: 'nova/responder', endpoint: 'responses', thinks: true },
  { transport: 'messages', model: 'mira/messenger', endpoint: 'messages', thinks: true },
];
const PROMPT = 'Explain closures in TypeScript.';
const REASONING = 'The question is about "Explain closures in TypeScript.". First check what is asked, then answer briefly with an example.';
const TOOLS = [
  {
    name: 'read_file',
    description: 'Reads a file',
    parameters: { type: 'object', properties: { path: { type: 'string' }, lines: { type: 'integer' } }, required: ['path', 'lines'] },
  },
];

describe('transports: chat completions, Responses and Messages through one surface (spec, "What the service does" 1)', function () {
  const { emulator, control } = useEmulator();
  let reference: string;
  const client = (maxRetries = 2) => new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries, idleTimeoutMs: 500 });

  before(async () => {
    reference = (
      await run(
        client().streamText(
          TRANSPORTS['chat-completions'],
          { model: 'acme/chat-large', messages: [{ role: 'user', content: PROMPT }], options: {} },
          { streaming: false },
        ),
      )
    ).text;
  });

  for (const c of CASES) {
    // Messages thinks only when the request enables it, as upstream: a reasoning effort does.
    const options = c.transport === 'messages' ? { reasoning_effort: 'low' } : {};
    const ask = (request: Partial<TextRequest> = {}, streaming = true, maxRetries = 2) =>
      run(
        client(maxRetries).streamText(
          TRANSPORTS[c.transport],
          {
            model: c.model,
            messages: [
              { role: 'system', content: 'Be brief.' },
              { role: 'user', content: PROMPT },
            ],
            options,
            includeUsage: true,
            ...request,
          },
          { streaming },
        ),
      );

    describe(`${c.transport} (${c.model})`, () => {
      for (const streaming of [true, false]) {
        it(`answers with the text${c.thinks ? ', the reasoning before it' : ''} and the usage [${streaming ? 'stream' : 'whole'}]`, async () => {
          const outcome = await ask({}, streaming);
          assert.equal(outcome.error, undefined, outcome.error?.message);
          assert.equal(outcome.text, reference);
          assert.equal(outcome.reasoning, c.thinks ? REASONING : '');
          assert.equal(outcome.done?.finishReason, 'stop');
          assert.ok((outcome.done?.usage?.prompt_tokens ?? 0) > 0 && (outcome.done?.usage?.completion_tokens ?? 0) > 0, JSON.stringify(outcome.done));
          const [record] = await control.requests();
          assert.deepEqual([record?.endpoint, record?.stream, record?.status], [c.endpoint, streaming, 200]);
        });

        it(`a tool call goes out and its result comes back, then text that quotes it [${streaming ? 'stream' : 'whole'}]`, async () => {
          const first = await ask({ messages: [{ role: 'user', content: 'Use read_file on main.ts' }], tools: TOOLS }, streaming);
          assert.equal(first.done?.finishReason, 'tool_calls');
          assert.equal(first.calls.length, 1);
          const [call] = first.calls as [ToolCall];
          assert.deepEqual([call.name, JSON.parse(call.arguments)], ['read_file', { path: 'example', lines: 1 }]);
          const second = await ask(
            {
              messages: [
                { role: 'user', content: 'Use read_file on main.ts' },
                {
                  role: 'assistant',
                  content: first.text,
                  toolCalls: [call],
                  reasoning: { text: first.reasoning, ...(first.done?.reasoningBlocks && { blocks: first.done.reasoningBlocks }) },
                },
                { role: 'tool', toolCallId: call.id, content: 'export const answer = 42;' },
              ],
              tools: TOOLS,
            },
            streaming,
          );
          assert.equal(second.error, undefined, second.error?.message);
          assert.equal(second.text, 'The tool answered: export const answer = 42;');
          assert.deepEqual(second.calls, []);
        });
      }

      it('Errors: a 500 before any output is retried, with one client request id', async () => {
        await control.queueFaults(c.endpoint, [{ type: 'status', status: 500, headers: { 'retry-after': '0' } }]);
        const outcome = await ask();
        assert.equal(outcome.text, reference);
        const records = await control.requests();
        assert.equal(records.length, 2);
        assert.equal(new Set(records.map((r) => r.clientRequestId)).size, 1);
      });

      it('Errors 3: a cut after output keeps the text and is not retried', async () => {
        await control.queueFaults(c.endpoint, [{ type: 'cut', afterDeltas: (c.thinks ? REASONING.split(' ').length : 0) + 3 }]);
        const outcome = await ask();
        assert.equal(outcome.error?.kind, 'stream_interrupted');
        assert.ok(outcome.text.length > 0 && reference.startsWith(outcome.text), outcome.text);
        assert.equal(outcome.error?.partialText, outcome.text);
        assert.equal((await control.requests()).length, 1);
      });

      it('Errors 2: an error event before any output is offered, not retried; a payment code is a payment failure', async () => {
        await control.queueFaults(c.endpoint, [{ type: 'stream_error', afterDeltas: 0, code: 'insufficient_balance' }]);
        const outcome = await ask();
        assert.equal(outcome.error?.kind, 'payment');
        assert.equal((await control.requests()).length, 1);
      });

      it('Streaming: a stall past the idle limit after output is stream_interrupted', async () => {
        await control.queueFaults(c.endpoint, [{ type: 'stall', afterDeltas: 2, ms: 3000 }]);
        const outcome = await ask({}, true, 0);
        assert.equal(outcome.error?.kind, 'stream_interrupted');
      });

      it('Errors 2: an answer lost after it was made is asked again with the same id and charged once', async () => {
        await control.queueFaults(c.endpoint, [{ type: 'drop_reply' }]);
        const outcome = await ask();
        assert.equal(outcome.text, reference);
        assert.equal((await control.requests()).length, 2);
        assert.equal((await control.charges()).length, 1);
      });

      it('Limits 4: an exhausted balance is 402, explained and not retried', async () => {
        await control.setBilling(FIXTURE_KEYS.alpha, { balanceRub: 0 });
        const outcome = await ask();
        assert.deepEqual([outcome.error?.kind, outcome.error?.status], ['payment', 402]);
        assert.equal(outcome.error?.diagnostics.endpoint, `/v1${TRANSPORTS[c.transport].path}`);
      });
    });
  }
});

describe('ServiceClient: extra request headers (multiModelAI.requestHeaders)', () => {
  const { emulator, control } = useEmulator();

  it('go out on every request, the catalog read included, and never replace the key; their values are not logged', async () => {
    const { lines, logger } = collectingLogger();
    const client = new ServiceClient({
      baseUrl: emulator.baseUrl,
      apiKey: FIXTURE_KEYS.alpha,
      headers: { 'x-proxy-token': 'secret-proxy-value', authorization: 'Bearer nope' },
      logger,
    });
    await client.listModels();
    await run(client.streamText(TRANSPORTS.responses, { model: 'nova/responder', messages: [{ role: 'user', content: 'hi' }], options: {} }));
    const records = await control.requests();
    assert.deepEqual(
      records.map((r) => [r.path, r.status, r.extraHeaders]),
      [
        ['/v1/models', 200, ['x-proxy-token']],
        ['/v1/responses', 200, ['x-proxy-token']],
      ],
    );
    assert.ok(lines.length > 0 && lines.every((l) => !l.includes('secret-proxy-value')));
  });
});

describe('transports: images in a user message', () => {
  const { emulator } = useEmulator();
  const PNG = Buffer.from('89504e470d0a1a0a', 'hex').toString('base64');
  const withImage = (model: string): TextRequest => ({
    model,
    messages: [{ role: 'user', content: 'What is this?', images: [{ mimeType: 'image/png', data: PNG }] }],
    options: {},
  });

  for (const transport of ['chat-completions', 'responses', 'messages'] as const) {
    it(`${transport}: goes out as that interface's image content`, async () => {
      const client = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 });
      // mira/messenger and nova/responder take images; acme/chat-large refuses them.
      const model = transport === 'messages' ? 'mira/messenger' : transport === 'responses' ? 'nova/responder' : 'acme/chat-large';
      const outcome = await run(client.streamText(TRANSPORTS[transport], withImage(model)));
      if (transport !== 'chat-completions') assert.equal(outcome.text, 'I see one image (image/png).');
      // Refused for the model, not for the shape: the image part was read.
      else assert.match(outcome.error?.serviceMessage ?? '', /does not accept images/);
    });
  }
});
