import * as assert from 'node:assert/strict';
import { validateBaseUrl } from '#src/platform/client/http/baseUrl';
import { modelUsability, unavailableReason, whyNotUsable } from '#src/platform/client/modelCatalog';
import { ModelListSchema } from '#src/platform/client/catalog/schemas';
import { ACTION_LABELS } from '#src/platform/actions/actions';
import { type ErrorKind } from '#src/platform/client/errors/errorKind';
import { ServiceError } from '#src/platform/client/errors/serviceError';
import { trimNotice } from '#src/chat/common/session/textAnswer';
import { contextTooLarge } from '#src/chat/common/attachments/contextBlock';
import { chooseImageModel } from '#src/images/common/imageModelChoice';
import { checkRefactorable } from '#src/refactor/common/sizeLimit';
import { readSettings } from '#src/platform/settings/extensionSettings';
import { connectionReport } from '#src/platform/services/connectionReport';
import { statusBarView } from '#src/models/common/statusBarModel';
import { useEnglish, useRussian } from './displayLanguage';

// Intl groups Russian digits with a no-break space.
const NBSP = '\u00a0';

const list = ModelListSchema().parse({
  object: 'list',
  data: [
    { id: 'acme/chat-large', available: true, architecture: { output_modalities: ['text'] }, supported_parameters: ['max_tokens', 'temperature'] },
    { id: 'acme/chat-locked', available: false, architecture: { output_modalities: ['text'] }, supported_parameters: [] },
    { id: 'acme/embed', available: true, architecture: { output_modalities: ['text'] }, supported_endpoint_types: ['embeddings'], supported_parameters: [] },
  ],
});
const entry = (id: string) => list.data.find((m) => m.id === id)!;

const diagnostics = { time: 't', method: 'POST', endpoint: '/v1/chat/completions', clientRequestId: 'c', keyPrefix: 'sk_test_al…', attempts: 1 };
const advice = (kind: ErrorKind, extra: Partial<ConstructorParameters<typeof ServiceError>[0]> = {}) =>
  new ServiceError({ kind, clientRequestId: 'c', diagnostics, ...extra }).userMessage;

describe('core texts in Russian', () => {
  beforeEach(useRussian);
  afterEach(useEnglish);

  it('the status bar: its prompts, and the tooltip of a model with the spend counted in Russian plural forms', () => {
    assert.deepEqual(statusBarView({ hasBaseUrl: true, hasKey: false }).text, '$(key) Multi-Model AI: задать ключ API');
    const view = statusBarView({
      hasBaseUrl: true,
      hasKey: true,
      modelId: 'acme/chat-large',
      entry: entry('acme/chat-large'),
      legacyBaseUrl: 'https://h/legacy/v1',
      spend: { rub: 1234.5, answers: 22 },
    });
    assert.equal(
      view.tooltip,
      [
        'acme/chat-large',
        'Принимает: max_tokens · temperature',
        'Используется устаревший адрес https://h/legacy/v1: команда «Multi-Model AI: Проверить подключение» предложит текущий.',
        `Потрачено с запуска VS Code: ≈ 1${NBSP}234,50 ₽ (22 ответа, по ценам каталога; остановленные и оборванные ответы не сообщают расход, поэтому не учтены)`,
        'Нажмите, чтобы выбрать другую модель.',
      ].join('\n'),
    );
    assert.match(
      statusBarView({ hasBaseUrl: true, hasKey: true, modelId: 'acme/chat-large', entry: entry('acme/chat-large'), spend: { rub: 8, answers: 5 } }).tooltip,
      /≈ 8,00 ₽ \(5 ответов,/,
    );
  });

  it("the status bar says in Russian what it is to a screen reader, without the icons' names", () => {
    const labels = [
      statusBarView({ hasBaseUrl: false, hasKey: false }),
      statusBarView({ hasBaseUrl: true, hasKey: false }),
      statusBarView({ hasBaseUrl: true, hasKey: true }),
      statusBarView({ hasBaseUrl: true, hasKey: true, modelId: 'zeta/reasoner-pro', unusableReason: 'Не входит в тариф.' }),
      statusBarView({ hasBaseUrl: true, hasKey: true, modelId: 'acme/chat-large' }),
      statusBarView({ hasBaseUrl: true, hasKey: true, modelId: 'acme/chat-large', keyLabel: 'По умолчанию · sk_live_0123…', keyName: 'По умолчанию' }),
    ].map((view) => view.accessibleLabel);
    assert.deepEqual(labels, [
      'Multi-Model AI: адрес сервиса не задан',
      'Multi-Model AI: ключ API не сохранён',
      'Multi-Model AI: модель не выбрана',
      'Multi-Model AI: модель zeta/reasoner-pro. Не входит в тариф.',
      'Multi-Model AI: модель acme/chat-large',
      'Multi-Model AI: модель acme/chat-large, ключ По умолчанию',
    ]);
  });

  it("error advice: a too-long refusal with its numbers in Russian forms, a gateway's own refusal naming the model", () => {
    assert.equal(
      advice('too_long', { status: 400, context: { usedTokens: 219898, contextTokens: 200000 } }),
      `Чат слишком длинный для этой модели (219${NBSP}898 токенов, а модель принимает 200${NBSP}000): начните новый чат или выберите модель с большим контекстом командой «Multi-Model AI: Выбрать модель».`,
    );
    assert.match(advice('too_long', { status: 400, context: { usedTokens: 4001, contextTokens: 4000 } }), /\(4\s001 токен, а модель принимает 4\s000\)/);
    assert.equal(
      advice('gateway', { status: 500, gateway: 'Portkey', diagnostics: { ...diagnostics, model: 'acme/chat-large' } }),
      'Portkey, шлюз перед сервисом, отклонил запрос к acme/chat-large из-за собственной настройки: проверьте его настройку для этой модели (какие провайдер и маршрут ему заданы, например заголовками в multiModelAI.requestHeaders) или обратитесь к тому, кто его обслуживает, либо выберите другую модель командой «Multi-Model AI: Выбрать модель». Повторная попытка не поможет.',
    );
  });

  it('error advice: 401, 402, 429, a refusal, an answer lost; the command quoted by its Russian title', () => {
    assert.equal(
      advice('auth', { status: 401, code: 'invalid_api_key' }),
      'Ваш ключ API sk_test_al… отклонён (отозван, введён с ошибкой или относится к другому рабочему пространству): замените его или используйте другой ключ командой «Multi-Model AI: Управление ключами API».',
    );
    assert.equal(
      advice('payment', { status: 402, code: 'insufficient_balance' }),
      'Баланс исчерпан (ключ sk_test_al…): пополните баланс в кабинете и повторите.',
    );
    assert.equal(
      advice('payment', { status: 403, code: 'spend_limit_exceeded' }),
      'Лимит расходов ключа sk_test_al… исчерпан: увеличьте лимит ключа в кабинете и повторите.',
    );
    assert.equal(advice('rate_limit', { status: 429, retryAfterMs: 2500 }), 'Сервис ограничивает частоту запросов: подождите 3 с и повторите.');
    assert.match(
      advice('rate_limit', { status: 429, retryAfterMs: 600_000 }),
      /^Сервис временно ограничил частоту запросов: повторите через 10 мин, в \d\d:\d\d:\d\d\.$/,
    );
    assert.equal(
      advice('forbidden', { status: 403, requestId: 'req_1' }),
      'Сервис отклонил этот запрос (HTTP 403): повторите позже или с другой моделью; если это повторяется, сообщите в поддержку идентификатор запроса req_1.',
    );
    assert.equal(
      advice('stream_interrupted', { partialText: 'Hello' }),
      'Ответ оборвался до конца: «Повторить» запросит весь ответ заново. Пришедшая часть ответа сохранена.',
    );
  });

  it("the catalog's reasons: unavailable, gone, not a text interface, unreadable", () => {
    assert.equal(unavailableReason(entry('acme/chat-locked')), 'Эта модель недоступна вашему рабочему пространству.');
    assert.equal(modelUsability(list, 'acme/gone', {}).unusable, 'Этой модели больше нет в каталоге: выберите другую.');
    assert.equal(whyNotUsable(entry('acme/embed'), {}), 'Обслуживает только эмбеддинги, а не текстовый чат: выберите другую модель.');
    // The reason an entry cannot be read is worded when the catalog is read.
    const odd = ModelListSchema().parse({
      object: 'list',
      data: [{ id: 'acme/odd', available: true, architecture: { output_modalities: ['text'] }, supported_parameters: 'temperature' }],
    }).data[0]!;
    assert.equal(
      whyNotUsable(odd, {}),
      'Запись модели в каталоге не удаётся прочитать (supported_parameters не является списком): сервис должен её исправить.',
    );
    assert.equal(
      whyNotUsable(entry('acme/chat-large'), { transport: 'messages' }),
      'Не обслуживает интерфейс Messages, который задан в multiModelAI.transport (она обслуживает chat completions): задайте multiModelAI.transport значение «auto» или выберите другую модель.',
    );
  });

  it('Verify Connection: 1 модель, 2 модели, 5 моделей', () => {
    const report = (usable: number) => connectionReport({ baseUrl: 'https://h/v1', keyLabel: 'sk_x…', usable, total: 1234 });
    assert.equal(report(1), `Подключено к https://h/v1 с ключом sk_x…: 1 доступная текстовая модель (всего в каталоге: 1${NBSP}234).`);
    assert.equal(report(2), `Подключено к https://h/v1 с ключом sk_x…: 2 доступные текстовые модели (всего в каталоге: 1${NBSP}234).`);
    assert.match(report(5), /: 5 доступных текстовых моделей /);
    assert.match(report(0), /0 доступных текстовых моделей .* Попросите администратора рабочего пространства включить текстовую модель\.$/);
  });

  it('sizes and limits with Russian digit groups', () => {
    assert.deepEqual(checkRefactorable('x'.repeat(12_345)), {
      ok: false,
      message: `Выделенный фрагмент слишком велик для рефакторинга: строк: 1, символов: 12${NBSP}345 (предел: 12${NBSP}000). Выделите часть поменьше, например одну функцию, и повторите.`,
    });
    const file = {
      id: 'c1',
      kind: 'file' as const,
      fileName: 'a.ts',
      path: 'a.ts',
      languageId: 'typescript',
      text: 'y'.repeat(30_000),
      startLine: 1,
      endLine: 3,
    };
    assert.equal(
      contextTooLarge([file]),
      `Этот файл слишком велик для отправки: строк: 3, символов: 30${NBSP}000 (предел: 24${NBSP}000). Выделите часть поменьше и повторите.`,
    );
    assert.equal(
      trimNotice(3, 'acme/chat-large', 8192),
      `Самые старые сообщения (3) не отправлены: чат не помещается в контекст модели acme/chat-large (токенов: 8${NBSP}192).`,
    );
  });

  it('the base URL check, the image model choice and the action buttons', () => {
    assert.deepEqual(validateBaseUrl('https://h.example'), {
      ok: false,
      message: 'Базовый адрес API должен оканчиваться сегментом версии /v1: используйте https://h.example/v1.',
      fault: 'no /v1: use https://h.example/v1',
    });
    assert.deepEqual(chooseImageModel('image-generation', { usable: [], unusable: [] }), {
      kind: 'none',
      message: 'Рабочему пространству недоступна ни одна модель, создающая изображения: обратитесь к администратору или используйте другой ключ.',
    });
    assert.deepEqual(Object.values(ACTION_LABELS), [
      'Повторить',
      'Всё равно отправить',
      'Отправить',
      'Отклонить',
      'Перейти на текущий адрес',
      'Задать ключ API',
      'Заменить ключ',
      'Другой ключ',
      'Управление ключами API',
      'Изменить бюджет',
      'Задать адрес сервиса',
      'Выбрать модель',
      'Открыть параметры',
      'Открыть параметр Max Tokens',
      'Открыть параметры прокси',
      'Показать журнал',
    ]);
  });

  it('a settings problem is shown in Russian and logged in English', () => {
    const settings = readSettings({
      baseUrl: 'https://h.example',
      model: undefined,
      maxTokens: undefined,
      requestTimeoutSeconds: undefined,
      maxRetries: undefined,
      requestHeaders: { Authorization: 'Bearer x' },
    });
    assert.equal(settings.baseUrlFault, 'no /v1: use https://h.example/v1');
    assert.deepEqual(settings.problems, [
      {
        text: 'multiModelAI.requestHeaders не может задавать «Authorization»: расширение задаёт этот заголовок само.',
        fault: 'multiModelAI.requestHeaders sets the reserved header "Authorization"',
      },
    ]);
  });

  it('back in English once the host language is English', () => {
    useEnglish();
    assert.equal(unavailableReason(entry('acme/chat-locked')), 'This model is not available to your workspace.');
    assert.equal(ACTION_LABELS.retry, 'Retry');
  });
});
