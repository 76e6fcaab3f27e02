import * as assert from 'node:assert/strict';
import { call, chatBody } from './emulatorCalls';
import { useEmulator } from '../../support/useEmulator';

describe('emulator error shapes (POST /__emulator/error-shape) and replayed bodies', () => {
  const h = useEmulator();

  /** A 404 for an unknown model in `shape`: its status, body, and which headers carry the request id. */
  async function unknownModel(shape: 'service' | 'openai' | 'anthropic' | 'openrouter' | 'new-api') {
    await h.control.setErrorShape(shape);
    const r = await call(h.emulator.origin, '/v1/chat/completions', { body: { ...chatBody('hi'), model: 'acme/nothing' } });
    const [record] = await h.control.requests();
    await h.control.reset();
    const ids = Object.fromEntries(['x-request-id', 'request-id', 'x-oneapi-request-id'].map((name) => [name, r.headers.get(name) === record?.requestId]));
    return { status: r.status, json: r.json as { error: Record<string, unknown> } & Record<string, unknown>, id: record?.requestId, ids };
  }

  it('writes the same failure as the service, OpenAI, Anthropic, OpenRouter and New API write theirs', async () => {
    const service = await unknownModel('service');
    assert.deepEqual(Object.keys(service.json.error).sort(), ['code', 'message', 'request_id']);
    assert.deepEqual(service.ids, { 'x-request-id': true, 'request-id': false, 'x-oneapi-request-id': false });

    const openai = await unknownModel('openai');
    assert.deepEqual({ ...openai.json.error, message: undefined }, { message: undefined, type: 'invalid_request_error', param: null, code: 'model_not_found' });
    assert.deepEqual(openai.ids, { 'x-request-id': true, 'request-id': false, 'x-oneapi-request-id': false });

    const anthropic = await unknownModel('anthropic');
    assert.deepEqual(
      { ...anthropic.json, error: { ...anthropic.json.error, message: undefined } },
      { type: 'error', error: { type: 'not_found_error', message: undefined }, request_id: anthropic.id },
    );
    assert.deepEqual(anthropic.ids, { 'x-request-id': false, 'request-id': true, 'x-oneapi-request-id': false });

    const openrouter = await unknownModel('openrouter');
    assert.deepEqual(Object.keys(openrouter.json), ['error']);
    assert.deepEqual(Object.keys(openrouter.json.error).sort(), ['code', 'message']);
    assert.equal(openrouter.json.error.code, 404);
    assert.deepEqual(openrouter.ids, { 'x-request-id': false, 'request-id': false, 'x-oneapi-request-id': false });

    const newApi = await unknownModel('new-api');
    assert.deepEqual({ ...newApi.json.error, message: undefined }, { message: undefined, type: 'new_api_error', param: '', code: 'model_not_found' });
    assert.ok(String(newApi.json.error.message).endsWith(` (request id: ${newApi.id})`));
    assert.deepEqual(newApi.ids, { 'x-request-id': false, 'request-id': false, 'x-oneapi-request-id': true });
    assert.equal(new Set([service, openai, anthropic, openrouter, newApi].map((a) => a.status)).size, 1);
  });

  it('writes a status fault with OpenRouter metadata, and reset restores the service shape', async () => {
    await h.control.setErrorShape('openrouter');
    await h.control.queueFaults('chat', [{ type: 'status', status: 403, message: 'flagged', metadata: { reasons: ['harassment'] } }]);
    const flagged = await call(h.emulator.origin, '/v1/chat/completions', { body: chatBody('hi') });
    assert.deepEqual(flagged.json, { error: { code: 403, message: 'flagged', metadata: { reasons: ['harassment'] } } });
    await h.control.reset();
    const after = await call(h.emulator.origin, '/v1/chat/completions', { body: { ...chatBody('hi'), model: 'acme/nothing' } });
    assert.deepEqual(Object.keys((after.json as { error: object }).error).sort(), ['code', 'message', 'request_id']);
  });

  it('replays a recorded body byte for byte, with its own headers and no request id of its own', async () => {
    const page = '<html><body>404 Not Found</body></html>';
    await h.control.queueFaults('chat', [{ type: 'status', status: 404, body: page, headers: { server: 'nginx' } }]);
    const r = await call(h.emulator.origin, '/v1/chat/completions', { body: chatBody('hi') });
    assert.deepEqual(
      [r.status, r.text, r.headers.get('server'), r.headers.get('x-request-id'), r.headers.get('content-type')],
      [404, page, 'nginx', null, 'text/html; charset=utf-8'],
    );
  });
});
