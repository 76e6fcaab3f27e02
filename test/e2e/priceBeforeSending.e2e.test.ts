// The price before sending in a real VS Code (code-server) with the packaged .vsix: the
// composer's line as a person types, at the emulator catalog's prices, its split reached from the
// keyboard, and the history joining it once an answer is in the conversation; in English and in a
// Russian VS Code.
import * as assert from 'node:assert/strict';
import { useWorkbench } from '../support/useWorkbench';
import { ChatWorkbench, type ChatPage } from './chatWorkbench';

/**
 * The line and its split, once the line says `line` and, given `whole`, the split prices the whole
 * draft: the draft is priced as it is typed (debounced), and a partial draft's line can read the same.
 */
async function estimate(chat: ChatPage, line: string, whole?: string): Promise<{ line: string; split: string[] }> {
  const shown = chat.frame.locator('.estimate-line', { hasText: line });
  await shown.waitFor({ timeout: 30_000 });
  if (whole !== undefined) await chat.frame.locator('.estimate-split > div', { hasText: whole }).waitFor({ state: 'attached', timeout: 30_000 });
  return { line: (await shown.textContent()) ?? '', split: await chat.frame.locator('.estimate-split > div').allTextContents() };
}

describe('the price before sending (e2e, packaged extension in code-server)', function () {
  this.timeout(180_000);
  const { control, workbench } = useWorkbench(ChatWorkbench, 'e2e-price', { key: 'seeded' });
  let chat: ChatPage;

  it("shows what the typed message costs at the catalog's prices, and the answer's bound; its split on keyboard focus", async () => {
    chat = await workbench.openChatView();
    await chat.pickModel('acme/chat-large');
    await chat.composer.click();
    await chat.composer.pressSequentially('Explain closures');
    // 41 tokens of instructions and 6 of the message at 0.00025 ₽ a token; 16,384 answer tokens at 0.001 ₽.
    const shown = await estimate(chat, '≈ 0.01 ₽ to send · up to 16.38 ₽ for the answer', 'Your message: ≈ 0.0015 ₽');
    await chat.composer.press('Tab');
    await chat.frame.locator('.estimate-split').waitFor({ state: 'visible' });
    assert.deepEqual(shown, {
      line: '≈ 0.01 ₽ to send · up to 16.38 ₽ for the answer',
      split: ['History: ≈ 0.00 ₽', 'Attachments: ≈ 0.00 ₽', 'Instructions: ≈ 0.01 ₽', 'Your message: ≈ 0.0015 ₽'],
    });
  });

  it('prices the conversation so far once an answer is in it', async () => {
    await control.queueReplies(['word '.repeat(400)]);
    await chat.send('Explain closures');
    await chat.waitForStatus('done');
    await chat.composer.pressSequentially('And promises?');
    // The history: the question (6 tokens) and the 400-word answer (404), at 0.00025 ₽ a token; 458 tokens in all.
    const shown = await estimate(chat, '≈ 0.11 ₽ to send');
    assert.equal(shown.split[0], 'History: ≈ 0.10 ₽');
  });
});

describe('the price before sending in a Russian VS Code (e2e)', function () {
  this.timeout(180_000);
  const { workbench } = useWorkbench(ChatWorkbench, 'e2e-price-ru', { locale: 'ru', key: 'seeded' });

  it('words the line and its split in Russian, with a decimal comma', async () => {
    const chat = await workbench.openChatView('Multi-Model AI: Открыть чат');
    await chat.pickModel('acme/chat-large');
    await chat.composer.click();
    await chat.composer.pressSequentially('Объясни замыкания');
    const shown = await estimate(chat, 'за отправку', 'Ваше сообщение: ≈ 0,0023 ₽');
    assert.deepEqual(shown, {
      line: '≈ 0,01 ₽ за отправку · до 16,38 ₽ за ответ',
      split: ['История: ≈ 0,00 ₽', 'Вложения: ≈ 0,00 ₽', 'Инструкции: ≈ 0,01 ₽', 'Ваше сообщение: ≈ 0,0023 ₽'],
    });
  });
});
