// The chat session's tree against the emulator over loopback HTTP: Regenerate and Ask Another
// Model add answers beside the first, an edit starts a branch, and the path moves between them.
import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../../../emulator/index';
import { useEmulator } from '../../../../support/useEmulator';
import { ChatSession } from '#src/chat/common/session/chatSession';
import type { Turn } from '#src/chat/common/conversation/conversation';
import type { ToPageInput } from '#src/chat/common/protocol/protocol';
import type { SendResult } from '#src/chat/common/session/askedTurns';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { SetupError, type ModelConnection } from '#src/platform/reply/modelConnection';
import { loadedStore, useHistoryFolder } from '../fixtures/historyFolder';

describe('ChatSession: other answers and branches', () => {
  const { emulator, control } = useEmulator();
  const folder = useHistoryFolder();
  let posted: ToPageInput[];
  /** Called with each message as the page would receive it. */
  let received: ((message: ToPageInput) => void) | undefined;

  async function connect(modelId = 'acme/chat-large'): Promise<ModelConnection> {
    const client = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 });
    const model = (await client.listModels()).data.find((m) => m.id === modelId);
    if (!model) throw new SetupError('Pick a model.', ['selectModel'], 'No model');
    return { client, model };
  }

  async function session(): Promise<ChatSession> {
    posted = [];
    received = undefined;
    const post = (message: ToPageInput) => void (posted.push(message), received?.(message));
    const s = new ChatSession({ connect, store: await loadedStore(folder()), post });
    await s.loaded;
    return s;
  }

  const texts = (turns: readonly Turn[] | undefined) => (turns ?? []).map((turn) => turn.text);
  const shown = () => posted.filter((message) => message.type === 'conversation/show').at(-1);

  it('Regenerate adds an answer beside the first and shows it streaming; the first stays among the answers, its text sent when its tab asks', async () => {
    await control.queueReplies(['one', 'two']);
    const s = await session();
    await s.send('question');
    await s.regenerate();
    const conversation = s.current();
    assert.deepEqual([texts(conversation.turns), texts(conversation.others)], [['question', 'two'], ['one']]);
    const view = shown();
    const answer = view?.type === 'conversation/show' ? view.conversation.turns[1] : undefined;
    assert.deepEqual(answer?.role === 'assistant' && answer.answers?.map((tab) => [tab.text, s.answer(conversation.id, tab.id)?.text]), [
      [undefined, 'one'],
      ['', 'two'],
    ]);
    assert.equal(s.answer('another-conversation', conversation.turns[1]!.id), undefined);
  });

  it('Ask Another Model: each model answers the same message beside the answer, at the same time, one request each; the path stays until one is chosen', async () => {
    await control.queueReplies(['first']);
    const s = await session();
    await s.send('Name a colour');
    const answerId = s.current().turns[1]!.id;
    await control.queueReplies(['from mira', 'from nova']);
    await control.queueFaults('chat', [
      { type: 'stall', afterDeltas: 1, ms: 300 },
      { type: 'stall', afterDeltas: 1, ms: 300 },
    ]);
    posted = [];
    assert.deepEqual(await s.askOthers(answerId, ['mira/messenger', 'nova/responder']), { ok: true });
    const conversation = s.current();
    assert.deepEqual(texts(conversation.turns), ['Name a colour', 'first']);
    const others = conversation.others ?? [];
    assert.deepEqual(
      others.map((turn) => turn.role === 'assistant' && [turn.model, turn.text, turn.status, turn.parentId]),
      [
        ['mira/messenger', 'from mira', 'done', conversation.turns[0]!.id],
        ['nova/responder', 'from nova', 'done', conversation.turns[0]!.id],
      ],
    );
    for (const turn of others) assert.ok(turn.role === 'assistant' && turn.usage && turn.firstTokenMs !== undefined, 'usage and time to first token');
    const models = (await control.requests()).flatMap((r) => (r.model ? [r.model] : []));
    assert.deepEqual(models.sort(), ['acme/chat-large', 'mira/messenger', 'nova/responder']);
    // Both had text before either ended: they streamed at the same time.
    const events = posted.flatMap((m) => (m.type === 'reply/delta' ? ['delta'] : m.type === 'reply/end' ? ['end'] : []));
    assert.deepEqual(events.slice(0, 2), ['delta', 'delta']);
    assert.equal(events.filter((e) => e === 'end').length, 2);
    // Continue With This Answer: the conversation goes on from nova's; the others stay.
    assert.equal(await s.choose(others[1]!.id), true);
    assert.deepEqual(
      [texts(s.current().turns), texts(s.current().others)],
      [
        ['Name a colour', 'from nova'],
        ['first', 'from mira'],
      ],
    );
    const stored = await (await loadedStore(folder())).get(s.current().id);
    assert.deepEqual(texts(stored?.turns), ['Name a colour', 'from nova']);
  });

  it('Ask Another Model keeps the session busy until the last answer ends: Send waits before it and is taken right after it', async () => {
    await control.queueReplies(['first']);
    const s = await session();
    await s.send('Name a colour');
    const answerId = s.current().turns[1]!.id;
    await control.queueReplies(['from mira', 'from nova', 'next answer']);
    await control.queueFaults('chat', [{ type: 'stall', afterDeltas: 1, ms: 400 }]);
    const sends: Promise<SendResult>[] = [];
    posted = [];
    received = (message) => {
      // Send at the moment each end reaches the page, as a person pressing Send would.
      if (message.type === 'reply/end' && sends.length < 2) sends.push(s.send('go on'));
    };
    assert.deepEqual(await s.askOthers(answerId, ['mira/messenger', 'nova/responder']), { ok: true });
    assert.deepEqual(posted.flatMap((m) => (m.type === 'reply/end' ? [[m.turn.status, m.busy]] : [])).slice(0, 2), [
      ['done', true],
      ['done', false],
    ]);
    assert.deepEqual(await Promise.all(sends), [{ ok: false, message: 'Wait for the answer to finish, or stop it first.' }, { ok: true }]);
    assert.deepEqual(texts(s.current().turns), ['Name a colour', 'first', 'go on', 'next answer']);
  });

  it('Ask Another Model is refused for an answer that is not on the path', async () => {
    await control.queueReplies(['first']);
    const s = await session();
    await s.send('hi');
    assert.deepEqual(await s.askOthers('a_nowhere', ['mira/messenger']), {
      ok: false,
      message: 'Only an answer to a text message can be asked of another model.',
    });
  });

  it('an earlier message edited starts a branch; the old stays, and the arrows move between them', async () => {
    await control.queueReplies(['A1', 'A2', 'B1']);
    const s = await session();
    await s.send('first');
    await s.send('second');
    const firstId = s.current().turns[0]!.id;
    await s.edit(firstId, 'first, edited');
    assert.deepEqual(texts(s.current().turns), ['first, edited', 'B1']);
    assert.deepEqual(texts(s.current().others), ['first', 'A1', 'second', 'A2']);
    const view = shown();
    const message = view?.type === 'conversation/show' ? view.conversation.turns[0] : undefined;
    assert.deepEqual(message?.role === 'user' && message.branch, { at: 2, of: 2, previous: firstId, next: undefined });
    await s.choose(firstId);
    assert.deepEqual(texts(s.current().turns), ['first', 'A1', 'second', 'A2']);
  });
});
