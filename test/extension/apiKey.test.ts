// Set API Key (trim, sk_ warning, safe rotation), Verify Connection, Remove API Key.
import * as assert from 'node:assert/strict';
import { Commands } from '#src/platform/manifest/ids';
import type { CommandOutcome } from '#src/keys/vscode/apiKeyCommands';
import * as vscode from 'vscode';
import { FIXTURE_KEYS } from '../emulator/index';
import { suiteEnv } from './env';
import { arrange, emulator } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand<CommandOutcome>(command, ...args);

describe('API key: set, verify, rotate, remove', () => {
  const api = useTestHandle();
  const { baseUrl } = suiteEnv();

  it('sets a pasted key, trimmed, after the service accepted it', async () => {
    await arrange(api, { baseUrl });
    const outcome = await run(Commands.setApiKey, `  ${FIXTURE_KEYS.alpha}\n`);
    assert.equal(outcome.ok, true, outcome.message);
    assert.equal(outcome.message, 'API key Default · sk_test_al… verified and saved: 5 usable text models.');
    assert.equal(await api.apiKeys.get(), FIXTURE_KEYS.alpha);
    // The verification (other features may read the catalog once the key is stored).
    const requests = await emulator().requests();
    assert.ok(requests.length > 0);
    assert.deepEqual([...new Set(requests.map((r) => `${r.method} ${r.path} ${r.status}`))], ['GET /v1/models 200']);
  });

  it('Authentication 3: Verify Connection reports the masked prefix, the address and the usable model count', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha });
    const outcome = await run(Commands.verifyConnection);
    assert.deepEqual(outcome, {
      ok: true,
      message: `Connected to ${baseUrl} with key Default · sk_test_al…: 5 usable text models (of 8 in the catalog).`,
    });
  });

  it("Authentication 2: rotates to the other workspace's key, whose catalog differs", async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha });
    const outcome = await run(Commands.setApiKey, FIXTURE_KEYS.beta);
    assert.equal(outcome.ok, true, outcome.message);
    assert.equal(await api.apiKeys.get(), FIXTURE_KEYS.beta);
    const verified = await run(Commands.verifyConnection);
    assert.match(verified.message, /key Default · sk_test_be…: 6 usable text models/);
  });

  it('States 2: keeps the working key when the new one is revoked, and says what failed', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.beta });
    const outcome = await run(Commands.setApiKey, FIXTURE_KEYS.revoked);
    assert.equal(outcome.ok, false);
    assert.match(outcome.message, /^The new key Default · sk_test_rev… was not saved: Your API key Default · sk_test_rev… was rejected/);
    assert.match(outcome.message, /Your current key Default · sk_test_be… is kept\.$/);
    assert.equal(await api.apiKeys.get(), FIXTURE_KEYS.beta);
    const diagnostics = api.lastDiagnostics();
    assert.equal(diagnostics?.status, 401);
    assert.equal(diagnostics?.code, 'invalid_api_key');
    assert.equal(diagnostics?.keyPrefix, 'sk_test_rev…');
  });

  it('warns about a key without sk_, and does not store it when the service rejects it', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha });
    const outcome = await run(Commands.setApiKey, 'test_alpha_without_prefix');
    assert.equal(outcome.ok, false);
    assert.match(outcome.message, /start with "sk_"/);
    assert.ok(!outcome.message.includes('test_alpha_without_prefix'));
    assert.equal(await api.apiKeys.get(), FIXTURE_KEYS.alpha);
  });

  it('does not store a revoked key even when none is set', async () => {
    await arrange(api, { baseUrl });
    const outcome = await run(Commands.setApiKey, FIXTURE_KEYS.revoked);
    assert.equal(outcome.ok, false);
    assert.ok(!outcome.message.includes('is kept'));
    assert.equal(await api.apiKeys.get(), undefined);
  });

  it('keeps the current key when the service cannot be reached to verify the new one', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha });
    await emulator().queueFaults('models', [{ type: 'reset' }, { type: 'reset' }, { type: 'reset' }]);
    const outcome = await run(Commands.setApiKey, FIXTURE_KEYS.beta);
    assert.equal(outcome.ok, false);
    assert.match(outcome.message, /^The new key .* was not saved: Could not reach the service/);
    assert.match(outcome.message, new RegExp(`Your current key Default · sk_test_al… is kept\\.$`));
    assert.equal(await api.apiKeys.get(), FIXTURE_KEYS.alpha);
  });

  it('stores the key unverified while no address is set, and says to set it', async () => {
    await arrange(api, {});
    const outcome = await run(Commands.setApiKey, FIXTURE_KEYS.alpha);
    assert.equal(outcome.ok, true);
    assert.match(outcome.message, /Set the service address/);
    assert.equal(await api.apiKeys.get(), FIXTURE_KEYS.alpha);
  });

  it('Remove API Key deletes it; Verify Connection then says to set one', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha });
    const removed = await run(Commands.removeApiKey);
    assert.equal(removed.ok, true);
    assert.match(removed.message, new RegExp(`API key Default · sk_test_al… removed`));
    assert.equal(await api.apiKeys.get(), undefined);
    const verified = await run(Commands.verifyConnection);
    assert.deepEqual(verified, { ok: false, message: 'No API key is set: set your key to use Multi-Model AI.' });
  });
});
