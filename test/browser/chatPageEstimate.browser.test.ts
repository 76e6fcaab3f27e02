// The composer's price line in Chromium: asked for as the person types (once typing pauses) and
// when what the message goes with changes, shown as the host prices it, its split in a tooltip on
// hover and keyboard focus that is also the line's description; absent without prices.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useChatPage } from '../support/useChatPage';
import { RUSSIAN } from './fixtures/chatPageServer';
import { ESTIMATE, answerDraft } from './fixtures/chatStates';

/** The page's drafts sent to be priced since the last call. */
const drafts = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { toHost: { type: string; text?: string }[] }).toHost
      .splice(0)
      .filter((m) => m.type === 'composer/draft')
      .map((m) => m.text),
  );
const dispatch = (page: Page, data: object) => page.evaluate((data) => window.dispatchEvent(new MessageEvent('message', { data })), data);
/** What a person sees and what a screen reader is told of the line. */
const seen = (page: Page) =>
  page.evaluate(() => {
    const line = document.querySelector<HTMLElement>('.estimate-line')!;
    const split = document.getElementById(line.getAttribute('aria-describedby')!)!;
    return {
      visible: !line.closest('[hidden]'),
      line: line.textContent,
      description: Array.from(split.children, (c) => c.textContent),
      splitShown: getComputedStyle(split).display !== 'none',
    };
  });

describe('the chat page in Chromium, the price before sending', () => {
  const { page, errors } = useChatPage();

  beforeEach(async () => {
    await page.reload();
    await page.locator('textarea.composer-input').waitFor();
  });

  it('asks once typing pauses, shows the price, and its split on keyboard focus', async () => {
    await drafts(page);
    const input = page.locator('textarea.composer-input');
    await input.pressSequentially('How do I sort?', { delay: 20 });
    await answerDraft(page, 'How do I sort?', ESTIMATE);
    // Typing asked once, after the pause: not once a key.
    assert.deepEqual(await drafts(page), ['How do I sort?']);
    const shown = await seen(page);
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.className);
    assert.deepEqual(
      { shown, focused, onFocus: (await seen(page)).splitShown },
      {
        shown: {
          visible: true,
          line: '≈ 0.42 ₽ to send · up to 3.10 ₽ for the answer',
          description: ['History: ≈ 0.30 ₽', 'Attachments: ≈ 0.05 ₽', 'Instructions: ≈ 0.04 ₽', 'Your message: ≈ 0.03 ₽'],
          splitShown: false,
        },
        focused: 'estimate-line',
        onFocus: true,
      },
    );
    // The split lies over the message box while it shows: a click there still reaches the box.
    await input.click();
    assert.deepEqual(
      { focused: await page.evaluate(() => document.activeElement?.className), hidden: !(await seen(page)).splitShown },
      { focused: 'composer-input', hidden: true },
    );
    assert.deepEqual(errors(), []);
  });

  it("passes over an older draft's price, and hides the line when the host has none (no prices, nothing to send)", async () => {
    const input = page.locator('textarea.composer-input');
    await input.fill('First');
    await answerDraft(page, 'First', ESTIMATE);
    await input.fill('Second');
    await page.waitForFunction(() =>
      (window as unknown as { toHost: { type: string; text?: string }[] }).toHost.some((m) => m.type === 'composer/draft' && m.text === 'Second'),
    );
    // The answer to "First" arriving late changes nothing; the answer to "Second" without a price hides the line.
    await dispatch(page, { type: 'composer/estimate', seq: 0, estimate: { ...ESTIMATE, sendRub: 9 } });
    const stale = (await seen(page)).line;
    await answerDraft(page, 'Second', undefined);
    assert.deepEqual({ stale, after: (await seen(page)).visible }, { stale: '≈ 0.42 ₽ to send · up to 3.10 ₽ for the answer', after: false });
  });

  it('asks again at once when the chips, the model or the conversation change, and says the input alone when nothing bounds the answer', async () => {
    const input = page.locator('textarea.composer-input');
    await input.fill('Explain this');
    await answerDraft(page, 'Explain this', ESTIMATE);
    await drafts(page);
    await dispatch(page, { type: 'context/set', chips: [] });
    await dispatch(page, { type: 'reply/end', turn: { id: 'a9', role: 'assistant', text: 'x', status: 'done', createdAt: '2026-11-20T10:00:00.000Z' } });
    await answerDraft(page, 'Explain this', { sendRub: 0.004, parts: ESTIMATE.parts });
    assert.deepEqual({ asked: await drafts(page), line: (await seen(page)).line }, { asked: ['Explain this', 'Explain this'], line: '≈ 0.0040 ₽ to send' });
  });

  it('says which message the draft replaces, as Edit makes it', async () => {
    const turn = { id: 'u1', role: 'user', text: 'First', mode: 'chat', context: [], createdAt: '2026-11-20T10:00:00.000Z' };
    await dispatch(page, { type: 'conversation/show', conversation: { id: 'c1', title: 'c1', turns: [turn], earlier: 0 }, busy: false });
    await drafts(page);
    await page.locator('.turn-user button[aria-label="Edit and resend"]').click();
    await answerDraft(page, 'First', ESTIMATE);
    const editing = await page.evaluate(() =>
      (window as unknown as { toHost: { type: string; editing?: string }[] }).toHost.filter((m) => m.type === 'composer/draft').map((m) => m.editing),
    );
    assert.equal(editing.at(-1), 'u1');
  });

  describe('in Russian', () => {
    const russian = useChatPage({ language: RUSSIAN });

    it('words the line and its split in Russian, with the Russian money format', async () => {
      await russian.page.locator('textarea.composer-input').fill('Как отсортировать?');
      await answerDraft(russian.page, 'Как отсортировать?', ESTIMATE);
      const shown = await seen(russian.page);
      assert.deepEqual(
        { line: shown.line, description: shown.description },
        {
          line: '≈ 0,42 ₽ за отправку · до 3,10 ₽ за ответ',
          description: ['История: ≈ 0,30 ₽', 'Вложения: ≈ 0,05 ₽', 'Инструкции: ≈ 0,04 ₽', 'Ваше сообщение: ≈ 0,03 ₽'],
        },
      );
    });
  });
});
