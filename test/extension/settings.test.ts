// multiModelAI.baseUrl is checked on change with the core client's rules, and the
// message says how to fix it; Set Service Address applies the same rules.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands, Settings } from '#src/platform/manifest/ids';
import type { CommandOutcome } from '#src/keys/vscode/apiKeyCommands';
import { FIXTURE_KEYS } from '../emulator/index';
import { suiteEnv } from './env';
import { arrange, emulator, until, writeBaseUrl } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

describe('settings: the service address', () => {
  const api = useTestHandle();
  const { baseUrl } = suiteEnv();
  const origin = baseUrl.replace(/\/v1$/, '');

  // Each message names the mistake and ends with the address to use instead.
  for (const [name, value, mistake] of [
    ['without /v1', origin, 'must end with the version segment /v1'],
    ['with /v1 twice', `${baseUrl}/v1`, '/v1 twice'],
    ['holding a pasted endpoint', `${baseUrl}/chat/completions`, 'the full endpoint address (/chat/completions)'],
  ] as const) {
    const fix = `${baseUrl}.`;
    it(`a base URL ${name} is reported on change with how to fix it, and nothing is sent`, async () => {
      // No key yet, so nothing reads the catalog before the address turns bad.
      await arrange(api, { baseUrl });
      const logged = api.logLines().length;
      await writeBaseUrl(value);
      const problem = await until(() => api.settings.current().baseUrlProblem, 'the problem to be found');
      assert.ok(problem.includes(mistake) && problem.endsWith(fix), problem);
      const line = await until(
        () =>
          api
            .logLines()
            .slice(logged)
            .find((l) => l.line.includes(Settings.baseUrl)),
        'the log line',
      );
      assert.equal(line.level, 'warn');
      assert.ok(line.line.endsWith(`: use ${baseUrl}`), line.line);

      await api.apiKeys.store(FIXTURE_KEYS.alpha);
      const ready = await api.connection.readiness();
      assert.deepEqual(ready, {
        ok: false,
        missing: 'baseUrl',
        message: `The service address is not usable: ${problem}`,
        logged: `The service address is not usable: ${api.settings.current().baseUrlFault}`,
      });
      const verified = await vscode.commands.executeCommand<CommandOutcome>(Commands.verifyConnection);
      assert.equal(verified.ok, false);
      assert.deepEqual(await emulator().requests(), []);
    });
  }

  it('Set Service Address refuses a wrong address with the fix, and saves a right one normalised', async () => {
    await arrange(api, { key: FIXTURE_KEYS.alpha });
    const refused = await vscode.commands.executeCommand<CommandOutcome>(Commands.setBaseUrl, `${baseUrl}/v1/models`);
    assert.equal(refused.ok, false);
    assert.match(refused.message, /twice/);
    assert.equal(api.settings.current().baseUrl, undefined);

    const saved = await vscode.commands.executeCommand<CommandOutcome>(Commands.setBaseUrl, ` ${baseUrl}/ `);
    assert.deepEqual(saved, { ok: true, message: `Service address set to ${baseUrl}.` });
    assert.equal(vscode.workspace.getConfiguration('multiModelAI').get('baseUrl'), baseUrl);
    assert.equal((await vscode.commands.executeCommand<CommandOutcome>(Commands.verifyConnection)).ok, true);
  });

  it('a workspace cannot point the key at another address (machine-scoped setting)', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha });
    const elsewhere = 'http://127.0.0.1:9/v1';
    const config = vscode.workspace.getConfiguration('multiModelAI');
    // VS Code refuses the write; were it accepted, the value below would be the folder's.
    await Promise.resolve(config.update('baseUrl', elsewhere, vscode.ConfigurationTarget.Workspace)).catch(() => undefined);
    try {
      assert.equal(vscode.workspace.getConfiguration('multiModelAI').get('baseUrl'), baseUrl);
      assert.equal(api.settings.current().baseUrl, baseUrl);
    } finally {
      await Promise.resolve(config.update('baseUrl', undefined, vscode.ConfigurationTarget.Workspace)).catch(() => undefined);
    }
  });

  it('Versioning 3: a legacy address works, says so, and Verify Connection offers the current one once it answers with the key', async () => {
    await arrange(api, { key: FIXTURE_KEYS.alpha, model: 'acme/chat-large' });
    const config = vscode.workspace.getConfiguration('multiModelAI');
    const legacy = `${origin}/legacy/v1`;
    await config.update('legacyBaseUrl', legacy, vscode.ConfigurationTarget.Global);
    try {
      await until(() => (api.settings.current().legacy ? true : undefined), 'the legacy address to apply');
      assert.equal(api.settings.current().baseUrl, legacy);
      const view = await api.statusBar.refresh();
      assert.match(view.tooltip, new RegExp(`Uses the legacy address ${legacy}: 'Multi-Model AI: Verify Connection' offers the current one\\.`));

      const verified = await vscode.commands.executeCommand<CommandOutcome>(Commands.verifyConnection);
      assert.equal(verified.ok, true);
      assert.ok(verified.message.startsWith(`Connected to the legacy address ${legacy} with key `), verified.message);
      assert.equal(verified.currentAddress, baseUrl);
      const models = (await emulator().requests()).filter((r) => r.endpoint === 'models').map((r) => r.path);
      assert.deepEqual(models.slice(-2), ['/legacy/v1/models', '/v1/models']);

      // What "Use Current Address" runs.
      await vscode.commands.executeCommand(Commands.setBaseUrl, verified.currentAddress);
      assert.deepEqual([api.settings.current().baseUrl, api.settings.current().legacy], [baseUrl, undefined]);
      assert.doesNotMatch((await api.statusBar.refresh()).tooltip, /legacy/);
    } finally {
      await config.update('legacyBaseUrl', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
