// A key's budget as a person meets it, in a real VS Code (code-server) with the packaged .vsix:
// Set Budget… in Manage API Keys, the status bar's warning with its tooltip once the day's
// budget is spent, told once in a notification, and the chat's card with Send Anyway.
import * as assert from 'node:assert/strict';
import { useWorkbench } from '../support/useWorkbench';
import { ChatWorkbench } from './chatWorkbench';

/** Resolves once `read` gives something (bounded). */
async function until<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('budgets (e2e, packaged extension in code-server)', function () {
  this.timeout(180_000);
  const { workbench, control } = useWorkbench(ChatWorkbench, 'e2e-budget', { files: { 'sum.ts': 'export const sum = (a, b) => a + b;\n' } });
  const posted = async () => (await control.requests()).filter((r) => r.method === 'POST').length;

  it('a day’s budget spent: the status bar warns, a notification says it once, the chat sends only on Send Anyway, Refactor Selection asks in a dialog', async () => {
    const chat = await workbench.openChatView();
    await chat.pickModel('acme/chat-large');

    await workbench.runCommand('Multi-Model AI: Manage API Keys');
    await workbench.pickItem('Default');
    await workbench.page.locator('.quick-input-widget', { hasText: 'Set Budget…' }).waitFor();
    await workbench.pickItem('Set Budget…');
    await workbench.page.locator('.quick-input-widget', { hasText: 'Budget of the key Default (1/2)' }).waitFor();
    // A wrong amount is said under the box, and nothing is kept.
    await workbench.quickInput.fill('three hundred');
    await workbench.page.locator('.quick-input-message', { hasText: 'Type an amount in roubles, such as 300 or 250,50' }).waitFor();
    await workbench.typeInInput('0,01');
    await workbench.page.locator('.quick-input-widget', { hasText: 'Budget of the key Default (2/2)' }).waitFor();
    await workbench.typeInInput('');
    await workbench.notification('The key Default: 0.01 ₽ a day, no monthly budget.').waitFor();

    await chat.send('Explain a debounce helper');
    await chat.waitForStatus('done');
    const item = workbench.page.locator('.statusbar-item', { hasText: 'chat-large' }).first();
    await workbench.page.locator('.statusbar-item.warning-kind', { hasText: 'chat-large' }).first().waitFor();
    const label = await item.locator('a').first().getAttribute('aria-label');
    assert.match(label ?? '', /^Multi-Model AI: model acme\/chat-large\. Budget reached: [\d.]+ ₽ of 0\.01 ₽ today\.$/);
    await workbench.notification('Budget reached:').waitFor();

    const asked = await posted();
    await chat.send('And a throttle helper?');
    await chat.waitForStatus('failed');
    assert.match((await chat.lastAnswer().locator('.error-card .card-message').textContent()) ?? '', /^Budget reached: [\d.]+ ₽ of 0\.01 ₽ today\.$/);
    assert.equal(await posted(), asked, 'nothing was sent');
    await chat.button('Send Anyway');
    await chat.waitForStatus('done');
    assert.equal(await posted(), asked + 1);
    // One notification for the day, however often the status bar is drawn again.
    assert.equal(await workbench.page.locator('.notification-list-item', { hasText: 'Budget reached:' }).count(), 1);

    // Refactor Selection asks the same in a dialog: Cancel sends nothing, Send Anyway sends it.
    const { page } = workbench;
    await workbench.openFile('sum.ts');
    await page.locator('.tab', { hasText: 'sum.ts' }).waitFor();
    const dialog = page.locator('.monaco-dialog-box');
    for (const answer of ['Cancel', 'Send Anyway']) {
      const before = await posted();
      await page.locator('.editor-instance .view-lines').first().click();
      await page.keyboard.press('Control+A');
      await workbench.runCommand('Multi-Model AI: Refactor Selection');
      await workbench.pickItem('Add types');
      await dialog.waitFor();
      assert.match(await dialog.innerText(), /Budget reached: [\d.]+ ₽ of 0\.01 ₽ today\./);
      // In the platform's order (on Linux the first is the rightmost).
      const buttons = await dialog.locator('.dialog-buttons a.monaco-button, .dialog-buttons button').allInnerTexts();
      assert.deepEqual(buttons.sort(), ['Cancel', 'Change Budget', 'Send Anyway']);
      await dialog.getByRole('button', { name: answer, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      if (answer === 'Cancel') assert.equal(await posted(), before, 'nothing was sent');
      else await until(async () => ((await posted()) === before + 1 ? true : undefined), 'the refactoring to be asked');
    }
  });
});
