import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../emulator';
import { call, parseSse } from './emulatorCalls';
import { useEmulator } from '../../support/useEmulator';

describe('emulator Responses, Messages and images endpoints', () => {
  const { emulator } = useEmulator();
  const post = (path: string, body: unknown) => call(emulator.origin, path, { body });

  describe('POST /v1/responses', () => {
    it('answers a response object whose output text matches the chat reply', async () => {
      const chat = await post('/v1/chat/completions', { model: 'acme/chat-large', messages: [{ role: 'user', content: 'Explain maps' }] });
      const res = await post('/v1/responses', { model: 'acme/chat-large', input: 'Explain maps' });
      assert.equal(res.status, 200);
      assert.equal(res.json.object, 'response');
      assert.equal(res.json.status, 'completed');
      assert.match(res.json.id, /^resp_/);
      const [item] = res.json.output;
      assert.equal(item.type, 'message');
      assert.equal(item.role, 'assistant');
      assert.equal(item.content[0].type, 'output_text');
      assert.equal(item.content[0].text, chat.json.choices[0].message.content);
      assert.equal(res.json.usage.output_tokens, chat.json.usage.completion_tokens);
    });

    it('streams response.* events with text deltas and ends with response.completed', async () => {
      const res = await post('/v1/responses', {
        model: 'acme/chat-mini',
        input: [{ role: 'user', content: [{ type: 'input_text', text: 'Explain sets [[tokens:12]]' }] }],
        stream: true,
      });
      const events = parseSse(res.text);
      const types = events.map((e) => e.event);
      assert.deepEqual(types.slice(0, 3), ['response.created', 'response.output_item.added', 'response.content_part.added']);
      assert.equal(types.filter((t) => t === 'response.output_text.delta').length, 12);
      assert.equal(types.at(-1), 'response.completed');
      const data = events.map((e) => JSON.parse(e.data));
      data.forEach((d, i) => assert.equal(d.sequence_number, i));
      const text = data
        .filter((d) => d.type === 'response.output_text.delta')
        .map((d) => d.delta)
        .join('');
      assert.equal(data.find((d) => d.type === 'response.output_text.done').text, text);
    });

    it('maps max_output_tokens to max_tokens support and applies the same model checks', async () => {
      const mini = await post('/v1/responses', { model: 'acme/chat-mini', input: 'hi', max_output_tokens: 5 });
      assert.equal(mini.json.error.code, 'unsupported_parameter');
      const large = await post('/v1/responses', { model: 'acme/chat-large', input: 'Explain maps', max_output_tokens: 5 });
      assert.equal(large.json.status, 'incomplete');
      assert.equal(large.json.usage.output_tokens, 5);
      assert.equal((await post('/v1/responses', { model: 'acme/chat-large', input: '' })).json.error.code, 'invalid_request');
      assert.equal((await post('/v1/responses', { model: 'pixel/image-gen', input: 'hi' })).json.error.code, 'unsupported_model_endpoint');
    });
  });

  describe('POST /v1/messages', () => {
    const body = { model: 'acme/chat-mini', max_tokens: 1024, messages: [{ role: 'user', content: 'Explain queues' }] };

    it('answers in the Anthropic Messages shape', async () => {
      const res = await post('/v1/messages', { ...body, system: 'Be brief.' });
      assert.equal(res.status, 200);
      assert.equal(res.json.type, 'message');
      assert.equal(res.json.role, 'assistant');
      assert.equal(res.json.model, 'acme/chat-mini');
      assert.equal(res.json.content[0].type, 'text');
      assert.ok(res.json.content[0].text.includes('```'));
      assert.equal(res.json.stop_reason, 'end_turn');
      assert.ok(res.json.usage.input_tokens > 0 && res.json.usage.output_tokens > 0);
    });

    it('streams message_start, content_block_delta text deltas and message_stop', async () => {
      const plain = (await post('/v1/messages', body)).json.content[0].text as string;
      const events = parseSse((await post('/v1/messages', { ...body, stream: true })).text);
      const types = events.map((e) => e.event);
      assert.deepEqual(types.slice(0, 3), ['message_start', 'content_block_start', 'ping']);
      assert.deepEqual(types.slice(-3), ['content_block_stop', 'message_delta', 'message_stop']);
      const data = events.map((e) => JSON.parse(e.data));
      data.forEach((d, i) => assert.equal(d.type, types[i]));
      const deltas = data.filter((d) => d.type === 'content_block_delta');
      assert.ok(deltas.every((d) => d.delta.type === 'text_delta'));
      assert.equal(deltas.map((d) => d.delta.text).join(''), plain);
      assert.equal(data.at(-2).delta.stop_reason, 'end_turn');
      assert.equal(data.at(-2).usage.output_tokens, deltas.length);
    });

    it('rejects what the chat endpoint rejects', async () => {
      assert.equal((await post('/v1/messages', { ...body, messages: [] })).json.error.code, 'invalid_request');
      assert.equal((await post('/v1/messages', { ...body, model: 'zeta/reasoner-pro' })).status, 403);
      assert.equal((await post('/v1/messages', { ...body, top_k: 5 })).json.error.code, 'unsupported_parameter');
    });
  });

  it('needs a valid key on every endpoint', async () => {
    for (const path of ['/v1/responses', '/v1/messages', '/v1/images/generations', '/v1/images/edits']) {
      assert.equal((await call(emulator.origin, path, { key: FIXTURE_KEYS.revoked, body: {} })).status, 401);
    }
  });
});
