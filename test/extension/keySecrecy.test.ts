// The full key never appears in the log, a setting, globalState/workspaceState,
// a diagnostics record or the clipboard. Checked after this file's own flows, and again
// after every suite of the run (a root hook), so any suite that leaks fails the run.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CONFIG_SECTION, Commands, Settings } from '#src/platform/manifest/ids';
import { formatDiagnostics } from '#src/platform/client/errors/diagnostics';
import type { TestHandle } from '#src/testHandle';
import { FIXTURE_KEYS } from '../emulator/index';
import { suiteEnv } from './env';
import { arrange, emulator } from './shellHarness';
import { testHandle, useTestHandle } from '../support/useTestHandle';

const SECRETS = [...Object.values(FIXTURE_KEYS), 'test_alpha_without_prefix'];

async function placesAKeyCouldLeak(api: TestHandle): Promise<[string, string][]> {
  const config = vscode.workspace.getConfiguration(CONFIG_SECTION);
  const places: [string, string][] = api.logLines().map((l, i) => [`log line ${i}`, l.line]);
  for (const key of Object.values(Settings)) {
    places.push([`setting ${key}`, JSON.stringify(config.inspect(key.slice(CONFIG_SECTION.length + 1)))]);
  }
  places.push(['all multiModelAI settings', JSON.stringify(config)]);
  const state = api.storedState();
  places.push(['globalState', JSON.stringify(state.global)], ['workspaceState', JSON.stringify(state.workspace)]);
  const diagnostics = api.lastDiagnostics();
  if (diagnostics) places.push(['last diagnostics', formatDiagnostics(diagnostics) + JSON.stringify(diagnostics)]);
  places.push(['clipboard', await vscode.env.clipboard.readText()]);
  return places;
}

async function assertNoKeyAnywhere(api: TestHandle): Promise<void> {
  const leaks = (await placesAKeyCouldLeak(api)).flatMap(([where, text]) =>
    SECRETS.filter((secret) => text.includes(secret)).map((secret) => `${where} holds ${secret.slice(0, 6)}…`),
  );
  assert.deepEqual(leaks, []);
}

describe('the API key stays secret', () => {
  const api = useTestHandle();
  const { baseUrl } = suiteEnv();

  it('after setting, rotating, failing, verifying, picking and copying diagnostics', async () => {
    await arrange(api, { baseUrl });
    const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args);
    await run(Commands.setApiKey, FIXTURE_KEYS.alpha);
    await run(Commands.setApiKey, 'test_alpha_without_prefix');
    await run(Commands.setApiKey, FIXTURE_KEYS.revoked);
    await emulator().queueFaults('models', [
      { type: 'status', status: 500 },
      { type: 'rate_limit', retryAfterSeconds: 1 },
    ]);
    await run(Commands.verifyConnection);
    await run(Commands.setApiKey, FIXTURE_KEYS.beta);
    await run(Commands.verifyConnection);
    await run(Commands.copyDiagnostics);
    await api.statusBar.refresh();
    assert.ok(api.logLines().length > 5);
    await assertNoKeyAnywhere(api);
  });
});

// Root hook: runs once, after every suite of the extension-host run.
after('the full key appears nowhere the extension writes, after every suite', async () => {
  await assertNoKeyAnywhere(await testHandle());
});
