// Budgets per key and multiModelAI.confirmAbove in a real extension host against the emulator:
// the spend another window records counts toward this window's budget, the chat shows the card
// and sends only on Send Anyway, VS Code's chat gets the budget as its error, and the budget is
// kept with the key's name in global state, never in a setting.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CONFIG_SECTION, Settings } from '#src/platform/manifest/ids';
import { arrangeChat, lastReply } from './chatHarness';
import { emulator, until } from './shellHarness';
import { suiteEnv } from './env';
import { channelFolder, SecondWindow } from './secondWindow';
import { useTestHandle } from '../support/useTestHandle';

const VENDOR = 'multi-model-ai';
/** The text requests the emulator received (the model list is read whenever it likes). */
const answersAsked = async () => (await emulator().requests()).filter((r) => r.model !== null && r.method === 'POST').length;
/** "Budget reached: 0.01 ₽ of 0.01 ₽ today." with the amounts as spent. */
const REACHED_TODAY = /^Budget reached: [\d,]+(\.\d\d)? ₽ of [\d,]+(\.\d\d)? ₽ today\.$/;

describe('budgets per key', function () {
  this.timeout(300_000);
  const api = useTestHandle();
  let keyId: string;

  /** Holds the key in use to a day's budget of what it spent today and `more` RUB (none spent yet: an answer is asked first). */
  async function budgetLeft(more: number): Promise<number> {
    if ((await api.usage.recorder.spendOf(keyId)).today === 0) await api.chat.host.session.send('Spend a little first');
    const dayRub = (await api.usage.recorder.spendOf(keyId)).today + more;
    await api.apiKeys.setBudget(keyId, { dayRub });
    return dayRub;
  }

  beforeEach(async () => {
    await arrangeChat(api);
    keyId = api.apiKeys.recordOf()!.id;
  });
  afterEach(async () => {
    await api.apiKeys.setBudget(keyId, {});
    await vscode.workspace
      .getConfiguration(CONFIG_SECTION)
      .update(Settings.confirmAbove.slice(CONFIG_SECTION.length + 1), undefined, vscode.ConfigurationTarget.Global);
  });

  it('a budget reached in one window stops the next request in another: the card, nothing sent, then Send Anyway sends it', async function () {
    const folder = channelFolder();
    // Desktop VS Code (npm run test:vscode) opens no second window for the suite.
    if (!folder) return this.skip();
    const other = await SecondWindow.open(folder);
    assert.notEqual(other.pid, process.pid, 'the other window has an extension host of its own');
    const budget = await budgetLeft(0.000001);
    const { session } = api.chat.host;
    session.newConversation();
    // The other window answers with the same key, past what is left of the day's budget.
    const key = { id: keyId, name: api.apiKeys.recordOf()!.name, secret: suiteEnv().apiKey };
    const answer = await other.ask({ type: 'answer', text: 'Spend it from the other window', key });
    assert.deepEqual([answer.ok, answer.error], [true, undefined]);
    assert.ok((await api.usage.recorder.spendOf(keyId)).today >= budget, 'the other window spent the rest of the budget');
    const before = await answersAsked();
    await session.send('Past the budget');
    const reply = lastReply(api);
    assert.equal(reply.status, 'failed');
    assert.match(reply.error?.message ?? '', REACHED_TODAY);
    assert.deepEqual(reply.error?.actions, ['sendAnyway', 'changeBudget']);
    assert.equal(await answersAsked(), before, 'nothing was sent');
    // The question is kept, and Send Anyway asks it.
    assert.deepEqual(
      session
        .current()
        .turns.filter((t) => t.role === 'user')
        .map((t) => t.text),
      ['Past the budget'],
    );
    await session.retry(true);
    assert.equal(lastReply(api).status, 'done');
    assert.equal(await answersAsked(), before + 1);
    assert.ok(api.logLines().some(({ line }) => /^Budget reached: [\d.]+ RUB of [\d.]+ RUB today \(key .+, chat\)\.$/.test(line)));
  });

  it('VS Code’s chat gets the budget as a LanguageModelError through vscode.lm, and nothing is sent', async () => {
    await budgetLeft(0);
    const chat = await until(async () => (await vscode.lm.selectChatModels({ vendor: VENDOR })).find((m) => m.id === 'acme/chat-large'), 'the model');
    const before = await answersAsked();
    let error: unknown;
    try {
      for await (const _part of (await chat.sendRequest([vscode.LanguageModelChatMessage.User('hi')], {})).stream);
    } catch (caught) {
      error = caught;
    }
    assert.ok(error instanceof vscode.LanguageModelError, String(error));
    assert.equal(error.code, 'Blocked');
    assert.match(error.message, REACHED_TODAY);
    assert.equal(await answersAsked(), before);
  });

  it('multiModelAI.confirmAbove: the chat says what the request may cost and sends it on Send', async () => {
    await vscode.workspace.getConfiguration(CONFIG_SECTION).update('confirmAbove', 0, vscode.ConfigurationTarget.Global);
    await until(() => (api.settings.current().confirmAboveRub === 0 ? true : undefined), 'the setting to be read');
    const before = await answersAsked();
    await api.chat.host.session.send('Is this worth it?');
    const reply = lastReply(api);
    assert.equal(reply.status, 'failed');
    assert.match(reply.error?.message ?? '', /^This request may cost up to \d+\.\d\d ₽\.$/);
    assert.deepEqual(reply.error?.actions, ['send']);
    assert.equal(await answersAsked(), before);
    await api.chat.host.session.retry(true);
    assert.equal(lastReply(api).status, 'done');
  });

  it('a workspace cannot set multiModelAI.confirmAbove, and the budget is kept with the key’s name, not in a setting', async () => {
    const inspected = vscode.workspace.getConfiguration(CONFIG_SECTION).inspect('confirmAbove');
    assert.equal(inspected?.defaultValue, null);
    await vscode.workspace
      .getConfiguration(CONFIG_SECTION)
      .update('confirmAbove', 1000, vscode.ConfigurationTarget.Workspace)
      .then(
        () => assert.fail('a workspace value was written'),
        (error: Error) => assert.match(error.message, /application|workspace/i),
      );
    await api.apiKeys.setBudget(keyId, { dayRub: 300, monthRub: 5000 });
    const keys = new Map(api.storedState().global).get('multiModelAI.keys') as { keys: { id: string; name: string; budget?: unknown }[] };
    assert.deepEqual(keys.keys.find((k) => k.id === keyId)?.budget, { dayRub: 300, monthRub: 5000 });
    assert.ok(!JSON.stringify(vscode.workspace.getConfiguration(CONFIG_SECTION)).includes('5000'));
  });
});
