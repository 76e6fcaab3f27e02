// The chips of the `#` mentions in Chromium, fed what the host sends: each says what it holds in
// its text, with its kind's icon and its place on hover, and removes by its button from the
// keyboard. What the page posts back is checked against the protocol.
import * as assert from 'node:assert/strict';
import { decodeToHost } from '#src/chat/common/protocol/protocol';
import { useChatPage } from '../support/useChatPage';
import { MENTION_CHIPS } from './fixtures/chatStates';

describe('the chat page in Chromium, its mention chips', () => {
  const { page, errors } = useChatPage();

  beforeEach(async () => {
    await page.reload();
    await page.locator('textarea.composer-input').waitFor();
  });
  afterEach(() => assert.deepEqual(errors(), []));

  const send = (data: object) => page.evaluate((data) => window.dispatchEvent(new MessageEvent('message', { data })), data);
  const sent = async () => {
    const messages = await page.evaluate(() =>
      (window as unknown as { toHost: { type: string }[] }).toHost.splice(0).filter((m) => m.type.startsWith('context/')),
    );
    for (const message of messages) assert.ok(decodeToHost(message).ok, `${message.type} passes the protocol`);
    return messages;
  };

  it('#changes, #terminal and #symbol: each chip says what it holds, shows its icon, and names its place on hover', async () => {
    await send({ type: 'context/set', chips: MENTION_CHIPS });
    const chips = await page
      .locator('.composer .chip')
      .evaluateAll((elements) => elements.map((e) => [e.className, e.querySelector('.codicon')?.className, e.textContent, e.getAttribute('title')]));
    assert.deepEqual(chips, [
      ['chip chip-changes', 'codicon codicon-git-compare', '3 files changed, +40 −12', 'shop'],
      ['chip chip-terminal', 'codicon codicon-terminal', 'npm test: exit 1, last 180 of 2,400 lines', 'bash'],
      ['chip chip-symbol', 'codicon codicon-symbol-method', 'area in src/geo.ts:12', 'src/geo.ts'],
    ]);
  });

  it('a mention chip is removed from the keyboard by its button, named by what it holds', async () => {
    await send({ type: 'context/set', chips: MENTION_CHIPS });
    await sent();
    const remove = page.getByRole('button', { name: 'Remove npm test: exit 1, last 180 of 2,400 lines' });
    await remove.focus();
    await page.keyboard.press('Enter');
    assert.deepEqual(await sent(), [{ type: 'context/remove', id: 'm2' }]);
  });
});
