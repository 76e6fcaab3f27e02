// The extension in a Russian VS Code (npm run test:extension:ru: code-server started with
// --locale ru and a language pack, test/host/languagePack.ts): the manifest's titles, the
// texts vscode.l10n.t words, and the command titles quoted in them are Russian.
import * as assert from 'node:assert/strict';
import { Commands, EXTENSION_ID } from '#src/platform/manifest/ids';
import type { CommandOutcome } from '#src/keys/vscode/apiKeyCommands';
import * as vscode from 'vscode';
import { FIXTURE_KEYS } from '../emulator/index';
import { suiteEnv } from './env';
import { arrange, until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand<CommandOutcome>(command, ...args);

describe('in a Russian VS Code', () => {
  const api = useTestHandle();
  const { baseUrl } = suiteEnv();

  it('runs with Russian as the display language, and the bundle of l10n/bundle.l10n.ru.json', () => {
    assert.equal(vscode.env.language, 'ru');
    assert.equal(vscode.l10n.t('No API key is stored.'), 'Ключ API не сохранён.');
  });

  it('lists the command titles of package.nls.ru.json, each with its English original', () => {
    const commands = (
      vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: { commands: { command: string; title: unknown; category: unknown }[] } }
    ).contributes.commands;
    const titleOf = (id: string) => commands.find((c) => c.command === id)?.title;
    assert.deepEqual(titleOf(Commands.setApiKey), { value: 'Задать ключ API', original: 'Set API Key' });
    assert.deepEqual(titleOf(Commands.selectModel), { value: 'Выбрать модель', original: 'Select Model' });
  });

  it('says in a notification that the key was saved, with the plural form of the model count', async () => {
    await arrange(api, { baseUrl });
    const outcome = await run(Commands.setApiKey, FIXTURE_KEYS.alpha);
    assert.deepEqual(outcome, { ok: true, message: 'Ключ API По умолчанию · sk_test_al… проверен и сохранён: 5 доступных текстовых моделей.' });
  });

  it('explains a missing key in Russian', async () => {
    await arrange(api, { baseUrl });
    const outcome = await run(Commands.verifyConnection);
    assert.deepEqual(outcome, { ok: false, message: 'Ключ API не задан: задайте ключ, чтобы пользоваться Multi-Model AI.' });
  });

  it('says which step failed when a revoked key is refused, and that the current key is kept', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha });
    const outcome = await run(Commands.setApiKey, FIXTURE_KEYS.revoked);
    assert.equal(outcome.ok, false);
    assert.match(outcome.message, /^Новый ключ По умолчанию · sk_test_rev… не сохранён: /);
    assert.match(outcome.message, / Текущий ключ По умолчанию · sk_test_al… сохранён\.$/);
  });

  it('titles Select Model with its Russian command title and asks in Russian', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha });
    const closed = vscode.commands.executeCommand<string | undefined>(Commands.selectModel);
    const picker = await until(() => {
      const open = api.modelPicker.current();
      return open && !open.busy && open.items.length > 0 ? open : undefined;
    }, 'the model picker to load');
    assert.equal(picker.title, 'Multi-Model AI: Выбрать модель');
    assert.equal(picker.placeholder, 'Выберите модель для чата (введите текст для поиска)');
    assert.equal(picker.buttons[0]?.tooltip, 'Обновить список моделей');
    picker.hide();
    assert.equal(await closed, undefined);
  });

  it("the status bar item says what it is to a screen reader in Russian, not by its icons' English names", async () => {
    await arrange(api, { baseUrl });
    await api.statusBar.refresh();
    assert.deepEqual(api.statusBar.accessibility(), { label: 'Multi-Model AI: ключ API не сохранён' });
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha, model: 'acme/chat-large' });
    const view = await api.statusBar.refresh();
    assert.equal(view.text, '$(sparkle) chat-large');
    assert.deepEqual(api.statusBar.accessibility(), { label: 'Multi-Model AI: модель acme/chat-large' });
  });
});
