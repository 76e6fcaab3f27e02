// The chat in a Russian VS Code (code-server started with --locale ru and a test language pack):
// a streamed answer with its usage and cost, and an error card, each in Russian, with numbers and
// money formatted for Russian. Also takes the Russian README's screenshot (docs/images/chat-ru.png).
import * as assert from 'node:assert/strict';
import { useWorkbench } from '../support/useWorkbench';
import { ChatWorkbench, type ChatPage } from './chatWorkbench';

const RUSSIAN_ANSWER = [
  'Пройдите по массиву методом `map` и умножьте каждое число на два:',
  '',
  '```ts',
  'const doubled = values.map((value) => value * 2);',
  '```',
  '',
  '`map` возвращает новый массив, исходный остаётся прежним.',
].join('\n');

describe('chat in a Russian VS Code (e2e, packaged extension in code-server)', function () {
  this.timeout(180_000);
  // Seeded: the key prompt speaks Russian, and typing into it is the English suite's concern.
  const { control, workbench } = useWorkbench(ChatWorkbench, 'e2e-chat-ru', { locale: 'ru', key: 'seeded' });
  let chat: ChatPage;

  it('opens by its Russian title and names the commands of the empty chat in Russian', async () => {
    chat = await workbench.openChatView('Multi-Model AI: Открыть чат');
    assert.equal(
      await chat.frame.locator('.empty-state p').textContent(),
      'Напишите вопрос ниже или выделите код в редакторе и выполните «Multi-Model AI: Объяснить выделенный фрагмент» или «Multi-Model AI: Добавить выделенный фрагмент в чат». Чтобы создать изображение, начните сообщение с /image.',
    );
    assert.equal(await chat.composer.getAttribute('aria-label'), 'Сообщение');
  });

  it('streams an answer whose usage and cost read in Russian, with grouped digits and a decimal comma', async () => {
    await chat.pickModel('acme/chat-large');
    await control.queueReplies([RUSSIAN_ANSWER]);
    await chat.send('Как удвоить каждое число в массиве?');
    await chat.waitForStatus('done');
    assert.equal(await chat.lastAnswer().locator('.code-block .code-lang').textContent(), 'TypeScript');
    // Intl groups Russian digits with a no-break space; the cost has a decimal comma.
    assert.match((await chat.lastAnswer().locator('.usage').textContent()) ?? '', /^Токены: [\d\u00a0]+ на входе · [\d\u00a0]+ на выходе · ≈ \d+,\d\d ₽$/);
  });

  it('explains an exhausted balance on a Russian error card, keeps the message, and does not retry', async () => {
    await control.queueFaults('chat', [{ type: 'status', status: 402, code: 'insufficient_balance' }]);
    await chat.send('Объясни замыкания');
    await chat.waitForStatus('failed');
    const card = chat.lastAnswer().locator('.error-card');
    assert.equal(
      await card.locator('.card-message').textContent(),
      'Баланс исчерпан (ключ По умолчанию · sk_test_al…): пополните баланс в кабинете и повторите.',
    );
    assert.match((await card.locator('.request-id').textContent()) ?? '', /^Идентификатор запроса: req_[0-9a-f]+/);
    assert.equal(await chat.turns('user').last().locator('.user-text').textContent(), 'Объясни замыкания', 'the message is kept');
    assert.equal((await control.requests()).filter((r) => r.endpoint === 'chat').length, 2, 'a payment failure is sent once');
  });

  it('takes the Russian screenshot', async () => {
    await workbench.runCommand('Notifications: Clear All Notifications');
    await workbench.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await workbench.docsScreenshot('chat-ru');
  });
});
