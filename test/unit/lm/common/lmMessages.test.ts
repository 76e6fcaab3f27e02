import * as assert from 'node:assert/strict';
import { TRANSPORTS } from '#src/platform/client/transports/index';
import { toTextMessages, type LmContent, type LmMessage } from '#src/lm/common/lmMessages';
import { ReasoningMemory } from '#src/lm/common/reasoningMemory';
import { SetupError } from '#src/platform/reply/modelConnection';
import { ModelEntrySchema } from '#src/platform/client/catalog/schemas';
import { cacheHint } from '#src/platform/reply/cacheHint';

const text = (value: string): LmContent => ({ kind: 'text', text: value });
const data = (mimeType: string, bytes: Uint8Array | string): LmContent => ({
  kind: 'data',
  mimeType,
  data: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes,
});
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

/** read_file called, then answered with `content`. */
const toolTurn = (content: LmContent[]): LmMessage[] => [
  { role: 'assistant', parts: [{ kind: 'toolCall', id: 'call_1', name: 'read_file', input: { path: 'main.ts' } }] },
  { role: 'user', parts: [{ kind: 'toolResult', callId: 'call_1', content }] },
];
const convert = (messages: LmMessage[], acceptsImages = false) => toTextMessages(messages, new ReasoningMemory(), acceptsImages);
const CALL = { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'read_file', arguments: '{"path":"main.ts"}' }] };

describe("VS Code's language-model messages as the client's messages", () => {
  it('a System message is the system prompt, which each interface sends as its own (system message, instructions, system)', () => {
    const messages = convert([
      { role: 'system', parts: [text('You are an agent.')] },
      { role: 'user', parts: [text('hi')] },
    ]);
    assert.deepEqual(messages, [
      { role: 'system', content: 'You are an agent.' },
      { role: 'user', content: 'hi' },
    ]);
    const request = { model: 'm', messages, options: {} };
    const chat = TRANSPORTS['chat-completions'].body(request, true) as { messages: unknown[] };
    const responses = TRANSPORTS.responses.body(request, true);
    const anthropic = TRANSPORTS.messages.body(request, true);
    assert.deepEqual(
      [chat.messages[0], responses.instructions, responses.input, anthropic.system, anthropic.messages],
      [
        { role: 'system', content: 'You are an agent.' },
        'You are an agent.',
        [{ role: 'user', content: 'hi' }],
        'You are an agent.',
        [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      ],
    );
  });

  it('data parts a tool returns are read as text (text/*, JSON, +json) or named with their size, never sent as bytes; a cache marker sends no text, it marks the result', () => {
    const results = [
      data('text/plain; charset=utf-8', 'export const answer = 42;'),
      data('application/json', '{"answer":42}'),
      data('application/problem+json', '{"title":"Not found"}'),
      data('application/pdf', new Uint8Array(20_000)),
      data('cache_control', 'ephemeral'),
    ].map((piece) => convert(toolTurn([piece]))[1]);
    assert.deepEqual(results, [
      { role: 'tool', toolCallId: 'call_1', content: 'export const answer = 42;' },
      { role: 'tool', toolCallId: 'call_1', content: '{"answer":42}' },
      { role: 'tool', toolCallId: 'call_1', content: '{"title":"Not found"}' },
      { role: 'tool', toolCallId: 'call_1', content: '[application/pdf data omitted: 20000 bytes]' },
      { role: 'tool', toolCallId: 'call_1', content: '', cacheMark: true },
    ]);
  });

  it('an image a tool returns goes in a user message right after the tool results, to a model that takes images; for another it is a note', () => {
    const turn = toolTurn([text('Screenshot: '), data('image/png', PNG)]);
    assert.deepEqual(convert(turn, true), [
      CALL,
      { role: 'tool', toolCallId: 'call_1', content: 'Screenshot: [image/png: attached after the tool results]' },
      { role: 'user', content: 'The images the tools returned.', images: [{ mimeType: 'image/png', data: 'iVBORw==' }] },
    ]);
    assert.deepEqual(convert(turn, false), [
      CALL,
      { role: 'tool', toolCallId: 'call_1', content: 'Screenshot: [image/png omitted: this model does not accept images]' },
    ]);
  });

  it('an image the person attached goes with their text to a model that takes images, and is refused with why by another', () => {
    const message: LmMessage = { role: 'user', parts: [text('What is this?'), data('image/png', PNG)] };
    assert.deepEqual(convert([message], true), [{ role: 'user', content: 'What is this?', images: [{ mimeType: 'image/png', data: 'iVBORw==' }] }]);
    assert.throws(
      () => convert([message], false),
      (error) => error instanceof SetupError && error.message === 'This model does not accept images: remove the image, or pick a model that accepts images.',
    );
  });

  describe("VS Code's chat's cache markers", () => {
    const MARK = data('cache_control', 'ephemeral');
    // 1,100 short words: 1,100 estimated tokens, past the 1,024-token minimum on their own.
    const long = 'word '.repeat(1_100);
    const marked = convert([
      { role: 'system', parts: [text('Be brief.')] },
      { role: 'user', parts: [text(long), MARK] },
      { role: 'assistant', parts: [text('Read main.ts'), { kind: 'toolCall', id: 'call_1', name: 'read_file', input: {} }] },
      { role: 'user', parts: [{ kind: 'toolResult', callId: 'call_1', content: [text('42')] }, MARK, text('And now?')] },
      { role: 'user', parts: [text('Short one.')] },
    ]);
    const model = (pricing: Record<string, string>) =>
      ModelEntrySchema().parse({ id: 'anthropic/claude', available: true, pricing: { prompt: '0.0003', completion: '0.0015', ...pricing } });
    const whenAsked = model({ input_cache_read: '0.00003', input_cache_write: '0.000375' });
    const requestFor = (entry: typeof whenAsked) => {
      const request = { model: entry.id, messages: marked, options: {} };
      return { ...request, cache: cacheHint(entry, request) };
    };

    it('mark the message whose part they follow, a tool result included, and send no text', () => {
      assert.deepEqual(
        marked.map((m) => [m.role, m.cacheMark ?? false]),
        [
          ['system', false],
          ['user', true],
          ['assistant', false],
          ['tool', true],
          ['user', false],
          ['user', false],
        ],
      );
    });

    it('become the breakpoints of a request, where the prefix is long enough, instead of the newest message', () => {
      const anthropic = TRANSPORTS.messages.body(requestFor(model({})), true) as { messages: { content: Record<string, unknown>[] }[] };
      assert.deepEqual(
        anthropic.messages.map((m) => m.content.map((b) => b.cache_control ?? null)),
        [[{ type: 'ephemeral' }], [null, null], [{ type: 'ephemeral' }, null, null]],
      );
      const chat = TRANSPORTS['chat-completions'].body(requestFor(whenAsked), true) as { messages: { role: string; content: unknown }[] };
      assert.deepEqual(
        chat.messages.map((m) => [m.role, JSON.stringify(m.content).includes('cache_control')]),
        [
          ['system', false],
          ['user', true],
          ['assistant', false],
          ['tool', true],
          ['user', false],
          ['user', false],
        ],
      );
    });

    it('are dropped for a model that caches on its own, through chat completions and Responses', () => {
      const onItsOwn = model({ input_cache_read: '0.00015' });
      for (const transport of [TRANSPORTS['chat-completions'], TRANSPORTS.responses])
        assert.equal(JSON.stringify(transport.body(requestFor(onItsOwn), true)).includes('cache_control'), false, transport.name);
    });
  });

  it('the reasoning remembered for a tool call goes back with it', () => {
    const memory = new ReasoningMemory();
    const blocks = [{ type: 'thinking' as const, thinking: 'Read it first.', signature: 'sig' }];
    memory.remember([{ id: 'call_1', name: 'read_file', arguments: '{}' }], { text: 'Read it first.', blocks });
    assert.deepEqual(toTextMessages(toolTurn([text('42')]), memory, false), [
      { ...CALL, reasoning: { text: 'Read it first.', blocks: [{ type: 'thinking', thinking: 'Read it first.', signature: 'sig' }] } },
      { role: 'tool', toolCallId: 'call_1', content: '42' },
    ]);
  });
});
