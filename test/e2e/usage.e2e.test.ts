// Show Usage as a person meets it, in a real VS Code (code-server) with the packaged .vsix:
// after a few answers in the chat, the usage page shows them in its chart and its tables, and
// the README's picture of it is taken.
import * as assert from 'node:assert/strict';
import { useWorkbench } from '../support/useWorkbench';
import { ChatWorkbench } from './chatWorkbench';

describe('usage (e2e, packaged extension in code-server)', function () {
  this.timeout(180_000);
  const { workbench } = useWorkbench(ChatWorkbench, 'e2e-usage');

  it('after three answers in the chat, Show Usage shows them by model, key and project', async () => {
    const chat = await workbench.openChatView();
    await chat.pickModel('acme/chat-large');
    for (const question of ['Explain a debounce helper', 'Show me a binary search in TypeScript', 'What does Array.prototype.at do?']) {
      await chat.send(question);
      await chat.waitForStatus('done');
    }
    await workbench.runCommand('Multi-Model AI: Show Usage');
    const page = await workbench.webviewFrame('Multi-Model AI Usage');
    await page.locator('.day-chart .segment').first().waitFor();
    assert.deepEqual(await page.locator('.by-model tbody th').allTextContents(), ['acme/chat-large']);
    assert.equal(await page.locator('.by-model tbody td').nth(1).textContent(), '3');
    assert.equal(await page.locator('.by-project tbody th').count(), 1);
    await workbench.runCommand('Notifications: Clear All Notifications');
    // The palette fades out: not in the picture.
    await workbench.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await workbench.docsScreenshot('usage');
  });
});
