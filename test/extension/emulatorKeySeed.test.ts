// The demo's key hand-over (MMAI_EMULATOR_KEY) through the real SecretStorage.
import * as assert from 'node:assert/strict';
import { seedEmulatorKey } from '#src/keys/vscode/emulatorKeySeed';
import { FIXTURE_KEYS } from '../emulator/index';
import { suiteEnv } from './env';
import { arrange } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

function recordingLogger(lines: string[]) {
  return { debug: (l: string) => lines.push(l), info: (l: string) => lines.push(l), warn: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
}

describe('demo key seed (MMAI_EMULATOR_KEY)', () => {
  const api = useTestHandle();
  const { baseUrl } = suiteEnv();

  after(async () => {
    await arrange(api, { baseUrl });
  });

  it('stores the emulator key when none is stored, and logs only its masked prefix', async () => {
    await arrange(api, { baseUrl });
    const lines: string[] = [];
    await seedEmulatorKey(api.apiKeys, recordingLogger(lines), { MMAI_EMULATOR_KEY: FIXTURE_KEYS.alpha });
    assert.equal(await api.apiKeys.get(), FIXTURE_KEYS.alpha);
    assert.deepEqual(lines, [`Stored the demo's emulator key sk_test_al… from MMAI_EMULATOR_KEY.`]);
  });

  it('keeps a stored key', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.beta });
    await seedEmulatorKey(api.apiKeys, recordingLogger([]), { MMAI_EMULATOR_KEY: FIXTURE_KEYS.alpha });
    assert.equal(await api.apiKeys.get(), FIXTURE_KEYS.beta);
  });

  it('takes no key that is not an emulator fixture key', async () => {
    await arrange(api, { baseUrl });
    await seedEmulatorKey(api.apiKeys, recordingLogger([]), { MMAI_EMULATOR_KEY: 'sk_live_0123456789abcdef' });
    assert.equal(await api.apiKeys.get(), undefined);
  });
});
