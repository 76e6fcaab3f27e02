import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../emulator';
import { call, chatBody } from './emulatorCalls';
import { useEmulator } from '../../support/useEmulator';

describe('emulator request ids and records', () => {
  const { emulator, control } = useEmulator();

  it('puts a request id on every response, and in every error body', async () => {
    const origin = emulator.origin;
    const responses = [
      await call(origin, '/v1/models'),
      await call(origin, '/v1/models', { key: null }),
      await call(origin, '/v1/chat/completions', { body: chatBody('hi') }),
      await call(origin, '/v1/chat/completions', { body: chatBody('hi', { stream: true }) }),
      await call(origin, '/v1/chat/completions', { body: { model: 'acme/chat-large', messages: [] } }),
      await call(origin, '/v1/nothing-here'),
    ];
    const ids = responses.map((r) => r.headers.get('x-request-id'));
    for (const id of ids) assert.match(id ?? '', /^req_[0-9a-f]+$/);
    assert.equal(new Set(ids).size, ids.length, 'ids are unique');
    for (const r of responses.filter((r) => r.status >= 400)) {
      assert.deepEqual(Object.keys(r.json.error).sort(), ['code', 'message', 'request_id']);
      assert.equal(r.json.error.request_id, r.headers.get('x-request-id'));
    }
  });

  it('records each request with its id, client request id, masked key, model, stream flag and status', async () => {
    const origin = emulator.origin;
    const ok = await call(origin, '/v1/chat/completions', {
      body: chatBody('hi', { stream: true }),
      headers: { 'x-client-request-id': 'client-1' },
    });
    await call(origin, '/v1/models', { key: FIXTURE_KEYS.revoked });
    await call(origin, '/v1/models', { key: null });
    const records = await control.requests();
    assert.equal(records.length, 3);
    const [chat, revoked, anonymous] = records;
    assert.deepEqual(
      { ...chat, receivedAt: undefined },
      {
        requestId: ok.headers.get('x-request-id'),
        clientRequestId: 'client-1',
        method: 'POST',
        path: '/v1/chat/completions',
        endpoint: 'chat',
        status: 200,
        keyPrefix: 'sk_test_al…',
        model: 'acme/chat-large',
        stream: true,
        receivedAt: undefined,
        fault: null,
        extraHeaders: [],
      },
    );
    assert.ok(!Number.isNaN(Date.parse(chat!.receivedAt)) && /\.\d{3}Z$/.test(chat!.receivedAt));
    assert.equal(revoked?.status, 401);
    assert.equal(revoked?.keyPrefix, null, 'a rejected key is not recorded, not even masked');
    assert.equal(anonymous?.clientRequestId, null);
    assert.ok(!JSON.stringify(records).includes(FIXTURE_KEYS.alpha), 'never the full key');
  });
});

describe('emulator paths', () => {
  const { emulator, control } = useEmulator();

  it('serves the API under /v1 and the same API under the legacy prefix', async () => {
    for (const prefix of ['/v1', '/legacy/v1']) {
      const models = await call(emulator.origin, `${prefix}/models`);
      assert.equal(models.json.object, 'list');
      const chat = await call(emulator.origin, `${prefix}/chat/completions`, { body: chatBody('hi') });
      assert.equal(chat.json.object, 'chat.completion');
    }
  });

  it('treats /api/v1/chat/completions as the chat endpoint, errors included', async () => {
    const ok = await call(emulator.origin, '/api/v1/chat/completions', { body: chatBody('hi') });
    assert.equal(ok.json.object, 'chat.completion');
    const empty = await call(emulator.origin, '/api/v1/chat/completions', { body: { model: 'acme/chat-large', messages: [] } });
    assert.equal(empty.status, 400);
    assert.equal(empty.json.error.code, 'invalid_request');
    assert.equal((await control.requests())[0]?.endpoint, 'chat');
  });

  it('answers a doubled /v1/v1 path with 404 doubled_version_path naming the mistake, under any prefix', async () => {
    for (const path of ['/v1/v1/chat/completions', '/v1/v1/models', '/legacy/v1/v1/models']) {
      const res = await call(emulator.origin, path, path.endsWith('models') ? {} : { body: chatBody('hi') });
      assert.equal(res.status, 404);
      assert.equal(res.json.error.code, 'doubled_version_path');
      assert.match(res.json.error.message, /\/v1 twice/);
    }
  });

  it('answers 404 to endpoints the service does not offer, and 405 to a wrong method', async () => {
    const embeddings = await call(emulator.origin, '/v1/embeddings', { body: { input: 'x' } });
    assert.equal(embeddings.status, 404);
    assert.equal(embeddings.json.error.code, 'not_found');
    const wrong = await call(emulator.origin, '/v1/models', { method: 'POST', body: {} });
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get('allow'), 'GET');
  });
});
