// Refactor Selection as a person does it, in a real VS Code (code-server) with the packaged
// .vsix: select code, run Refactor Selection from the editor context menu, pick a preset,
// watch the diff fill beside the file, accept from the diff's title bar, see the file changed.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { useWorkbench } from '../support/useWorkbench';
import { ChatWorkbench } from './chatWorkbench';

const SOURCE = [
  'export function total(items) {',
  '  let sum = 0',
  '  for (let i = 0; i < items.length; i++) { sum = sum + items[i] }',
  '  return sum',
  '}',
  '',
  'export const untouched = 1;',
  '',
].join('\n');
// Scripted as a model would answer: prose, then the code in a fence.
const REPLY = [
  'Here is a simpler version:',
  '',
  '```ts',
  'export function total(items: number[]): number {',
  '  return items.reduce((sum, item) => sum + item, 0);',
  '}',
  '```',
].join('\n');

describe('Refactor Selection (e2e, packaged extension in code-server)', function () {
  this.timeout(180_000);
  const { control, workbench } = useWorkbench(ChatWorkbench, 'e2e-refactor', {
    settings: { 'multiModelAI.model': 'acme/chat-large' },
    files: { 'total.ts': SOURCE },
  });

  /** Opens total.ts and selects its last line (the file ends with a line break). */
  async function selectLastLine(): Promise<void> {
    const { page } = workbench;
    await workbench.openFile('total.ts');
    await page.locator('.editor-instance .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Shift+ArrowUp');
  }

  it('select, Refactor Selection from the context menu, pick a preset, watch the diff fill, accept, see the file changed', async () => {
    const { page } = workbench;
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'total.ts' }).click();
    await page.locator('.tab', { hasText: 'total.ts' }).waitFor();
    const lines = page.locator('.editor-instance .view-lines').first();
    // Select the function: its five lines, from the start of the file.
    await lines.click();
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowDown');

    await control.queueReplies([REPLY]);
    // A pause inside the code block, so the half-filled diff can be seen.
    await control.queueFaults('chat', [{ type: 'stall', afterDeltas: 12, ms: 3_000 }]);
    await lines
      .locator('.view-line')
      .first()
      .click({ button: 'right', position: { x: 40, y: 5 } });
    await workbench.pickMenuItem('Refactor Selection');
    const presets = page.locator('.quick-input-list .monaco-list-row');
    await presets.first().waitFor();
    const offered = await presets.allInnerTexts();
    for (const label of ['Improve readability', 'Fix bugs', 'Add types', 'Add doc comments', 'Simplify']) {
      assert.ok(
        offered.some((text) => text.includes(label)),
        `${label} is not offered: ${offered.join(' | ')}`,
      );
    }
    await presets.filter({ hasText: 'Simplify' }).click();

    // The diff opens beside the file and fills while the reply streams, with Cancel at hand.
    await page.locator('.tab', { hasText: 'Proposed refactoring' }).waitFor();
    const proposed = page.locator('.monaco-diff-editor .editor.modified .view-lines:not(.line-delete)');
    const progress = page.locator('.notification-toast', { hasText: 'Refactoring total.ts' });
    await progress.getByRole('button', { name: 'Cancel' }).waitFor();
    await page.waitForFunction(
      () => {
        const shown = document.querySelector('.monaco-diff-editor .editor.modified .view-lines:not(.line-delete)')?.textContent ?? '';
        const text = shown.replace(/\u00a0/g, ' ');
        return text.includes('items: number[]') && !text.includes('reduce');
      },
      undefined,
      { timeout: 30_000 },
    );
    await page.locator('.notification-toast', { hasText: 'The proposed code is ready' }).waitFor({ timeout: 30_000 });
    assert.ok((await proposed.innerText()).replace(/\u00a0/g, ' ').includes('reduce((sum, item)'), 'the whole proposal is in the diff');

    await page.locator('.editor-actions .action-label[aria-label="Accept Refactoring"]').click();
    await page.locator('.tab', { hasText: 'Proposed refactoring' }).waitFor({ state: 'hidden' });
    // The file's own editor shows the new code, and the rest of the file as it was.
    const editorText = async () => (await page.locator('.editor-instance .view-lines').first().innerText()).replace(/\s+/g, ' ');
    await page.waitForFunction(
      () =>
        document
          .querySelector('.editor-instance .view-lines')
          ?.textContent?.replace(/\u00a0/g, ' ')
          .includes('items.reduce'),
      undefined,
      { timeout: 10_000 },
    );
    const text = await editorText();
    assert.ok(text.includes('export function total(items: number[]): number {'), text);
    assert.ok(text.includes('return items.reduce((sum, item) => sum + item, 0);'), text);
    assert.ok(!text.includes('let sum = 0'), text);
    assert.ok(text.includes('export const untouched = 1;'), `the rest of the file is kept: ${text}`);
    assert.equal(await page.locator('.tab', { hasText: 'total.ts' }).count(), 1, 'the file is shown once, where it was');
  });

  it('a proposal with a zero-width space: Accept says so and applies it without', async () => {
    const { page } = workbench;
    await selectLastLine();
    await control.queueReplies(['```ts\nexport const is\u200BAdmin = 1;\n```']);
    await workbench.runCommand('Multi-Model AI: Refactor Selection');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Simplify' }).click();
    await page.locator('.notification-toast', { hasText: 'The proposed code is ready' }).waitFor({ timeout: 30_000 });
    await page.locator('.editor-actions .action-label[aria-label="Accept Refactoring"]').click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /The proposed code holds 1 hidden character \(U\+200B zero width space\)/);
    await dialog.getByRole('button', { name: 'Remove Hidden Characters' }).click();
    await page.locator('.tab', { hasText: 'Proposed refactoring' }).waitFor({ state: 'hidden' });
    await workbench.runCommand('File: Save All Files');
    const onDisk = () => readFileSync(path.join(workbench.server.workspaceDir, 'total.ts'), 'utf8');
    for (let attempt = 0; attempt < 40 && !onDisk().includes('Admin = 1'); attempt++) await page.waitForTimeout(250);
    assert.ok(onDisk().includes('export const isAdmin = 1;'), JSON.stringify(onDisk()));
  });
  it("says the request's price in its progress as it goes, before the model answers", async () => {
    const { page } = workbench;
    await selectLastLine();
    await control.queueReplies(['```ts\nexport const untouched = 2;\n```']);
    // Silent for a while before its first word: the progress says the price meanwhile.
    await control.queueFaults('chat', [{ type: 'stall', afterDeltas: 0, ms: 4_000 }]);
    await workbench.runCommand('Multi-Model AI: Refactor Selection');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Simplify' }).click();
    // acme/chat-large answers at most 16,384 tokens at 0.001 ₽ each.
    const progress = page.locator('.notification-toast', { hasText: 'Refactoring total.ts' });
    await progress.filter({ hasText: '₽ to send · up to 16.38 ₽ for the answer · waiting for the model…' }).waitFor({ timeout: 30_000 });
    assert.match((await progress.innerText()).replace(/\s+/g, ' '), /≈ 0\.\d+ ₽ to send · up to 16\.38 ₽ for the answer · waiting for the model…/);
    await page.locator('.notification-toast', { hasText: 'The proposed code is ready' }).waitFor({ timeout: 30_000 });
  });
});
