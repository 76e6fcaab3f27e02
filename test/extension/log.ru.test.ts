// The log in a Russian VS Code (npm run test:extension:ru): what the person is told is Russian,
// the "Multi-Model AI" log stays English (docs/TRANSLATION.md), so a support request reads the
// same in every language. Each test runs commands that succeed and fail, then reads the lines they
// wrote: none holds a Cyrillic letter, and the ones that name a step say it in English.
import * as assert from 'node:assert/strict';
import { Commands } from '#src/platform/manifest/ids';
import type { CommandOutcome } from '#src/keys/vscode/apiKeyCommands';
import * as vscode from 'vscode';
import { FIXTURE_KEYS } from '../emulator/index';
import { arrangeChat, lastReply } from './chatHarness';
import { suiteEnv } from './env';
import { arrange, emulator, until, writeBaseUrl } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

const CYRILLIC = /[\u0400-\u04ff]/;
const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand<CommandOutcome>(command, ...args);

describe('the log in a Russian VS Code', function () {
  this.timeout(60_000);
  const api = useTestHandle();
  const { baseUrl, apiKey } = suiteEnv();

  /** The lines written since `mark` (a count of lines), as text. */
  const linesSince = (mark: number) =>
    api
      .logLines()
      .slice(mark)
      .map((l) => l.line);
  const cyrillic = (lines: string[]) => lines.filter((line) => CYRILLIC.test(line));

  it('Set API Key, Verify Connection and Remove API Key tell the person in Russian and log in English', async () => {
    await arrange(api, {});
    const mark = api.logLines().length;
    const unverified = await run(Commands.setApiKey, FIXTURE_KEYS.alpha);
    assert.match(unverified.message, /^Ключ API По умолчанию · sk_test_al… сохранён\./);
    await arrange(api, { baseUrl });
    const saved = await run(Commands.setApiKey, FIXTURE_KEYS.alpha);
    assert.equal(saved.message, 'Ключ API По умолчанию · sk_test_al… проверен и сохранён: 5 доступных текстовых моделей.');
    const verified = await run(Commands.verifyConnection);
    assert.equal(verified.message, `Подключено к ${baseUrl} с ключом По умолчанию · sk_test_al…: 5 доступных текстовых моделей (всего в каталоге: 8).`);
    const refused = await run(Commands.setApiKey, FIXTURE_KEYS.revoked);
    assert.equal(refused.ok, false);
    const removed = await run(Commands.removeApiKey);
    assert.match(removed.message, /^Ключ API По умолчанию · sk_test_al… удалён\./);
    const noKey = await run(Commands.verifyConnection);
    assert.equal(noKey.ok, false);

    const lines = linesSince(mark);
    assert.deepEqual(cyrillic(lines), []);
    for (const expected of [
      'API key Default · sk_test_al… stored without verification: the service address is not set.',
      'API key Default · sk_test_al… verified with GET /v1/models and stored (5 usable text models).',
      `Verify Connection: connected to ${baseUrl} with key Default · sk_test_al…: 5 usable text models of 8 in the catalog. No proxy.`,
      'API key Default · sk_test_rev… not stored: verification failed.',
      'API key Default · sk_test_al… removed from secret storage.',
    ]) {
      assert.ok(lines.includes(expected), `"${expected}" is not in:\n${lines.join('\n')}`);
    }
    assert.ok(
      lines.some((line) => line.startsWith('The new key Default · sk_test_rev… was not saved: kind=auth code=invalid_api_key ')),
      lines.join('\n'),
    );
    // Every request line names the key in English too.
    assert.ok(
      lines.some((line) => line.startsWith('GET /v1/models ') && line.includes(' key=sk_test_al… key_name="Default"')),
      lines.join('\n'),
    );
  });

  it('a refused key and an address that cannot be used are logged in English', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.revoked });
    const mark = api.logLines().length;
    const refused = await run(Commands.verifyConnection);
    assert.match(refused.message, /^Не удалось подключиться с ключом По умолчанию · sk_test_rev…: /);
    await writeBaseUrl(baseUrl.replace(/\/v1$/, ''));
    await until(() => api.settings.current().baseUrlProblem, 'the address to be refused');
    await run(Commands.verifyConnection);
    await api.statusBar.refresh();

    const lines = linesSince(mark);
    assert.deepEqual(cyrillic(lines), []);
    assert.ok(
      lines.some((line) => line.startsWith('Could not connect with key Default · sk_test_rev…: kind=auth ')),
      lines.join('\n'),
    );
    assert.ok(
      lines.some((line) => line.startsWith('Settings: multiModelAI.baseUrl is not usable: ')),
      lines.join('\n'),
    );
  });

  it("the chat's failures are shown in Russian and logged in English: no model, an exhausted balance", async () => {
    await arrangeChat(api);
    await arrange(api, { baseUrl, key: apiKey });
    const mark = api.logLines().length;
    const { session } = api.chat.host;
    session.newConversation();
    await session.send('Explain closures');
    assert.deepEqual(lastReply(api).error?.message, 'Модель не выбрана: выберите, какую модель использовать.');

    await arrangeChat(api);
    await emulator().setBilling(apiKey, { balanceRub: 0 });
    await session.send('Explain closures');
    assert.match(lastReply(api).error?.message ?? '', /^Баланс исчерпан \(ключ По умолчанию · sk_test_al…\)/);

    const lines = linesSince(mark);
    assert.deepEqual(cyrillic(lines), []);
    assert.ok(lines.includes('The chat request failed: No model is selected'), lines.join('\n'));
    assert.ok(
      lines.some((line) => line.startsWith('The chat request failed: kind=payment ')),
      lines.join('\n'),
    );
  });

  it('Generate Image refuses an empty prompt in Russian and logs it in English; a made image logs its request', async () => {
    await arrangeChat(api);
    const mark = api.logLines().length;
    assert.equal(await vscode.commands.executeCommand(Commands.generateImage, { prompt: '', model: 'pixel/image-gen' }), undefined);
    const files = await vscode.commands.executeCommand<string[] | undefined>(Commands.generateImage, {
      prompt: 'A lighthouse at dusk',
      model: 'pixel/image-gen',
    });
    assert.equal(files?.length, 1);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const file of files ?? []) await vscode.workspace.fs.delete(vscode.Uri.file(file));

    const lines = linesSince(mark);
    assert.deepEqual(cyrillic(lines), []);
    assert.ok(lines.includes('Images: The prompt was refused (0 characters)'), lines.join('\n'));
    assert.ok(
      lines.some((line) => line.startsWith('POST /v1/images/generations model=pixel/image-gen status=200 ')),
      lines.join('\n'),
    );
  });

  it("a request from VS Code's chat that a model cannot serve is refused in Russian and logged in English", async () => {
    await arrangeChat(api);
    const chat = await until(
      async () => (await vscode.lm.selectChatModels({ vendor: 'multi-model-ai' })).find((m) => m.id === 'acme/chat-mini'),
      'acme/chat-mini to be offered',
    );
    const mark = api.logLines().length;
    const required = { toolMode: vscode.LanguageModelChatToolMode.Required, tools: [{ name: 'read_file', description: 'Reads a file', inputSchema: {} }] };
    let error: unknown;
    try {
      for await (const part of (await chat.sendRequest([vscode.LanguageModelChatMessage.User('Use read_file')], required)).stream) void part;
    } catch (e) {
      error = e;
    }
    assert.equal(
      error instanceof Error && error.message,
      'Модель acme/chat-mini нельзя заставить вызвать инструмент (в каталоге для неё нет tools или tool_choice): выберите другую модель.',
    );
    const lines = linesSince(mark);
    assert.deepEqual(cyrillic(lines), []);
    assert.ok(
      lines.includes(
        "A request from VS Code's chat failed: acme/chat-mini cannot be made to call a tool: the catalog does not list tools or tool_choice for it",
      ),
      lines.join('\n'),
    );
  });

  it('no line of the log since the extension started holds a Cyrillic letter', () => {
    const lines = api.logLines().map((l) => l.line);
    assert.ok(lines.length > 0, 'the log has lines');
    assert.deepEqual(cyrillic(lines), []);
  });
});
