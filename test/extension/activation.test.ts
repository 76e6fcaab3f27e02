// Smoke tier of the extension-host suite: the extension under test activates
// in a real VS Code and registers every command its package.json declares.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Commands, EXTENSION_ID } from '#src/platform/manifest/ids';
import { suiteEnv } from './env';
import { until } from './shellHarness';

function extensionUnderTest(): vscode.Extension<unknown> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not loaded in this extension host`);
  return extension;
}

describe('activation', () => {
  before(async () => {
    await extensionUnderTest().activate();
  });

  it('loads the build this run was asked to test (source folder or installed .vsix)', () => {
    const expected = path.resolve(suiteEnv().extensionDir);
    const actual = path.resolve(extensionUnderTest().extensionPath);
    assert.ok(actual === expected || actual.startsWith(expected + path.sep), `loaded from ${actual}, expected under ${expected}`);
  });

  it('is active', () => {
    assert.equal(extensionUnderTest().isActive, true);
  });

  it('registers every command package.json declares', async () => {
    const declared = (extensionUnderTest().packageJSON as { contributes: { commands: { command: string }[] } }).contributes.commands.map((c) => c.command);
    assert.ok(declared.includes(Commands.showLog));
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      declared.filter((id) => !registered.has(id)),
      [],
    );
  });

  it('runs the Show Log command', async () => {
    await vscode.commands.executeCommand(Commands.showLog);
  });
});

describe('code cache', () => {
  it("writes V8's cache of its bundle into its global storage after activation, named for the bundle's SHA-256, and no other", async () => {
    await extensionUnderTest().activate();
    const folder = path.join(suiteEnv().userDataDir, 'User', 'globalStorage', EXTENSION_ID, 'code-cache');
    const bundle = readFileSync(path.join(extensionUnderTest().extensionPath, 'dist', 'main.js'), 'utf8');
    const expected = `code-cache-${createHash('sha256').update(bundle).digest('hex').slice(0, 32)}.bin`;
    // src/loader.ts writes it 2 s after an activation that found none.
    await until(() => existsSync(path.join(folder, expected)), 'the code cache to be written', 20_000);
    assert.deepEqual(readdirSync(folder), [expected]);
  });
});

describe('emulator hand-over', () => {
  it('reaches the service emulator with the fixture key', async () => {
    const { baseUrl, apiKey } = suiteEnv();
    const response = await fetch(`${baseUrl}/models`, { headers: { Authorization: `Bearer ${apiKey}` } });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { data: unknown[] };
    assert.ok(body.data.length > 0);
  });
});
