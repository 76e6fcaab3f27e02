import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../emulator';
import { call } from './emulatorCalls';
import { useEmulator } from '../../support/useEmulator';

interface Entry {
  id: string;
  available: boolean;
  unavailable_reason?: string;
  architecture: { output_modalities: string[] };
  supported_parameters: string[];
  supported_endpoint_types: string[];
}

describe('emulator model catalog', () => {
  const { emulator } = useEmulator();
  const list = async (query = '', key: string = FIXTURE_KEYS.alpha) => {
    const res = await call(emulator.origin, `/v1/models${query}`, { key });
    assert.equal(res.status, 200);
    assert.equal(res.json.object, 'list');
    return res.json.data as Entry[];
  };
  const byId = (entries: Entry[], id: string) => entries.find((e) => e.id === id);

  it('lists the fixture catalog with every field of the spec model entry', async () => {
    const data = await list();
    assert.deepEqual(
      data.map((e) => e.id),
      ['acme/chat-large', 'acme/chat-mini', 'acme/chat-basic', 'zeta/reasoner-pro', 'nova/responder', 'mira/messenger', 'pixel/image-gen', 'pixel/image-edit'],
    );
    for (const entry of data) {
      assert.match(entry.id, /^[^/]+\/[^/]+$/);
      assert.equal(typeof entry.available, 'boolean');
      assert.ok(Array.isArray(entry.architecture.output_modalities));
      assert.ok(Array.isArray(entry.supported_parameters));
      assert.ok(Array.isArray(entry.supported_endpoint_types));
    }
    assert.ok(byId(data, 'acme/chat-large')?.supported_parameters.includes('max_tokens'));
    assert.ok(!byId(data, 'acme/chat-mini')?.supported_parameters.includes('max_tokens'));
    assert.deepEqual(byId(data, 'pixel/image-gen')?.supported_endpoint_types, ['image-generation']);
    assert.deepEqual(byId(data, 'pixel/image-edit')?.supported_endpoint_types, ['image-edit']);
  });

  it("computes availability for the caller's workspace, with a reason when unavailable", async () => {
    const alpha = byId(await list(), 'zeta/reasoner-pro');
    const beta = byId(await list('', FIXTURE_KEYS.beta), 'zeta/reasoner-pro');
    assert.equal(alpha?.available, false);
    assert.equal(alpha?.unavailable_reason, "Not included in this workspace's plan");
    assert.equal(beta?.available, true);
    assert.equal(beta?.unavailable_reason, undefined);
  });

  it('filters by output_modalities', async () => {
    assert.deepEqual(
      (await list('?output_modalities=text')).map((e) => e.id),
      ['acme/chat-large', 'acme/chat-mini', 'acme/chat-basic', 'zeta/reasoner-pro', 'nova/responder', 'mira/messenger'],
    );
    assert.deepEqual(
      (await list('?output_modalities=image')).map((e) => e.id),
      ['pixel/image-gen', 'pixel/image-edit'],
    );
    assert.equal((await list('?output_modalities=all')).length, 8);
  });

  it('filters by supported_parameters, and both filters narrow together', async () => {
    assert.deepEqual(
      (await list('?supported_parameters=max_tokens')).map((e) => e.id),
      ['acme/chat-large', 'acme/chat-basic', 'zeta/reasoner-pro', 'nova/responder', 'mira/messenger'],
    );
    assert.deepEqual(
      (await list('?supported_parameters=max_tokens,temperature')).map((e) => e.id),
      ['acme/chat-large', 'acme/chat-basic', 'nova/responder', 'mira/messenger'],
    );
    assert.deepEqual(await list('?output_modalities=image&supported_parameters=max_tokens'), []);
  });
});
