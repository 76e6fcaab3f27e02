// Generate Commit Message and Fix with the model as a person uses them, in a real VS Code
// (code-server) with the packaged .vsix and VS Code's own Git and TypeScript extensions: the
// Source Control title's button writes the message into the commit box, and one Undo there brings
// back the text it replaced; the light bulb on a TypeScript error offers Fix, whose diff is
// accepted from its title bar. Also takes the README's screenshots of both.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Locator } from 'playwright-core';
import { codeServerDirs } from '../host/codeServer';
import { useWorkbench } from '../support/useWorkbench';
import { ChatWorkbench } from './chatWorkbench';

/** The commit message box of the Source Control view. */
const COMMIT_BOX = '.part.sidebar .scm-editor-container';
const BROKEN = ['export function total(items: number[]): number {', "  const label: number = 'total';", '  return items.length;', '}', ''].join('\n');
const FIXED_REPLY = [
  '```ts',
  'export function total(items: number[]): number {',
  "  const label: string = 'total';",
  '  return items.length;',
  '}',
  '```',
].join('\n');

/** The workspace as a repository with two commits and a staged change of app.ts. */
function makeRepository(workspaceDir: string): void {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: workspaceDir, stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'e2e@example.com');
  git('config', 'user.name', 'E2E');
  writeFileSync(path.join(workspaceDir, 'app.ts'), 'export const a = 1;\n');
  git('add', 'app.ts');
  git('commit', '-q', '-m', 'feat: add the app');
  writeFileSync(path.join(workspaceDir, 'app.ts'), 'export const a = 2;\n');
  git('add', 'app.ts');
}

describe('Commit message and Fix with the model (e2e, packaged extension in code-server)', function () {
  this.timeout(240_000);
  const { control, workbench } = useWorkbench(ChatWorkbench, 'e2e-commit-fix', {
    settings: { 'multiModelAI.model': 'acme/chat-large', 'git.enabled': true },
    files: { 'broken.ts': BROKEN },
    // Runs once the workspace folder holds its files, before the server starts.
    seedUserData: async (userDataDir) => makeRepository(codeServerDirs(path.dirname(userDataDir)).workspaceDir),
  });

  /** The Source Control view open, with its Generate Commit Message button. */
  async function generateButton(): Promise<Locator> {
    const { page } = workbench;
    const button = page.locator('.action-label[aria-label*="Generate Commit Message"]').first();
    // A workbench still starting can swallow the keys: press them again (bounded).
    for (let attempt = 1; !(await button.isVisible()); attempt++) {
      assert.ok(attempt <= 6, 'the Source Control view shows no Generate Commit Message button');
      await page.keyboard.press('Control+Shift+G');
      await button.waitFor({ timeout: 10_000 }).catch(() => undefined);
    }
    return button;
  }

  /** The text of the commit message box, as it shows. */
  const commitBoxText = async () => (await workbench.page.locator(COMMIT_BOX).locator('.view-lines').innerText()).replace(/\u00a0/g, ' ');

  /** Resolves once the commit message box shows exactly `text`. */
  const commitBoxShows = (text: string) =>
    workbench.page.waitForFunction(
      ([box, expected]) => (document.querySelector(`${box} .view-lines`) as HTMLElement | null)?.innerText.replace(/\u00a0/g, ' ') === expected,
      [COMMIT_BOX, text] as const,
      { timeout: 30_000 },
    );

  it("the Source Control title's button writes the message for the staged change into the commit box", async () => {
    const { page } = workbench;
    const button = await generateButton();
    // The set-up's notifications are not part of the picture taken below.
    await workbench.runCommand('Notifications: Clear All Notifications');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    // Queued only now: a reply left unused would answer the next test's request.
    await control.queueReplies(['feat: raise a to 2']);
    await button.click();
    await commitBoxShows('feat: raise a to 2');
    await page.locator('.notification-toast', { hasText: 'Writing the commit message' }).waitFor({ state: 'hidden' });
    await workbench.docsScreenshot('commit-message');
  });

  it('one Undo in the commit box brings back the text the message replaced', async () => {
    const { page } = workbench;
    const button = await generateButton();
    await page.locator(COMMIT_BOX).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('old text');
    await commitBoxShows('old text');
    await control.queueReplies(['feat: raise a to 2 again']);
    await button.click();
    await commitBoxShows('feat: raise a to 2 again');
    await page.locator('.notification-toast', { hasText: 'Writing the commit message' }).waitFor({ state: 'hidden' });
    await page.locator(COMMIT_BOX).click();
    await page.keyboard.press('Control+Z');
    // Said with what the box shows when the Undo brought back something else.
    await commitBoxShows('old text').catch(() => undefined);
    assert.equal(await commitBoxText(), 'old text');
  });

  it("the light bulb's Fix on a TypeScript error shows the diff, and Accept applies it", async () => {
    const { page } = workbench;
    await workbench.openFile('broken.ts');
    // The TypeScript server starts and underlines the error.
    await page.locator('.editor-instance .squiggly-error').first().waitFor({ timeout: 90_000 });
    await page.locator('.editor-instance .view-line', { hasText: 'const label' }).first().click();
    await control.queueReplies([FIXED_REPLY]);
    await page.keyboard.press('Control+.');
    const fix = page.locator('.action-widget .monaco-list-row', { hasText: 'Fix with Multi-Model AI' });
    await fix.waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('.action-widget .monaco-list-row', { hasText: 'Explain with Multi-Model AI' }).count(), 1);
    await fix.click();
    await page.locator('.tab', { hasText: 'Proposed fix' }).waitFor({ timeout: 30_000 });
    await page.locator('.notification-toast', { hasText: 'The proposed code is ready' }).waitFor({ timeout: 30_000 });
    await workbench.docsScreenshot('fix-diff');
    await page.locator('.editor-actions .action-label[aria-label="Accept Refactoring"]').click();
    await page.locator('.tab', { hasText: 'Proposed fix' }).waitFor({ state: 'hidden' });
    await page.waitForFunction(
      () => (document.querySelector('.editor-instance .view-lines')?.textContent ?? '').replace(/\u00a0/g, ' ').includes("const label: string = 'total';"),
      undefined,
      { timeout: 10_000 },
    );
  });
});
