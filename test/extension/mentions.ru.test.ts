// The chat's #changes, #terminal and #symbol in a Russian VS Code (npm run test:extension:ru):
// each chip says what it holds in Russian, from the same real sources as the English suite;
// what the model reads stays English.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import * as vscode from 'vscode';
import { integratedTerminal, makeChangedRepository, runCommand, symbolsNamed, useMentionsChat } from './mentionsHarness';
import { useTestHandle } from '../support/useTestHandle';

describe('Chat mentions in a Russian VS Code', () => {
  const api = useTestHandle();
  const { notices } = useMentionsChat(api);
  const chip = () => api.chat.host.session.pendingContext().at(-1)!;

  it('#changes: the chip counts the files and lines in Russian; a repository without changes is said in Russian', async () => {
    const { root, rootUri } = await makeChangedRepository();
    try {
      const { mentions } = api.chat.host.attachments;
      assert.equal(await mentions.addChanges(rootUri), 1);
      assert.deepEqual([chip().note, chip().text.split('\n')[0]?.startsWith('Uncommitted changes in the Git repository')], ['4 файла изменено, +3 −2', true]);
      execFileSync('git', ['stash', '-q', '--include-untracked'], { cwd: root });
      assert.equal(await mentions.addChanges(rootUri), 0);
      assert.equal(notices().at(-1), `В репозитории Git ${rootUri.path.split('/').pop()} нет незафиксированных изменений, поэтому ничего не прикреплено.`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('#terminal and #symbol: the chips say the command, its exit code and lines, and the symbol and its place, in Russian', async function () {
    this.timeout(120_000);
    const terminal = await integratedTerminal('упоминания');
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'shapes.ts');
    try {
      assert.equal(await runCommand(terminal, "sleep 1; seq -f 'check %g' 21; (exit 2)"), 2);
      const { mentions } = api.chat.host.attachments;
      assert.equal(mentions.addTerminal(terminal), 1);
      assert.equal(chip().note, "sleep 1; seq -f 'check %g' 21; (exit 2): код 2, 21 строка");
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('export class Square {\n  side = 1;\n}\n'));
      const [found] = await symbolsNamed(api, uri, 'Square');
      assert.equal(await mentions.addSymbol(found!), 1);
      assert.equal(chip().note, 'Square в shapes.ts:1');
    } finally {
      terminal.dispose();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(uri);
    }
  });
});
