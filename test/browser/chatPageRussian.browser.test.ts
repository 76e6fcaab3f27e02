// The chat page in a Russian VS Code: the host's first message carries the Russian bundle and
// the language "ru" (fixtures/chatPageServer.ts), and the page words everything in it. In each
// state a person meets, no English word is left in what the page shows or names (text, titles,
// accessible names, placeholders); the texts that hold numbers, money and dates are compared whole.
import * as assert from 'node:assert/strict';
import { useChatPage } from '../support/useChatPage';
import { COMMAND_TITLES, RUSSIAN, SLASH_COMMANDS } from './fixtures/chatPageServer';

const createdAt = '2026-11-20T10:00:00.000Z';
const MODEL = 'acme/chat-large';
const REQUEST_ID = 'req_96b2aa5de313558e2b20c4f1a7e9d0b3';
const IMAGES = ['images/lighthouse.png', 'images/lighthouse-2.png'];
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/** What the person and the models wrote, and names from the service and the disk: not the page's words. */
const DATA = [
  'src/geo.py',
  'geo.py',
  MODEL,
  'mira/messenger',
  'acme/reasoner',
  'acme/painter',
  REQUEST_ID,
  ...IMAGES.map((label) => `/work/project/${label}`),
  ...IMAGES,
  'TypeScript',
];
/** Names that stay as they are in Russian (docs/TRANSLATION.md), and keys on the keyboard. */
const KEPT = ['HTTP', 'Multi-Model AI', 'Multi Model AI: Max Tokens', 'Max Tokens', '/image', 'Shift+Enter', 'Enter', 'Esc', 'Markdown'];

const question = (id: string, text: string, mode = 'chat') => ({ id, role: 'user', text, mode, context: [], createdAt });
const answer = (id: string, fields: object) => ({ id, role: 'assistant', text: '', status: 'done', model: MODEL, createdAt, ...fields });
const usage = { prompt_tokens: 1204, completion_tokens: 81, total_tokens: 1285 };
const models = { current: MODEL, options: [{ id: MODEL, description: 'Большая модель для чата', contextLength: 128_000 }], loading: false };
const history = [
  { id: 'c1', title: 'Массивы', updatedAt: createdAt },
  { id: 'c2', title: 'Регулярное выражение для дат', updatedAt: '2026-11-19T16:30:00.000Z' },
];
const init = (turns: object[], model: object = models) => ({
  type: 'session/init',
  conversation: { id: 'c1', title: 'Массивы', turns, earlier: 0 },
  history,
  context: [],
  model,
  busy: false,
  ...RUSSIAN,
  commandTitles: COMMAND_TITLES.ru,
  slashCommands: SLASH_COMMANDS.ru,
});

describe('the chat page in Chromium, in a Russian VS Code', () => {
  const { page, errors } = useChatPage({ language: RUSSIAN });

  beforeEach(async () => {
    await page.reload();
    await page.locator('textarea.composer-input').waitFor();
  });

  afterEach(() => assert.deepEqual(errors().splice(0), []));

  const send = (...messages: object[]) =>
    page.evaluate(async (messages) => {
      for (const data of messages) window.dispatchEvent(new MessageEvent('message', { data }));
      for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    }, messages);
  const text = (selector: string) => page.locator(selector).first().textContent();
  const label = (selector: string) => page.locator(selector).first().getAttribute('aria-label');

  /** Every text the page shows or names, its code blocks' code left out (that is the answer's). */
  const pageTexts = () =>
    page.evaluate(() => {
      const texts = [document.title];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.parentElement?.closest('pre, script')) texts.push(node.textContent ?? '');
      }
      for (const element of Array.from(document.body.querySelectorAll('*'))) {
        for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
          const value = element.getAttribute(name);
          if (value) texts.push(value);
        }
      }
      return texts;
    });

  /** The English words left on the page, each with the text it is in. */
  async function englishLeft(): Promise<string[]> {
    return (await pageTexts()).flatMap((shown) => {
      let rest = shown;
      for (const kept of [...DATA, ...KEPT]) rest = rest.split(kept).join(' ');
      return /[A-Za-z]{2,}/.test(rest) ? [shown] : [];
    });
  }

  it('an empty chat: the page, its header and the message box speak Russian', async () => {
    await send(init([]));
    assert.deepEqual(await englishLeft(), []);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ru');
    assert.equal(await page.title(), 'Чат Multi-Model AI');
    assert.equal(await text('h1'), 'Чат Multi-Model AI');
    assert.equal(await text('.empty-state h2'), 'Спросите о своём коде');
    assert.equal(
      await text('.empty-state p'),
      'Напишите вопрос ниже или выделите код в редакторе и выполните «Multi-Model AI: Объяснить выделенный фрагмент» или «Multi-Model AI: Добавить выделенный фрагмент в чат». Чтобы создать изображение, начните сообщение с /image.',
    );
    assert.equal(
      await page.locator('textarea.composer-input').getAttribute('placeholder'),
      'Спросите о своём коде, напишите #, чтобы прикрепить файлы, или /image и описание, чтобы создать изображение (Enter — отправить, Shift+Enter — новая строка)',
    );
    assert.equal(await label('button.send'), 'Отправить');
  });

  it('an answer with its usage and cost: Russian words, numbers grouped and money with a decimal comma', async () => {
    await send(
      init([
        question('u1', 'Как удвоить каждое число в массиве?'),
        answer('a1', { text: 'Умножьте каждое число на два:\n\n```ts\nconst doubled = values.map((value) => value * 2);\n```\n', usage, costRub: 8 }),
      ]),
    );
    assert.deepEqual(await englishLeft(), []);
    assert.equal(await text('.turn-assistant .usage'), 'Токены: 1\u00a0204 на входе · 81 на выходе · ≈ 8,00 ₽');
    // Russian writes a no-break space before the percent sign, as it groups thousands.
    assert.equal(await text('.usage-meter'), 'Контекст: 1\u00a0% из 128\u00a0000 · ≈ 8,00 ₽ за этот чат');
    assert.equal(await label('.code-block pre'), 'Код, TypeScript');
    assert.equal(await label('[data-code-action="code/insert"]'), 'Вставить в позицию курсора');
    assert.equal(await label('.turn-user'), 'Ваше сообщение');
    // What the prompt cache saved: the answer's line and the chat's meter, «кэш» as the glossary says.
    const cached = { ...usage, prompt_tokens_details: { cached_tokens: 1000 } };
    await send(init([question('u1', 'Ещё раз?'), answer('a1', { text: 'Да.', usage: cached, costRub: 8, savedRub: 4.1 })]));
    assert.equal(await text('.turn-assistant .usage'), 'Токены: 1\u00a0204 на входе · 81 на выходе · ≈ 8,00 ₽ · из кэша 1\u00a0000 · сэкономлено ≈ 4,10 ₽');
    assert.equal(await text('.usage-meter'), 'Контекст: 1\u00a0% из 128\u00a0000 · ≈ 8,00 ₽ за этот чат · сэкономлено ≈ 4,10 ₽');
  });

  it("a message's answers as tabs and its branches: the labels, Continue With This Answer and the arrows in Russian", async () => {
    const answers = [answer('a1', { text: 'Красный.', usage, costRub: 4.1, firstTokenMs: 1200 }), answer('b1', { text: 'Зелёный.', model: 'acme/reasoner' })];
    await send(
      init([
        { ...question('u1', 'Назови цвет'), branch: { at: 2, of: 3, previous: 'u0', next: 'u2' } },
        { ...answers[0], answers },
      ]),
    );
    await page.locator('[role="tab"]').last().click();
    assert.deepEqual(await englishLeft(), []);
    assert.deepEqual(await page.locator('[role="tab"]').allTextContents(), ['acme/chat-large · 1,2 с · токенов: 81 · ≈ 4,10 ₽', 'acme/reasoner']);
    assert.equal(await label('[role="tablist"]'), 'Ответы на это сообщение');
    assert.equal(await text('[role="tabpanel"]:visible button.continue'), 'Продолжить с этим ответом');
    assert.deepEqual([await label('.branch-arrows'), await text('.branch-place'), await label('.branch-arrow')], ['Ветка 2 из 3', '2 / 3', 'Предыдущая ветка']);
  });

  it('a model thinking, then answering: the Thinking section and the wait in Russian', async () => {
    await send(
      init([question('u1', 'Простое ли число 2027?')]),
      { type: 'turn/append', turn: answer('a1', { status: 'streaming', model: 'acme/reasoner' }) },
      { type: 'reply/reasoning', turnId: 'a1', text: 'Проверим делимость на простые числа до 45.' },
    );
    assert.deepEqual(await englishLeft(), []);
    assert.equal(await text('.thinking summary'), 'Размышления');
    assert.equal(await text('.typing'), 'Отвечает…');
    assert.equal(await label('button.stop'), 'Остановить (Esc)');
  });

  it('an error card: its wait, its buttons and the request id in Russian', async () => {
    await send(
      init([
        question('u1', 'Привет'),
        answer('a1', {
          status: 'failed',
          error: {
            message: 'Слишком много запросов: сервис просит подождать перед следующим.',
            actions: ['retry', 'showLog'],
            requestId: REQUEST_ID,
            retryAfterSeconds: 20,
          },
        }),
      ]),
    );
    assert.deepEqual(await englishLeft(), []);
    assert.deepEqual(await page.locator('.error-card .card-detail').allTextContents(), ['Повторить можно через 20 с.', `Идентификатор запроса: ${REQUEST_ID}`]);
    assert.equal(await label('.error-card .request-id button'), 'Копировать идентификатор запроса');
    assert.deepEqual(await page.locator('.error-card .card-actions button').allTextContents(), ['Повторить', 'Показать журнал']);
    // The longer Russian label and the id fit the card at a side bar's width.
    const card = await page.locator('.error-card').evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
    assert.ok(card.scroll <= card.client, JSON.stringify(card));
  });

  it('the budget card: its text and its buttons in Russian', async () => {
    await send(
      init([
        question('u1', 'Привет'),
        answer('a1', { status: 'failed', error: { message: 'Бюджет исчерпан: 300 ₽ из 300 ₽ за сегодня.', actions: ['sendAnyway', 'changeBudget'] } }),
      ]),
    );
    assert.deepEqual(await englishLeft(), []);
    assert.deepEqual(await page.locator('.error-card .card-actions button').allTextContents(), ['Всё равно отправить', 'Изменить бюджет']);
  });

  it('an answer cut at its length limit: the notice names the setting as the Settings editor does, and its button is in Russian', async () => {
    const notice = RUSSIAN.l10n['The answer stopped at its length limit: send "continue" for the rest, or raise the setting Multi Model AI: Max Tokens.'];
    await send(init([question('u1', 'Посчитай до шести'), answer('a1', { text: 'один два три', notice, noticeActions: ['openMaxTokensSetting'] })]));
    assert.deepEqual(await englishLeft(), []);
    assert.equal(
      await text('.turn-notice'),
      'Ответ достиг предела длины и оборвался: напишите «продолжи», чтобы получить остальное, или увеличьте параметр Multi Model AI: Max Tokens.',
    );
    assert.deepEqual(await page.locator('.notice-actions button').allTextContents(), ['Открыть параметр Max Tokens']);
  });

  it('an answer by the fallback model: the note under its head in Russian, live and when restored', async () => {
    const note = 'Ответила модель mira/messenger: acme/chat-large была недоступна (HTTP 503)';
    const fallback = { from: MODEL, status: 503 };
    await send(init([question('u1', 'Привет'), answer('a1', { text: 'Здравствуйте.', model: 'mira/messenger', fallback })]));
    assert.deepEqual(await englishLeft(), []);
    assert.deepEqual([await text('.turn-assistant .who'), await text('.turn-fallback')], ['mira/messenger', note]);
    assert.equal(await page.locator('.turn-fallback').first().getAttribute('role'), 'note');
    await send(
      init([question('u1', 'Привет')]),
      { type: 'turn/append', turn: answer('a2', { status: 'streaming' }) },
      { type: 'reply/model', turnId: 'a2', model: MODEL },
    );
    assert.equal(await page.locator('.turn-fallback').count(), 0);
    await send({ type: 'reply/model', turnId: 'a2', model: 'mira/messenger', fallback });
    assert.deepEqual([await text('.turn-assistant .who'), await text('.turn-fallback')], ['mira/messenger', note]);
  });

  it('the history list: its heading, its buttons and its dates in Russian', async () => {
    await send(init([question('u1', 'Привет'), answer('a1', { text: 'Здравствуйте.' })]));
    await page.locator('button[aria-label="Показать историю чатов"]').click();
    assert.deepEqual(await englishLeft(), []);
    assert.equal(await text('.history h2'), 'Чаты');
    assert.deepEqual(await page.locator('.history-time').allTextContents(), ['20 нояб. 2026 г., 10:00', '19 нояб. 2026 г., 16:30']);
    assert.equal(await label('.history-item button[aria-label^="Удалить"]'), 'Удалить «Массивы»');
  });

  it('the history list: conversations that could not be read counted in their Russian plural form, and the mark of a kept one', async () => {
    await send(init([]));
    await page.locator('button[aria-label="Показать историю чатов"]').click();
    const said: string[] = [];
    for (const unreadable of [1, 2, 5, 21]) {
      await send({ type: 'history/set', items: [{ ...history[0], keptAfterDeletion: true }, history[1]], activeId: 'c1', unreadable });
      said.push((await text('.history-unreadable'))!);
    }
    assert.deepEqual(said, [
      '1 чат не удалось прочитать:Показать папку',
      '2 чата не удалось прочитать:Показать папку',
      '5 чатов не удалось прочитать:Показать папку',
      '21 чат не удалось прочитать:Показать папку',
    ]);
    assert.deepEqual(await page.locator('.history-kept').allTextContents(), ['Сохранён после удаления в другом окне']);
    assert.deepEqual(await englishLeft(), []);
  });

  it("a cut file's chip says in Russian, on the chip itself, which lines are sent", async () => {
    const chip = { id: 'f1', kind: 'file', fileName: 'geo.py', path: 'src/geo.py', languageId: 'python', startLine: 1, endLine: 3000 };
    await send(init([]), { type: 'context/set', chips: [{ ...chip, note: 'отправлены строки 1–63 из 3\u00a0000' }] });
    const shown = page.locator('.composer .chip');
    assert.deepEqual(
      [await shown.textContent(), await shown.getAttribute('title')],
      [
        'geo.py — отправлены строки 1–63 из 3\u00a0000',
        'src/geo.py: отправлены строки 1–63 из 3\u00a0000. Весь файл вместе с чатом не помещается в контекст модели.',
      ],
    );
    assert.deepEqual(await englishLeft(), []);
  });

  it('a chip of problems counts them in Russian in its text', async () => {
    const chip = { id: 'p1', kind: 'problems', fileName: 'geo.py', path: 'src/geo.py', languageId: 'python', startLine: 1, endLine: 1 };
    await send(init([]), { type: 'context/set', chips: [{ ...chip, note: '3 ошибки, 1 предупреждение в geo.py' }] });
    const shown = page.locator('.composer .chip-problems');
    assert.deepEqual(
      [await shown.textContent(), await label('.composer .chip-problems .chip-remove')],
      ['3 ошибки, 1 предупреждение в geo.py', 'Убрать 3 ошибки, 1 предупреждение в geo.py'],
    );
    assert.deepEqual(await englishLeft(), []);
  });

  it('an image answer: the count in its Russian plural form, the cost and the buttons in Russian', async () => {
    await send(
      init([
        question('u1', '/image маяк в сумерках', 'image'),
        answer('a1', {
          model: 'acme/painter',
          costRub: 3.2,
          images: IMAGES.map((file, i) => ({ file: `/work/project/${file}`, label: file, ...(i === 0 && { src: PIXEL }) })),
        }),
      ]),
    );
    assert.deepEqual(await englishLeft(), []);
    assert.equal(await text('.turn-images > .usage'), '2 изображения · ≈ 3,20 ₽');
    assert.equal(await text('.image-missing'), 'Изображения больше нет по пути images/lighthouse-2.png.');
    assert.deepEqual(await page.locator('.turn-image').first().locator('figcaption button').allTextContents(), [
      'Открыть',
      'Показать в проводнике',
      'Копировать путь',
    ]);
  });

  it('the model list while it loads, and a message nearing and passing the length limit', async () => {
    await send(init([], { options: [], loading: true }));
    assert.equal(await text('select.model-select option'), 'Загрузка моделей…');
    await page.locator('textarea.composer-input').fill('я'.repeat(95_000));
    assert.equal(await text('.length-count'), '95\u00a0000 / 100\u00a0000 символов');
    await page.locator('textarea.composer-input').fill('я'.repeat(100_001));
    assert.equal(
      await text('.length-advice'),
      'Слишком длинное сообщение: в нём может быть не больше 100\u00a0000 символов. Сократите его или не вставляйте файл, а прикрепите его как контекст (Добавить активный файл, Добавить выделенный фрагмент).',
    );
    assert.deepEqual(await englishLeft(), []);
  });
});
