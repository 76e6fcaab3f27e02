// A repeat of a generation is the same response, and the catalog in each shape the emulator
// can publish (the spec's, New API's raw list, OpenRouter's).
import * as assert from 'node:assert/strict';
import { call, parseSse } from './emulatorCalls';
import { useEmulator } from '../../support/useEmulator';

describe('emulator: repeats and catalog shapes', () => {
  const h = useEmulator();
  const post = (path: string, body: unknown, clientRequestId: string) =>
    call(h.emulator.origin, path, { body, headers: { 'x-client-request-id': clientRequestId } });

  it('a repeat with the same X-Client-Request-Id is the same response: the same id, on every interface, streamed or not', async () => {
    const cases = [
      ['/v1/chat/completions', { model: 'acme/chat-large', messages: [{ role: 'user', content: 'hi' }] }],
      ['/v1/responses', { model: 'nova/responder', input: 'hi' }],
      ['/v1/messages', { model: 'mira/messenger', max_tokens: 1024, messages: [{ role: 'user', content: 'hi' }] }],
    ] as const;
    for (const [path, body] of cases) {
      const first = await post(path, body, `repeat ${path}`);
      const again = await post(path, body, `repeat ${path}`);
      const streamed = await post(path, { ...body, stream: true }, `repeat ${path}`);
      const streamedId = JSON.parse(parseSse(streamed.text)[0]!.data) as { id?: string; response?: { id: string }; message?: { id: string } };
      assert.equal(again.json.id, first.json.id, path);
      assert.equal(streamedId.id ?? streamedId.response?.id ?? streamedId.message?.id, first.json.id, path);
    }
    assert.equal((await h.control.charges()).length, 3);
  });

  it("New API's raw list: {success, data, object}, its endpoint-type names, only the models the workspace may use", async () => {
    await h.control.setCatalogShape('new-api');
    const res = await call(h.emulator.origin, '/v1/models');
    assert.deepEqual(Object.keys(res.json), ['success', 'data', 'object']);
    const entry = (id: string) => (res.json.data as { id: string }[]).find((m) => m.id === id);
    assert.deepEqual(entry('acme/chat-large'), {
      id: 'acme/chat-large',
      object: 'model',
      created: 1735689600,
      owned_by: 'acme',
      supported_endpoint_types: ['openai', 'openai-response', 'anthropic'],
    });
    assert.deepEqual(entry('pixel/image-edit'), {
      id: 'pixel/image-edit',
      object: 'model',
      created: 1735689600,
      owned_by: 'pixel',
      supported_endpoint_types: ['openai-image-edit'],
    });
    assert.equal(entry('zeta/reasoner-pro'), undefined);
  });

  it("OpenRouter's list: {data} only, per-token prices as strings without currency, no endpoint types, no availability; reset restores the spec's", async () => {
    await h.control.setCatalogShape('openrouter');
    const res = await call(h.emulator.origin, '/v1/models');
    assert.deepEqual(Object.keys(res.json), ['data']);
    const large = (res.json.data as { id: string }[]).find((m) => m.id === 'acme/chat-large') as Record<string, unknown>;
    assert.deepEqual(large.pricing, { prompt: '0.00025', completion: '0.001', request: '0', image: '0', input_cache_read: '0.0000625' });
    assert.deepEqual([large.name, large.context_length, large.supported_endpoint_types, large.available], ['Acme Chat Large', 128000, undefined, undefined]);
    await h.control.reset();
    assert.equal((await call(h.emulator.origin, '/v1/models')).json.object, 'list');
  });
});
