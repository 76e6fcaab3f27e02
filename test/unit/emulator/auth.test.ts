import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../emulator';
import { call, chatBody } from './emulatorCalls';
import { useEmulator } from '../../support/useEmulator';

describe('emulator authentication (Authentication 1 and 6)', () => {
  const { emulator, control } = useEmulator();

  const rejected: [string, { key?: string | null; authorization?: string }][] = [
    ['a missing header', { key: null }],
    ['a value without the Bearer prefix', { authorization: FIXTURE_KEYS.alpha }],
    ['a lower-case bearer prefix', { authorization: `bearer ${FIXTURE_KEYS.alpha}` }],
    ['an unknown key', { key: 'sk_test_unknown' }],
    ['a revoked key', { key: FIXTURE_KEYS.revoked }],
  ];
  for (const [name, auth] of rejected) {
    it(`answers 401 invalid_api_key to ${name}`, async () => {
      const res = await call(emulator.origin, '/v1/models', auth);
      assert.equal(res.status, 401);
      assert.equal(res.json.error.code, 'invalid_api_key');
      assert.equal(res.json.error.request_id, res.headers.get('x-request-id'));
      assert.ok(!res.text.includes(FIXTURE_KEYS.alpha), 'the key is never echoed');
    });
  }

  it('accepts the alpha and beta keys', async () => {
    for (const key of [FIXTURE_KEYS.alpha, FIXTURE_KEYS.beta]) {
      assert.equal((await call(emulator.origin, '/v1/models', { key })).status, 200);
    }
  });

  it("Authentication 2: bound to one workspace, it refuses the other workspace's key with 401 until reset", async () => {
    await control.serveWorkspace('alpha');
    const other = await call(emulator.origin, '/v1/models', { key: FIXTURE_KEYS.beta });
    assert.deepEqual(
      [other.status, other.json.error.code, other.json.error.message],
      [401, 'invalid_api_key', 'The API key belongs to another workspace: use a key created in this workspace.'],
    );
    assert.equal((await call(emulator.origin, '/v1/models', { key: FIXTURE_KEYS.alpha })).status, 200);
    const records = await control.requests();
    assert.deepEqual(
      records.map((r) => [r.status, r.keyPrefix]),
      [
        [401, null],
        [200, 'sk_test_al…'],
      ],
    );
    await control.reset();
    assert.equal((await call(emulator.origin, '/v1/models', { key: FIXTURE_KEYS.beta })).status, 200);
  });

  it('checks auth before validation, routing and model lookup', async () => {
    const key = FIXTURE_KEYS.revoked;
    const invalid = await call(emulator.origin, '/v1/chat/completions', { key, body: { model: 'x', messages: [] } });
    const unknownPath = await call(emulator.origin, '/v1/embeddings', { key, body: {} });
    const doubled = await call(emulator.origin, '/v1/v1/models', { key });
    assert.deepEqual([invalid.status, unknownPath.status, doubled.status], [401, 401, 401]);
  });

  it('checks auth before a queued fault, which then waits for the next authorised request', async () => {
    await control.queueFaults('chat', [{ type: 'status', status: 503 }]);
    assert.equal((await call(emulator.origin, '/v1/chat/completions', { key: null, body: chatBody('hi') })).status, 401);
    assert.equal((await call(emulator.origin, '/v1/chat/completions', { body: chatBody('hi') })).status, 503);
  });
});
