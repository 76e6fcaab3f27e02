// The chat's #problems, #changes and #symbol as a person picks them, in a real VS Code
// (code-server) with the packaged .vsix and VS Code's own TypeScript and Git extensions: `#` in
// the message box opens VS Code's quick pick, the mention is picked from it, its chip says what it
// holds, and the message the emulator received carried it (the emulator answers with the first
// fenced block of the message it received).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { codeServerDirs } from '../host/codeServer';
import { useWorkbench } from '../support/useWorkbench';
import { ChatWorkbench, type ChatPage } from './chatWorkbench';

const BROKEN = ['export function total(items: number[]): number {', "  const label: number = 'total';", '  return items.length;', '}', ''].join('\n');

/** The workspace as a repository: app.ts changed and staged, README.md changed and not, broken.ts untracked. */
function makeRepository(workspaceDir: string): void {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: workspaceDir, stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'e2e@example.com');
  git('config', 'user.name', 'E2E');
  writeFileSync(path.join(workspaceDir, 'app.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(workspaceDir, 'README.md'), '# App\n');
  git('add', 'app.ts', 'README.md');
  git('commit', '-q', '-m', 'feat: add the app');
  writeFileSync(path.join(workspaceDir, 'app.ts'), 'export const a = 2;\n');
  git('add', 'app.ts');
  writeFileSync(path.join(workspaceDir, 'README.md'), '# The app\n');
}

describe('chat mentions (e2e, packaged extension in code-server)', function () {
  this.timeout(240_000);
  const { control, workbench } = useWorkbench(ChatWorkbench, 'e2e-mentions', {
    settings: { 'multiModelAI.model': 'mira/messenger', 'git.enabled': true },
    files: { 'broken.ts': BROKEN },
    // Runs once the workspace folder holds its files, before the server starts.
    seedUserData: async (userDataDir) => makeRepository(codeServerDirs(path.dirname(userDataDir)).workspaceDir),
  });
  let chat: ChatPage;

  /** Types `#` after `text` in the message box and picks the entry `label` from the quick pick it opens, filtered by `filter`. */
  async function mention(text: string, filter: string, label: string): Promise<void> {
    await chat.composer.click();
    await chat.composer.fill('');
    await chat.composer.pressSequentially(`${text} #`);
    await workbench.quickInput.waitFor({ timeout: 20_000 });
    await workbench.quickInput.fill(filter);
    await workbench.page.locator('.quick-input-list .monaco-list-row:visible', { hasText: label }).first().click();
  }

  /** The code block of the last answer: what the emulator read as the message's first fenced block. */
  const echoed = async () => (await chat.lastAnswer().locator('.markdown-body pre code').first().innerText()).trim();

  it("#problems: the active file's TypeScript error picked from `#`, counted on its chip, quoted with its lines in the message", async () => {
    const { page } = workbench;
    await workbench.openFile('broken.ts');
    // The TypeScript server has read the file: its error is underlined.
    await page.locator('.part.editor .squiggly-error').first().waitFor({ timeout: 90_000 });
    chat = await workbench.openChatView();
    await mention('Why does this fail?', 'problems', 'Problems in broken.ts');
    const chip = chat.frame.locator('.composer .chips .chip-problems');
    await chip.waitFor({ timeout: 20_000 });
    // The error, and TypeScript's hint that `label` is never read.
    assert.equal((await chip.innerText()).trim(), '1 error, 1 note in broken.ts');
    assert.equal(await chat.composer.inputValue(), 'Why does this fail? ');
    await chat.composer.press('Enter');
    await chat.waitForStatus('done');
    assert.deepEqual((await echoed()).split('\n').slice(1), [
      '  1 | export function total(items: number[]): number {',
      "> 2 |   const label: number = 'total';",
      '  3 |   return items.length;',
      '  4 | }',
    ]);
    // mira/messenger speaks the Messages interface only.
    const requests = (await control.requests()).filter((r) => r.endpoint === 'messages');
    assert.deepEqual(
      requests.map((r) => [r.model, r.status]),
      [['mira/messenger', 200]],
    );
  });

  it('#changes: the staged and unstaged diff picked from `#`, counted on its chip, the diff in the message', async () => {
    await mention('Summarise my changes', 'changes', 'Uncommitted Changes');
    const chip = chat.frame.locator('.composer .chips .chip-changes');
    await chip.waitFor({ timeout: 30_000 });
    assert.equal((await chip.innerText()).trim(), '3 files changed, +2 −2');
    await chat.composer.press('Enter');
    await chat.expectTurnCount('assistant', 2);
    await chat.waitForStatus('done');
    const [, header, index, ...diff] = (await echoed()).split('\n');
    assert.equal(header, 'diff --git a/app.ts b/app.ts');
    assert.match(index ?? '', /^index [0-9a-f]+\.\.[0-9a-f]+ 100644$/);
    assert.deepEqual(diff, ['--- a/app.ts', '+++ b/app.ts', '@@ -1 +1 @@', '-export const a = 1;', '+export const a = 2;']);
    const sent = chat.turns('user').last().locator('.chip');
    assert.deepEqual(await sent.allInnerTexts(), ['3 files changed, +2 −2']);
  });

  it('#symbol: the symbol picker searches as the name is typed, and the picked function goes whole with where it is', async () => {
    await mention('Is this right?', 'symbol', 'Symbol…');
    // The second picker: the workspace symbol providers asked again as the name is typed.
    await workbench.quickInput.waitFor({ timeout: 20_000 });
    await workbench.page.locator('.quick-input-widget .quick-input-title', { hasText: 'Attach a Symbol' }).waitFor();
    await workbench.quickInput.pressSequentially('tot');
    await workbench.page.locator('.quick-input-list .monaco-list-row:visible', { hasText: 'broken.ts:1' }).first().click({ timeout: 30_000 });
    const chip = chat.frame.locator('.composer .chips .chip-symbol');
    await chip.waitFor({ timeout: 20_000 });
    assert.equal((await chip.innerText()).trim(), 'total in broken.ts:1');
    await chat.composer.press('Enter');
    await chat.expectTurnCount('assistant', 3);
    await chat.waitForStatus('done');
    assert.deepEqual((await echoed()).split('\n').slice(1), BROKEN.trimEnd().split('\n'));
  });
});
