// The official SDKs against the emulator, by base URL and key alone: the openai client's
// chat tool calls and Responses, and the Anthropic client's Messages, streaming and not.
import * as assert from 'node:assert/strict';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { FIXTURE_KEYS } from '../../emulator';
import { useEmulator } from '../../support/useEmulator';

const PROMPT = 'Explain async iterators in TypeScript';
const REASONING = `The question is about "${PROMPT}". First check what is asked, then answer briefly with an example.`;
const TOOL_SCHEMA = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };

describe('official SDKs against the emulator: openai chat tools and Responses, Anthropic Messages', () => {
  const { emulator } = useEmulator();
  const openai = () => new OpenAI({ baseURL: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 });
  // The Anthropic client adds /v1 itself: it gets the origin.
  const anthropic = () => new Anthropic({ baseURL: emulator.origin, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 });

  describe('openai chat.completions with tools', () => {
    const tools: OpenAI.ChatCompletionTool[] = [{ type: 'function', function: { name: 'read_file', parameters: TOOL_SCHEMA } }];

    it('answers a call with arguments that satisfy the schema, streamed and not, then quotes the result', async () => {
      const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Use read_file on main.ts' }];
      const whole = await openai().chat.completions.create({ model: 'acme/chat-large', messages, tools });
      const call = whole.choices[0]?.message.tool_calls?.[0];
      assert.equal(whole.choices[0]?.finish_reason, 'tool_calls');
      assert.ok(call?.type === 'function');
      assert.deepEqual([call.function.name, JSON.parse(call.function.arguments)], ['read_file', { path: 'example' }]);

      const stream = await openai().chat.completions.create({ model: 'acme/chat-large', messages, tools, stream: true });
      let name = '';
      let args = '';
      for await (const chunk of stream) {
        for (const piece of chunk.choices[0]?.delta.tool_calls ?? []) {
          name += piece.function?.name ?? '';
          args += piece.function?.arguments ?? '';
        }
      }
      assert.deepEqual([name, JSON.parse(args)], ['read_file', { path: 'example' }]);

      const answer = await openai().chat.completions.create({
        model: 'acme/chat-large',
        messages: [...messages, whole.choices[0]!.message, { role: 'tool', tool_call_id: call.id, content: 'export {};' }],
        tools,
      });
      assert.equal(answer.choices[0]?.message.content, 'The tool answered: export {};');
    });
  });

  describe('openai responses.create', () => {
    it('non-streaming and streaming give the same text, with the reasoning summary and usage', async () => {
      const whole = await openai().responses.create({ model: 'nova/responder', input: PROMPT, reasoning: { effort: 'low' } });
      assert.equal(whole.status, 'completed');
      assert.ok(whole.output_text.length > 0);
      const reasoning = whole.output.find((item) => item.type === 'reasoning');
      assert.equal(reasoning?.type === 'reasoning' ? reasoning.summary[0]?.text : undefined, REASONING);
      assert.ok((whole.usage?.output_tokens ?? 0) > 0);

      const stream = await openai().responses.create({ model: 'nova/responder', input: PROMPT, stream: true });
      let text = '';
      let thought = '';
      let completed = false;
      for await (const event of stream) {
        if (event.type === 'response.output_text.delta') text += event.delta;
        if (event.type === 'response.reasoning_summary_text.delta') thought += event.delta;
        if (event.type === 'response.completed') completed = true;
      }
      assert.deepEqual([text, thought, completed], [whole.output_text, REASONING, true]);
    });

    it('a function tool gets a function_call item, and its output a text that quotes it', async () => {
      const tools: OpenAI.Responses.FunctionTool[] = [{ type: 'function', name: 'read_file', parameters: TOOL_SCHEMA, strict: false }];
      const first = await openai().responses.create({ model: 'nova/responder', input: 'Use read_file on main.ts', tools });
      const call = first.output.find((item) => item.type === 'function_call');
      assert.ok(call?.type === 'function_call');
      assert.deepEqual([call.name, JSON.parse(call.arguments)], ['read_file', { path: 'example' }]);
      const second = await openai().responses.create({
        model: 'nova/responder',
        input: [{ role: 'user', content: 'Use read_file on main.ts' }, call, { type: 'function_call_output', call_id: call.call_id, output: '42' }],
        tools,
      });
      assert.equal(second.output_text, 'The tool answered: 42');
    });
  });

  describe('Anthropic messages', () => {
    it('messages.create and messages.stream give the same text, after a thinking block', async () => {
      const enabled = { type: 'enabled', budget_tokens: 1024 } as const;
      const whole = await anthropic().messages.create({
        model: 'mira/messenger',
        max_tokens: 2048,
        thinking: enabled,
        messages: [{ role: 'user', content: PROMPT }],
      });
      assert.equal(whole.stop_reason, 'end_turn');
      const [thinking, text] = whole.content;
      assert.equal(thinking?.type === 'thinking' ? thinking.thinking : undefined, REASONING);
      assert.ok(text?.type === 'text' && text.text.length > 0);

      const stream = anthropic().messages.stream({
        model: 'mira/messenger',
        max_tokens: 2048,
        thinking: enabled,
        messages: [{ role: 'user', content: PROMPT }],
      });
      let streamed = '';
      stream.on('text', (piece) => (streamed += piece));
      const final = await stream.finalMessage();
      assert.equal(streamed, text.text);
      assert.deepEqual(final.content, whole.content);
      assert.equal(final.usage.output_tokens, whole.usage.output_tokens);
    });

    it('a tool_use round trip: the thinking block goes back with it, and the result is quoted', async () => {
      const tools: Anthropic.Tool[] = [{ name: 'read_file', input_schema: TOOL_SCHEMA as Anthropic.Tool.InputSchema }];
      const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Use read_file on main.ts' }];
      // Thinking enabled, as upstream needs it to think.
      const thinking = { type: 'enabled', budget_tokens: 1024 } as const;
      const first = await anthropic().messages.stream({ model: 'mira/messenger', max_tokens: 2048, thinking, messages, tools }).finalMessage();
      assert.equal(first.stop_reason, 'tool_use');
      const use = first.content.find((block) => block.type === 'tool_use');
      assert.ok(use?.type === 'tool_use');
      assert.deepEqual([use.name, use.input], ['read_file', { path: 'example' }]);
      const result: Anthropic.MessageParam = { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: '42' }] };

      // With thinking enabled, as upstream: the last tool_use turn must start with its thinking block.
      const withoutThinking = await anthropic()
        .messages.create({ model: 'mira/messenger', max_tokens: 2048, thinking, tools, messages: [...messages, { role: 'assistant', content: [use] }, result] })
        .catch((e: unknown) => e);
      assert.ok(withoutThinking instanceof Anthropic.BadRequestError, 'a tool_use sent back without its thinking is refused');

      const answer = await anthropic().messages.create({
        model: 'mira/messenger',
        max_tokens: 2048,
        thinking,
        tools,
        messages: [...messages, { role: 'assistant', content: first.content }, result],
      });
      const text = answer.content.find((block) => block.type === 'text');
      assert.equal(text?.type === 'text' ? text.text : undefined, 'The tool answered: 42');
    });
  });
});
