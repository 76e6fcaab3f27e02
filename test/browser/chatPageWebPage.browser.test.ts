// A web page's chip in Chromium, fed what the host sends: its title and size in its text, its
// address on hover, a title holding markup shown as text, and removal from the keyboard.
import * as assert from 'node:assert/strict';
import { decodeToHost } from '#src/chat/common/protocol/protocol';
import { useChatPage } from '../support/useChatPage';

const pageChip = {
  id: 'w1',
  kind: 'url',
  fileName: '<img src=x onerror="window.hit=1">Geo Guide',
  path: 'https://docs.example/geo?tab=<b>',
  languageId: 'markdown',
  startLine: 1,
  endLine: 40,
  uri: 'https://docs.example/geo?tab=<b>',
  note: '48 KB',
};

describe('the chat page in Chromium, a web page chip', () => {
  const { page, errors } = useChatPage();

  beforeEach(async () => {
    await page.reload();
    await page.locator('textarea.composer-input').waitFor();
  });
  afterEach(() => assert.deepEqual(errors(), []));

  it('shows the title and size as text, the address on hover, runs nothing of the title, and removes by its button from the keyboard', async () => {
    await page.evaluate((data) => window.dispatchEvent(new MessageEvent('message', { data })), { type: 'context/set', chips: [pageChip] });
    const chip = page.locator('.composer .chip-url');
    assert.deepEqual(
      [
        await chip.textContent(),
        await chip.getAttribute('title'),
        await chip.locator('img').count(),
        await chip.locator('.codicon-globe').count(),
        await page.evaluate(() => (window as unknown as { hit?: number }).hit),
      ],
      ['<img src=x onerror="window.hit=1">Geo Guide — 48 KB', 'https://docs.example/geo?tab=<b>', 0, 1, undefined],
    );
    await page.getByRole('button', { name: 'Remove <img src=x onerror="window.hit=1">Geo Guide' }).focus();
    await page.keyboard.press('Enter');
    const messages = await page.evaluate(() =>
      (window as unknown as { toHost: { type: string }[] }).toHost.splice(0).filter((m) => m.type.startsWith('context/')),
    );
    for (const message of messages) assert.ok(decodeToHost(message).ok, `${message.type} passes the protocol`);
    assert.deepEqual(messages, [{ type: 'context/remove', id: 'w1' }]);
  });
});
