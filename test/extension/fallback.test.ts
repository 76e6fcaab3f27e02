// Fallback when a model is down (multiModelAI.fallback) in a real extension host against the
// emulator: the chat's answer from the listed model when the chosen one answers 503, with the note
// on its turn, one usage entry and one charge, both requests in the log; none for an empty balance,
// and none for VS Code's chat.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CONFIG_SECTION, Settings } from '#src/platform/manifest/ids';
import { arrangeChat, lastReply, StandInPage } from './chatHarness';
import { suiteEnv } from './env';
import { emulator, until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

const FALLBACK = Settings.fallback.slice(CONFIG_SECTION.length + 1);

async function setFallback(api: ReturnType<typeof useTestHandle>, value: string[] | undefined): Promise<void> {
  await vscode.workspace.getConfiguration(CONFIG_SECTION).update(FALLBACK, value, vscode.ConfigurationTarget.Global);
  const wanted = JSON.stringify(value ?? 'off');
  await until(() => JSON.stringify(api.settings.current().fallback) === wanted || undefined, `${Settings.fallback} to apply`);
}

describe('fallback when a model is down, in the extension host', () => {
  const api = useTestHandle();
  beforeEach(async () => {
    await arrangeChat(api);
    await setFallback(api, ['mira/messenger']);
  });
  afterEach(() => setFallback(api, undefined));

  /** The usage entries added by `act`, once they are on disk. */
  async function added(act: () => PromiseLike<unknown>) {
    const before = (await api.usage.recorder.record.read()).entries.length;
    await act();
    await api.usage.recorder.record.flushed();
    return (await api.usage.recorder.record.read()).entries.slice(before);
  }

  it('a 503 from the chosen model: mira/messenger answers, the turn says so, one usage entry and one charge, both requests logged', async () => {
    await emulator().modelDown('acme/chat-large', { status: 503 });
    await emulator().queueReplies(['Answered while acme was down.']);
    const page = new StandInPage(api);
    page.send({ type: 'ready' });
    const entries = await added(() => api.chat.host.session.send('hello while acme is down'));
    page.close();
    const reply = lastReply(api);
    assert.deepEqual(
      { status: reply.status, text: reply.text, model: reply.model, fallback: reply.fallback },
      { status: 'done', text: 'Answered while acme was down.', model: 'mira/messenger', fallback: { from: 'acme/chat-large', status: 503 } },
    );
    const models = page.received.filter((m) => (m as { type: string }).type === 'reply/model').map((m) => ({ ...(m as object), turnId: undefined }));
    assert.deepEqual(models, [
      { type: 'reply/model', turnId: undefined, model: 'acme/chat-large' },
      { type: 'reply/model', turnId: undefined, model: 'mira/messenger', fallback: { from: 'acme/chat-large', status: 503 } },
    ]);
    assert.deepEqual(
      entries.map((entry) => [entry.model, entry.interface, entry.source, entry.costRub !== undefined]),
      [['mira/messenger', 'messages', 'chat', true]],
    );
    const charges = await emulator().charges();
    assert.deepEqual(
      charges.map((charge) => [charge.model, charge.amountRub.toFixed(6)]),
      [['mira/messenger', entries[0]?.costRub?.toFixed(6)]],
    );
    // Three attempts (two retries) at the chosen model, then the fallback, each by its ids in the log.
    const requests = (await emulator().requests()).filter((r) => r.endpoint !== 'models');
    assert.deepEqual(
      requests.map((r) => [r.model, r.status]),
      [
        ['acme/chat-large', 503],
        ['acme/chat-large', 503],
        ['acme/chat-large', 503],
        ['mira/messenger', 200],
      ],
    );
    const lines = api.logLines().map((line) => line.line);
    for (const request of requests)
      assert.ok(
        lines.some((line) => line.includes(`request_id=${request.requestId}`)),
        `${request.requestId} in the log`,
      );
    assert.ok(
      lines.some((line) =>
        line.startsWith(`Fallback: acme/chat-large is down (status=503 code=service_unavailable kind=server request_id=${requests[2]?.requestId} `),
      ),
    );
    const stored = await api.chat.host.store.get(api.chat.host.session.current().id);
    assert.deepEqual(stored?.turns.at(-1)?.role === 'assistant' && stored.turns.at(-1), reply);
  });

  it("VS Code's chat does not fall back: the model its user picked reports its 503", async () => {
    await emulator().modelDown('acme/chat-large', { status: 503 });
    const chat = await until(
      async () => (await vscode.lm.selectChatModels({ vendor: 'multi-model-ai' })).find((m) => m.id === 'acme/chat-large'),
      'acme/chat-large in vscode.lm',
    );
    let text = '';
    await assert.rejects(async () => {
      const response = await chat.sendRequest([vscode.LanguageModelChatMessage.User('hello while acme is down')], {});
      for await (const part of response.text) text += part;
    });
    assert.equal(text, '');
    assert.deepEqual([...new Set((await emulator().requests()).filter((r) => r.endpoint !== 'models').map((r) => r.model))], ['acme/chat-large']);
  });

  it('a workspace cannot choose the fallback models (application-scoped setting)', async () => {
    const config = vscode.workspace.getConfiguration(CONFIG_SECTION);
    // VS Code refuses the write; were it accepted, the value read would be the folder's.
    await Promise.resolve(config.update(FALLBACK, ['zeta/reasoner-pro'], vscode.ConfigurationTarget.Workspace)).catch(() => undefined);
    try {
      assert.deepEqual(vscode.workspace.getConfiguration(CONFIG_SECTION).get(FALLBACK), ['mira/messenger']);
      assert.deepEqual(api.settings.current().fallback, ['mira/messenger']);
    } finally {
      await Promise.resolve(config.update(FALLBACK, undefined, vscode.ConfigurationTarget.Workspace)).catch(() => undefined);
    }
  });

  it('a 402 (the balance spent): no fallback, the card says what to do, nothing recorded or charged', async () => {
    await emulator().setBilling(suiteEnv().apiKey, { balanceRub: 0 });
    const fallbacks = () => api.logLines().filter((line) => line.line.startsWith('Fallback:')).length;
    const fallbacksBefore = fallbacks();
    const entries = await added(() => api.chat.host.session.send('hello on an empty balance'));
    const reply = lastReply(api);
    assert.deepEqual(
      { status: reply.status, model: reply.model, fallback: reply.fallback, message: reply.error?.message },
      {
        status: 'failed',
        model: 'acme/chat-large',
        fallback: undefined,
        message: 'The prepaid balance is exhausted (key Default · sk_test_al…): top up the balance in the management cabinet, then try again.',
      },
    );
    assert.deepEqual(
      (await emulator().requests()).filter((r) => r.endpoint !== 'models').map((r) => [r.model, r.status]),
      [['acme/chat-large', 402]],
    );
    assert.deepEqual(entries, []);
    assert.deepEqual(await emulator().charges(), []);
    assert.equal(fallbacks(), fallbacksBefore);
  });
});
