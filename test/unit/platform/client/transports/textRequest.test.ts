import * as assert from 'node:assert/strict';
import { ModelEntrySchema } from '#src/platform/client/catalog/schemas';
import { buildTextRequest, requestProblem, type TextMessage } from '#src/platform/client/transports/textRequest';
import { TRANSPORTS } from '#src/platform/client/transports/index';

const model = (id: string, supported: string[]) =>
  ModelEntrySchema().parse({ id, available: true, architecture: { output_modalities: ['text'] }, supported_parameters: supported });

const messages = [
  { role: 'system' as const, content: 'Be brief.' },
  { role: 'user' as const, content: 'hi' },
];
const tools = [
  { name: 'read_file', description: 'Reads a file', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
];

describe('core buildTextRequest and the transports (spec, Endpoints 5)', () => {
  it('sends each optional field only when the model lists it, and names what it left out', () => {
    const large = model('acme/chat-large', ['max_tokens', 'temperature', 'stream', 'stream_options', 'tools']);
    const built = buildTextRequest(large, messages, {
      maxTokens: 64,
      temperature: 0.2,
      includeUsage: true,
      tools,
      modelOptions: { top_p: 0.5, temperature: 0.1 },
    });
    assert.deepEqual(built.dropped, ['top_p']);
    assert.deepEqual(TRANSPORTS['chat-completions'].body(built.request, true), {
      model: 'acme/chat-large',
      messages,
      max_tokens: 64,
      temperature: 0.2,
      tools: [{ type: 'function', function: tools[0] }],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('never substitutes another field for a missing one', () => {
    const { request } = buildTextRequest(model('acme/chat-mini', ['temperature']), messages, {
      maxTokens: 64,
      includeUsage: true,
      tools,
      toolChoice: 'required',
    });
    assert.deepEqual(TRANSPORTS['chat-completions'].body(request, false), { model: 'acme/chat-mini', messages });
  });

  it('Responses: instructions, input items and its own names (max_output_tokens, reasoning.effort)', () => {
    const { request } = buildTextRequest(model('nova/responder', ['max_tokens', 'reasoning_effort', 'tools', 'tool_choice']), messages, {
      maxTokens: 100,
      modelOptions: { reasoning_effort: 'high' },
      tools,
      toolChoice: 'required',
    });
    assert.deepEqual(TRANSPORTS.responses.body(request, true), {
      model: 'nova/responder',
      instructions: 'Be brief.',
      input: [{ role: 'user', content: 'hi' }],
      max_output_tokens: 100,
      reasoning: { effort: 'high', summary: 'auto' },
      // strict: false, as VS Code's tool schemas leave properties optional (Responses defaults it to true).
      tools: [{ type: 'function', ...tools[0], strict: false }],
      tool_choice: 'required',
      stream: true,
    });
  });

  it('Messages: system apart, max_tokens always (4096 above the thinking budget by default), thinking for an effort, tool_use with its thinking sent back', () => {
    const { request } = buildTextRequest(
      model('mira/messenger', ['reasoning_effort', 'tools']),
      [
        ...messages,
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'call_1', name: 'read_file', arguments: '{"path":"a.ts"}' }],
          reasoning: {
            text: 'Read it first.',
            blocks: [
              { type: 'thinking', thinking: 'Read it first.', signature: 'sig' },
              { type: 'redacted_thinking', data: 'EmwKAhgBEgy' },
            ],
          },
        },
        { role: 'tool', toolCallId: 'call_1', content: 'export {}' },
      ],
      { modelOptions: { reasoning_effort: 'low' }, tools },
    );
    assert.deepEqual(TRANSPORTS.messages.body(request, false), {
      model: 'mira/messenger',
      max_tokens: 5120,
      system: 'Be brief.',
      thinking: { type: 'enabled', budget_tokens: 1024 },
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Read it first.', signature: 'sig' },
            { type: 'redacted_thinking', data: 'EmwKAhgBEgy' },
            { type: 'tool_use', id: 'call_1', name: 'read_file', input: { path: 'a.ts' } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: 'export {}' }] },
      ],
      tools: [{ name: 'read_file', description: 'Reads a file', input_schema: tools[0]!.parameters }],
    });
  });
});

describe('core requestProblem: what a request built in this process can still get wrong', () => {
  const ask = (list: TextMessage[], extra: { model?: string; tools?: { name: string }[] } = {}) =>
    requestProblem({ model: extra.model ?? 'acme/chat-large', messages: list, options: {}, ...(extra.tools && { tools: extra.tools }) });

  it('passes a well-made request, images, tool calls and their results included', () => {
    const list: TextMessage[] = [
      ...messages,
      { role: 'user', content: 'see', images: [{ mimeType: 'image/png', data: 'iVBORw0KGgo=' }] },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'read_file', arguments: '{}' }] },
      { role: 'tool', toolCallId: 'call_1', content: 'text' },
    ];
    assert.equal(ask(list, { tools }), undefined);
  });

  it('names each problem, and the message it is in', () => {
    assert.deepEqual(
      [
        ask(messages, { model: '' }),
        ask([]),
        ask([{ role: 'user', content: 'see', images: [{ mimeType: 'text/plain', data: 'aGk=' }] }]),
        ask([{ role: 'user', content: 'see', images: [{ mimeType: 'image/png', data: '' }] }]),
        ask([...messages, { role: 'assistant', content: '', toolCalls: [{ id: '', name: 'read_file', arguments: '{}' }] }]),
        ask([...messages, { role: 'tool', toolCallId: '', content: 'text' }]),
        ask(messages, { tools: [{ name: '' }] }),
      ],
      [
        'the request names no model',
        'a request needs at least one message',
        'message 1 (user) has an image without an image type or without data',
        'message 1 (user) has an image without an image type or without data',
        'message 3 (assistant) has a tool call without an id or a name',
        'message 3 (tool) does not name the tool call it answers',
        'a tool has no name',
      ],
    );
  });
});
