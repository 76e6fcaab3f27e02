// Budgets in a Russian VS Code (npm run test:extension:ru): the chat's card and VS Code's chat
// say the budget in Russian, in roubles as Russian writes them; the log stays English.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { arrangeChat, lastReply } from './chatHarness';
import { until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

/** "Бюджет исчерпан: 0,09 ₽ из 0,09 ₽ за сегодня." */
const REACHED_TODAY = /^Бюджет исчерпан: [\d\u00a0]+(,\d\d)? ₽ из [\d\u00a0]+(,\d\d)? ₽ за сегодня\.$/;

describe('budgets in a Russian VS Code', function () {
  this.timeout(60_000);
  const api = useTestHandle();
  let keyId: string;

  beforeEach(async () => {
    await arrangeChat(api);
    keyId = api.apiKeys.recordOf()!.id;
    await api.chat.host.session.send('Потратить немного');
    await api.apiKeys.setBudget(keyId, { dayRub: (await api.usage.recorder.spendOf(keyId)).today });
  });
  afterEach(() => api.apiKeys.setBudget(keyId, {}));

  it('the chat’s card and VS Code’s chat say the budget is reached in Russian; the log says it in English', async () => {
    await api.chat.host.session.send('Ещё вопрос');
    const reply = lastReply(api);
    assert.equal(reply.status, 'failed');
    assert.match(reply.error?.message ?? '', REACHED_TODAY);
    const chat = await until(async () => (await vscode.lm.selectChatModels({ vendor: 'multi-model-ai' })).find((m) => m.id === 'acme/chat-large'), 'the model');
    let error: unknown;
    try {
      for await (const _part of (await chat.sendRequest([vscode.LanguageModelChatMessage.User('привет')], {})).stream);
    } catch (caught) {
      error = caught;
    }
    assert.ok(error instanceof vscode.LanguageModelError, String(error));
    assert.match(error.message, REACHED_TODAY);
    assert.ok(api.logLines().some(({ line }) => /^Budget reached: [\d.]+ RUB of [\d.]+ RUB today \(key .+, vscodeChat\)\.$/.test(line)));
  });
});
