import * as assert from 'node:assert/strict';
import { TRANSPORTS } from '#src/platform/client/transports/index';
import { toTextMessages, type LmContent, type LmMessage } from '#src/lm/common/lmMessages';
import { ReasoningMemory } from '#src/lm/common/reasoningMemory';
import { SetupError } from '#src/platform/reply/modelConnection';

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

  it('data parts a tool returns are read as text (text/*, JSON, +json) or named with their size, never sent as bytes; markers are left out', () => {
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
      { role: 'tool', toolCallId: 'call_1', content: '' },
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
