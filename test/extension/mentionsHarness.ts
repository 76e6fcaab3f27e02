// Real sources for the chat's mentions in the extension host, shared by the English and the
// Russian suites: a Git repository with staged, unstaged and untracked changes; a bash terminal
// with VS Code's shell integration running a command; a TypeScript file whose symbols the
// built-in TypeScript server reports.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { gitApi } from '#src/platform/git/vscode/gitApi';
import type { TestHandle } from '#src/testHandle';
import { arrangeChat, StandInPage } from './chatHarness';
import { until } from './shellHarness';

/**
 * A repository in a temporary folder: `app.ts` changed and staged, `README.md` changed and not,
 * `logo.png` (binary) staged, `notes.txt` untracked; opened by VS Code's Git extension.
 */
export async function makeChangedRepository(): Promise<{ root: string; rootUri: vscode.Uri }> {
  const root = mkdtempSync(join(tmpdir(), 'mmai-changes-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'Test');
  writeFileSync(join(root, 'app.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'README.md'), '# App\n');
  git('add', '.');
  git('commit', '-q', '-m', 'feat: add the app');
  writeFileSync(join(root, 'app.ts'), 'export const a = 2;\nexport const b = 3;\n');
  writeFileSync(join(root, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
  git('add', 'app.ts', 'logo.png');
  writeFileSync(join(root, 'README.md'), '# The app\n');
  writeFileSync(join(root, 'notes.txt'), 'to do\n');
  const rootUri = vscode.Uri.file(root);
  const api = await gitApi();
  assert.ok(api, "VS Code's Git extension is not available");
  assert.ok(await api.openRepository(rootUri), 'the Git extension did not open the repository');
  return { root, rootUri };
}

/**
 * For the enclosing describe(): a chat whose model answers and a stand-in page for each test;
 * repositories outside the workspace opened (VS Code 1.104's Git extension opens such a "parent
 * folder" repository through its API only with that setting). Gives the page and what it was told.
 */
export function useMentionsChat(api: TestHandle): { page(): StandInPage; notices(): string[] } {
  const git = () => vscode.workspace.getConfiguration('git');
  before(() => git().update('openRepositoryInParentFolders', 'always', vscode.ConfigurationTarget.Global));
  after(() => git().update('openRepositoryInParentFolders', undefined, vscode.ConfigurationTarget.Global));
  let page: StandInPage | undefined;
  beforeEach(async () => {
    await arrangeChat(api, 'mira/messenger');
    page = new StandInPage(api);
    page.send({ type: 'ready' });
  });
  afterEach(() => page?.close());
  const current = () => {
    assert.ok(page, 'the stand-in page of the test');
    return page;
  };
  return {
    page: current,
    notices: () => current().received.flatMap((m) => ((m as { type: string }).type === 'notice/show' ? [(m as { message: string }).message] : [])),
  };
}

/** A bash terminal named `name` once VS Code's shell integration is active in it. */
export async function integratedTerminal(name: string): Promise<vscode.Terminal> {
  // No arguments: VS Code injects its shell integration into bash started without any (or as a login shell) only.
  const terminal = vscode.window.createTerminal({ name, shellPath: '/bin/bash' });
  terminal.show();
  await until(() => terminal.shellIntegration, `shell integration in the terminal ${name}`, 20_000);
  return terminal;
}

/** Runs `commandLine` through `terminal`'s shell integration; resolves with its exit code once it ended. */
export async function runCommand(terminal: vscode.Terminal, commandLine: string): Promise<number | undefined> {
  const integration = terminal.shellIntegration;
  assert.ok(integration, 'the terminal has shell integration');
  const ended = new Promise<number | undefined>((resolve) => {
    const listener = vscode.window.onDidEndTerminalShellExecution((event) => {
      if (event.execution !== execution) return;
      listener.dispose();
      resolve(event.exitCode);
    });
  });
  // Listened to before the command starts, so that its end cannot be missed.
  const execution = integration.executeCommand(commandLine);
  return ended;
}

/**
 * The workspace's symbols named `name`, once the TypeScript server reports them: it starts with
 * the first TypeScript file opened and may take a while on a busy machine.
 */
export async function symbolsNamed(api: TestHandle, uri: vscode.Uri, name: string): Promise<vscode.SymbolInformation[]> {
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  return until(
    async () => {
      // TypeScript names a function "name()" in its workspace symbols.
      const found = (await api.chat.host.attachments.mentions.findSymbols(name)).filter((symbol) => symbol.name.replace(/\(\)$/, '') === name);
      return found.length > 0 ? found : undefined;
    },
    `the TypeScript server to report ${name}`,
    90_000,
  );
}
