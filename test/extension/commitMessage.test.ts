// Generate Commit Message in a real extension host, on a git repository made in a temporary
// folder, through VS Code's own Git extension: the message for the staged changes arrives in
// the repository's message box; nothing staged offers all changes; a binary file is named
// only; Cancel and a failure keep the box's text.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Commands } from '#src/platform/manifest/ids';
import type { CommitResult } from '#src/commit/vscode/commitMessageWriter';
import { gitApi, type GitRepository } from '#src/platform/git/vscode/gitApi';
import { FIXTURE_KEYS } from '../emulator/index';
import { suiteEnv } from './env';
import { arrange, emulator, until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

/** A repository with two commits and `app.ts` changed (unstaged). */
function makeRepository(): string {
  const root = mkdtempSync(join(tmpdir(), 'mmai-commit-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'Test');
  writeFileSync(join(root, 'app.ts'), 'export const a = 1;\n');
  git('add', '.');
  git('commit', '-q', '-m', 'feat: add the app');
  writeFileSync(join(root, 'README.md'), '# App\n');
  git('add', '.');
  git('commit', '-q', '-m', 'docs: describe the app');
  writeFileSync(join(root, 'app.ts'), 'export const a = 2;\n');
  return root;
}

const stage = (root: string, ...paths: string[]) => execFileSync('git', ['add', ...paths], { cwd: root, stdio: 'pipe' });
const generate = (rootUri: vscode.Uri, allChanges?: boolean) =>
  vscode.commands.executeCommand<CommitResult>(Commands.generateCommitMessage, { rootUri, ...(allChanges && { allChanges }) });
const chatRequests = async () => (await emulator().requests()).filter((r) => r.endpoint === 'chat');

describe('Commit message', () => {
  const api = useTestHandle();
  let root: string;
  let rootUri: vscode.Uri;
  let repository: GitRepository;

  // The repository is made in a temporary folder, outside the workspace: VS Code 1.104's Git
  // extension opens such a "parent folder" repository through its API only with this setting.
  const gitSettings = () => vscode.workspace.getConfiguration('git');
  before(() => gitSettings().update('openRepositoryInParentFolders', 'always', vscode.ConfigurationTarget.Global));
  after(() => gitSettings().update('openRepositoryInParentFolders', undefined, vscode.ConfigurationTarget.Global));

  beforeEach(async () => {
    await arrange(api, { baseUrl: suiteEnv().baseUrl, key: FIXTURE_KEYS.alpha, model: 'acme/chat-large' });
    root = makeRepository();
    rootUri = vscode.Uri.file(root);
    const git = await gitApi();
    assert.ok(git, "VS Code's Git extension is not available");
    const opened = await git.openRepository(rootUri);
    assert.ok(opened, 'the Git extension did not open the repository');
    repository = opened;
    repository.inputBox.value = 'old text';
  });

  afterEach(() => {
    api.commitMessage.cancel();
    rmSync(root, { recursive: true, force: true });
  });

  it('writes the message for the staged changes into the box, once it is complete', async () => {
    stage(root, 'app.ts');
    await emulator().queueReplies(['```\nfeat: raise a to 2\n\nThe app needs the larger value.\n```']);
    const result = await generate(rootUri);
    assert.equal(result.status, 'done');
    assert.equal(repository.inputBox.value, 'feat: raise a to 2\n\nThe app needs the larger value.');
    const requests = await chatRequests();
    assert.deepEqual(
      requests.map((r) => [r.model, r.stream, r.status]),
      [['acme/chat-large', true, 200]],
    );
  });

  it('the model named in its setting is used instead of the chosen one', async () => {
    stage(root, 'app.ts');
    const config = vscode.workspace.getConfiguration('multiModelAI');
    await config.update('commitMessage.model', 'nova/responder', vscode.ConfigurationTarget.Global);
    try {
      await until(() => api.settings.current().commitMessageModel === 'nova/responder' || undefined, 'the commit message model');
      await emulator().queueReplies(['Raise a to 2']);
      assert.equal((await generate(rootUri)).status, 'done');
      assert.deepEqual(
        (await emulator().requests()).filter((r) => r.endpoint !== 'models').map((r) => [r.endpoint, r.model]),
        [['responses', 'nova/responder']],
      );
    } finally {
      await config.update('commitMessage.model', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('nothing staged: sends nothing and offers all changes; with all changes the message is written', async () => {
    assert.deepEqual(await generate(rootUri), { status: 'nothingStaged' });
    assert.deepEqual(await chatRequests(), []);
    assert.equal(repository.inputBox.value, 'old text');
    await emulator().queueReplies(['Raise a to 2']);
    assert.equal((await generate(rootUri, true)).status, 'done');
    assert.equal(repository.inputBox.value, 'Raise a to 2');
  });

  it('a staged binary file is described and the message still arrives', async () => {
    writeFileSync(join(root, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0, 0xff, 0xfe]));
    stage(root, 'logo.png');
    await emulator().queueReplies(['Add the logo']);
    assert.equal((await generate(rootUri)).status, 'done');
    assert.equal(repository.inputBox.value, 'Add the logo');
  });

  it('Cancel while the message arrives keeps the old text', async () => {
    stage(root, 'app.ts');
    await emulator().queueReplies(['feat: raise a to 2']);
    await emulator().queueFaults('chat', [{ type: 'stall', afterDeltas: 1, ms: 5000 }]);
    const running = generate(rootUri);
    await until(async () => (await chatRequests()).length === 1 || undefined, 'the request to start');
    api.commitMessage.cancel();
    assert.deepEqual(await running, { status: 'stopped' });
    assert.equal(repository.inputBox.value, 'old text');
  });

  it('a failure keeps the old text and is recorded with its request id', async () => {
    stage(root, 'app.ts');
    await emulator().queueFaults('chat', [{ type: 'status', status: 402 }]);
    const result = await generate(rootUri);
    assert.equal(result.status, 'failed');
    assert.equal(repository.inputBox.value, 'old text');
    const [request] = await chatRequests();
    assert.equal(api.lastDiagnostics()?.status, 402);
    assert.equal(api.lastDiagnostics()?.requestId, request?.requestId);
  });
});
