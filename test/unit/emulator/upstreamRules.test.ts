// What the Messages and Responses endpoints refuse as their upstream APIs do, in their words,
// and the quirks of compatible servers the emulator can put on a reply.
import * as assert from 'node:assert/strict';
import { call, parseSse } from './emulatorCalls';
import { useEmulator } from '../../support/useEmulator';

const SCHEMA = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };

describe('emulator: upstream rules and quirks', () => {
  const { emulator, control } = useEmulator();
  const post = (path: string, body: unknown) => call(emulator.origin, path, { body });

  describe('POST /v1/messages (Anthropic rules)', () => {
    const ask = (extra: Record<string, unknown>, messages: unknown[] = [{ role: 'user', content: 'Use read_file on main.ts' }]) =>
      post('/v1/messages', { model: 'mira/messenger', max_tokens: 2048, messages, tools: [{ name: 'read_file', input_schema: SCHEMA }], ...extra });
    const refusal = async (extra: Record<string, unknown>, messages?: unknown[]) => {
      const res = await ask(extra, messages);
      assert.deepEqual([res.status, res.json.error?.code], [400, 'invalid_request']);
      return res.json.error.message as string;
    };
    const thinking = (budget: number) => ({ thinking: { type: 'enabled', budget_tokens: budget } });

    it('refuses thinking with a tool choice that forces a tool', async () => {
      for (const type of ['any', 'tool']) {
        assert.equal(
          await refusal({ ...thinking(1024), tool_choice: { type, name: 'read_file' } }),
          'Thinking may not be enabled when tool_choice forces tool use.',
        );
      }
    });

    it('refuses max_tokens at or below thinking.budget_tokens, and a budget under 1024', async () => {
      assert.match(await refusal({ ...thinking(2048) }), /^`max_tokens` must be greater than `thinking.budget_tokens`\./);
      assert.match(await refusal({ ...thinking(1023) }), /thinking\.budget_tokens: Too small/);
      assert.equal((await ask(thinking(2047))).status, 200);
    });

    it('a thinking model thinks only when the request enables thinking: not by default, not when it is disabled', async () => {
      const first = async (extra: Record<string, unknown>) => ((await ask(extra)).json.content as { type: string }[])[0]?.type;
      assert.deepEqual([await first(thinking(1024)), await first({}), await first({ thinking: { type: 'disabled' } })], ['thinking', 'tool_use', 'tool_use']);
    });

    it('refuses an empty text block and an empty turn; the final assistant turn may be empty', async () => {
      const user = (content: unknown) => ({ role: 'user', content });
      assert.equal(
        await refusal({}, [
          user([
            { type: 'text', text: 'hi' },
            { type: 'text', text: '' },
          ]),
        ]),
        'messages.0.content.1: text content blocks must be non-empty',
      );
      assert.equal(
        await refusal({}, [user('hi'), { role: 'assistant', content: [] }, user('again')]),
        'messages.1: all messages must have non-empty content except for the optional final assistant message',
      );
      assert.equal(await refusal({}, [user('')]), 'messages.0: all messages must have non-empty content except for the optional final assistant message');
      assert.equal((await ask({}, [user('hi'), { role: 'assistant', content: '' }])).status, 200);
    });

    it('with thinking enabled, only the last assistant turn that calls tools must start with its thinking block', async () => {
      const loop = (id: string) => [
        { role: 'assistant', content: [{ type: 'tool_use', id, name: 'read_file', input: { path: 'a' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'x' }] },
      ];
      const messages = [{ role: 'user', content: 'go' }, ...loop('toolu_1'), { role: 'assistant', content: 'Read.' }, { role: 'user', content: 'again' }];
      const enabled = { max_tokens: 4096, thinking: { type: 'enabled', budget_tokens: 1024 } };
      assert.equal((await ask(enabled, messages)).status, 200);
      assert.match(
        await refusal(enabled, [...messages, ...loop('toolu_2')]),
        /^messages\.5: an assistant turn with tool_use must start with its thinking block/,
      );
      const redacted = [{ role: 'assistant', content: [{ type: 'redacted_thinking', data: 'EmwKAhgB' }, ...loop('toolu_2')[0]!.content] }, loop('toolu_2')[1]!];
      assert.equal((await ask(enabled, [...messages, ...redacted])).status, 200, 'a redacted thinking block counts as the thinking block');
      // Not enabled by the request: a model that thinks by default is not held to it, nor one told not to think.
      assert.deepEqual(
        [(await ask({}, [...messages, ...loop('toolu_2')])).status, (await ask({ thinking: { type: 'disabled' } }, [...messages, ...loop('toolu_2')])).status],
        [200, 200],
      );
    });
  });

  describe('POST /v1/responses (function tools)', () => {
    const ask = (tool: Record<string, unknown>) =>
      post('/v1/responses', { model: 'nova/responder', input: 'Use read_file on main.ts', tools: [{ type: 'function', name: 'read_file', ...tool }] });
    const message = async (tool: Record<string, unknown>) => {
      const res = await ask(tool);
      assert.equal(res.status, 400);
      return res.json.error.message as string;
    };

    it('refuses a function tool without parameters (null is allowed)', async () => {
      assert.match(await message({ strict: false }), /tools\.0\.parameters: Missing required parameter/);
      assert.equal((await ask({ parameters: null })).status, 200);
    });

    it('a tool is strict unless it says strict: false: its schema must close every object and require every property', async () => {
      assert.equal(
        await message({ parameters: SCHEMA }),
        "Invalid schema for function 'read_file': In context=(), 'additionalProperties' is required to be supplied and to be false.",
      );
      const nested = {
        type: 'object',
        additionalProperties: false,
        required: ['range'],
        properties: { range: { type: 'object', additionalProperties: false, properties: { from: { type: 'integer' } } } },
      };
      assert.equal(
        await message({ strict: true, parameters: nested }),
        "Invalid schema for function 'read_file': In context=('properties', 'range'), 'required' is required to be supplied and to be an array including every key in properties. Missing 'from'.",
      );
      assert.equal((await ask({ parameters: { ...SCHEMA, additionalProperties: false } })).status, 200);
      assert.equal((await ask({ parameters: SCHEMA, strict: false })).status, 200);
    });
  });

  describe('quirks', () => {
    const tools = {
      chat: [{ type: 'function', function: { name: 'read_file', parameters: SCHEMA } }],
      responses: [{ type: 'function', name: 'read_file', parameters: SCHEMA, strict: false }],
    };

    it('repeated_call_ids: every chat tool_calls piece repeats the id, type and name', async () => {
      await control.queueFaults('chat', [{ type: 'quirk', quirk: 'repeated_call_ids' }]);
      const res = await post('/v1/chat/completions', {
        model: 'acme/chat-large',
        messages: [{ role: 'user', content: 'Use read_file' }],
        tools: tools.chat,
        stream: true,
      });
      const pieces = parseSse(res.text)
        .filter((e) => e.data !== '[DONE]')
        .flatMap((e) => (JSON.parse(e.data).choices[0]?.delta?.tool_calls ?? []) as { id?: string; function: { name?: string; arguments: string } }[]);
      assert.deepEqual(pieces.map((p) => p.function.arguments).join(''), '{"path":"example"}');
      assert.ok(pieces.length > 2 && pieces.every((p) => p.id === pieces[0]!.id && p.function.name === 'read_file'), JSON.stringify(pieces));
      assert.equal((await control.requests())[0]?.fault, 'quirk');
    });

    it('whole_arguments: a Responses call streams no argument events; its arguments are in output_item.done', async () => {
      await control.queueFaults('responses', [{ type: 'quirk', quirk: 'whole_arguments' }]);
      const res = await post('/v1/responses', { model: 'nova/responder', input: 'Use read_file', tools: tools.responses, stream: true });
      const events = parseSse(res.text).map((e) => JSON.parse(e.data) as { type: string; item?: { type: string; arguments?: string } });
      assert.deepEqual(
        events.filter((e) => e.type.startsWith('response.function_call_arguments')),
        [],
      );
      const done = events.find((e) => e.type === 'response.output_item.done' && e.item?.type === 'function_call');
      assert.equal(done?.item?.arguments, '{"path":"example"}');
    });

    it('empty_arguments: a call without arguments says arguments: ""', async () => {
      await control.queueFaults('chat', [{ type: 'quirk', quirk: 'empty_arguments' }]);
      await control.queueReplies([{ toolCall: { name: 'list_files', arguments: {} } }]);
      const res = await post('/v1/chat/completions', { model: 'acme/chat-large', messages: [{ role: 'user', content: 'List' }], tools: tools.chat });
      assert.equal(res.json.choices[0].message.tool_calls[0].function.arguments, '');
    });
  });
});
