// The chat's history in files, in a real extension host: the running chat is one window, a
// second HistoryStore over the same folder (what another window's extension host opens) the
// other. Both add to one conversation, rename it and delete it; each sees the other's changes
// through its watch, and neither loses a turn. Then a real second window (its own extension host
// on the same profile, secondWindow.ts) deletes a conversation this one is answering in.
import * as assert from 'node:assert/strict';
import type { Conversation, Turn } from '#src/chat/common/conversation/conversation';
import { allTurns, leavePath, parentsOf, showPath } from '#src/chat/common/conversation/conversationTree';
import { HistoryStore } from '#src/chat/common/history/historyStore';
import type { MementoLike } from '#src/platform/storage/serialMemento';
import { useTestHandle } from '../support/useTestHandle';
import { arrangeChat, lastReply } from './chatHarness';
import { channelFolder, SecondWindow } from './secondWindow';
import { emulator, until } from './shellHarness';

/** Another window's state: it shares the history folder, not this window's mementos. */
function memento(): MementoLike {
  const values = new Map<string, unknown>();
  return {
    get: <T>(key: string) => values.get(key) as T | undefined,
    update: (key: string, value: unknown) => {
      values.set(key, value);
      return Promise.resolve();
    },
  };
}

describe('chat history: two windows on one history folder', () => {
  const api = useTestHandle();
  let other: HistoryStore;

  beforeEach(async () => {
    await arrangeChat(api);
    const mine = api.chat.host.store;
    // Another window: its own store (and its own workspaceState) over the same folder.
    other = new HistoryStore({ folder: mine.folder.root, state: memento(), window: memento() });
    await other.load();
  });
  afterEach(async () => {
    await other.flushed();
    other.dispose();
  });

  it('turns added in both windows are kept in both, in order; a rename and a deletion reach the other window', async () => {
    const { session, store } = api.chat.host;
    await session.send('First question from window one');
    const id = session.current().id;

    // The other window opens it and adds a question and its answer.
    const theirs = (await other.get(id)) as Conversation;
    assert.equal(theirs.turns.length, 2);
    const at = new Date().toISOString();
    theirs.turns.push(
      { id: 'u_window2', role: 'user', text: 'A question from window two', mode: 'chat', context: [], createdAt: at },
      { id: 'a_window2', role: 'assistant', text: 'An answer in window two', status: 'done', model: 'acme/chat-large', createdAt: at },
    );
    theirs.updatedAt = at;
    await other.save(theirs);
    // This window shows them without a reload.
    await until(() => session.current().turns.some((turn) => turn.id === 'a_window2') || undefined, "the other window's turns in the open conversation");

    await session.send('Second question from window one');
    const texts = session
      .current()
      .turns.filter((turn) => turn.role === 'user')
      .map((turn) => turn.text);
    assert.deepEqual(texts, ['First question from window one', 'A question from window two', 'Second question from window one']);
    await until(async () => (await other.get(id))?.turns.length === 6 || undefined, 'every turn in the other window');
    assert.deepEqual(
      (await other.get(id))?.turns.map((turn) => turn.id),
      session.current().turns.map((turn) => turn.id),
    );

    await other.rename(id, 'Renamed in window two');
    await until(() => store.list().find((item) => item.id === id)?.title === 'Renamed in window two' || undefined, 'the new name in this window');

    await other.delete(id);
    await until(() => !store.list().some((item) => item.id === id) || undefined, 'the deletion in this window');
    assert.notEqual(session.current().id, id, 'the deleted conversation is closed here');
    assert.equal(await store.get(id), undefined);
  });

  it('two windows on two branches of one conversation: each keeps its branch on screen, and both branches are kept', async () => {
    const { session } = api.chat.host;
    await session.send('First question');
    await session.send('Second question, first branch');
    const id = session.current().id;
    // The other window edits the second question: a branch of its own, answered there.
    const theirs = (await other.get(id)) as Conversation;
    const at = new Date().toISOString();
    leavePath(theirs, 2);
    theirs.turns.push(
      { id: 'u_branch2', role: 'user', text: 'Second question, second branch', mode: 'chat', context: [], createdAt: at, chosenAt: at },
      { id: 'a_branch2', role: 'assistant', text: 'An answer on the second branch', status: 'done', model: 'acme/chat-large', createdAt: at },
    );
    await other.save(theirs);
    await until(() => session.current().others?.some((turn) => turn.id === 'a_branch2') || undefined, "the other window's branch here");
    // This window goes on with its own branch.
    await session.send('Third question, first branch');
    const texts = (turns: readonly Turn[] | undefined) => (turns ?? []).filter((turn) => turn.role === 'user').map((turn) => turn.text);
    assert.deepEqual(texts(session.current().turns), ['First question', 'Second question, first branch', 'Third question, first branch']);
    assert.deepEqual(texts(session.current().others), ['Second question, second branch']);
    // The other window adds to its branch; neither loses the other's turns.
    const again = (await other.get(id)) as Conversation;
    showPath(again, 'a_branch2');
    again.turns.push({ id: 'u_branch2b', role: 'user', text: 'Third question, second branch', mode: 'chat', context: [], createdAt: new Date().toISOString() });
    await other.save(again);
    await until(() => session.current().others?.some((turn) => turn.id === 'u_branch2b') || undefined, 'the second branch grown here');
    assert.deepEqual(texts(session.current().turns), ['First question', 'Second question, first branch', 'Third question, first branch']);
    const stored = (await other.get(id)) as Conversation;
    assert.deepEqual(texts(allTurns(stored)).sort(), [
      'First question',
      'Second question, first branch',
      'Second question, second branch',
      'Third question, first branch',
      'Third question, second branch',
    ]);
    assert.equal(parentsOf(stored).get('u_branch2b'), 'a_branch2', 'it follows the answer on its branch');
  });

  it('keeps only small things in globalState and workspaceState', async () => {
    await api.chat.host.session.send('Keep this in a file');
    const stored = api.storedState();
    assert.ok(JSON.stringify(stored.global).length < 16 * 1024, `globalState holds ${JSON.stringify(stored.global).length} characters`);
    assert.ok(JSON.stringify(stored.workspace).length < 16 * 1024, `workspaceState holds ${JSON.stringify(stored.workspace).length} characters`);
    assert.ok(!JSON.stringify(stored).includes('Keep this in a file'), 'no conversation text in extension state');
  });
});

describe('chat history: a second extension host on the same profile', function () {
  this.timeout(300_000);
  const api = useTestHandle();
  let other: SecondWindow | undefined;

  before(async function () {
    const folder = channelFolder();
    // Desktop VS Code (npm run test:vscode) opens no second window for the suite.
    if (!folder) return this.skip();
    other = await SecondWindow.open(folder);
  });
  after(async () => {
    await other?.close();
  });

  it('a conversation the other window deletes while this one streams an answer into it: every turn is kept here as a new conversation, said once', async () => {
    assert.notEqual(other!.pid, process.pid, 'the other window has an extension host of its own');
    await arrangeChat(api);
    const { session, store } = api.chat.host;
    await session.send('First question from this window');
    const first = session.current().id;
    await emulator().queueFaults('chat', [{ type: 'stall', afterDeltas: 3, ms: 8_000 }]);
    const answering = session.send('Second question, answered while the other window deletes it');
    await until(() => (session.busy && lastReply(api).text.length > 0) || undefined, 'the second answer streaming');

    const deleted = await other!.ask({ type: 'delete', id: first });
    assert.deepEqual([deleted.ok, deleted.error, deleted.list?.some((item) => item.id === first)], [true, undefined, false]);
    assert.equal(session.busy, true, 'still answering when the other window deleted it');
    await until(() => !store.list().some((item) => item.id === first) || undefined, 'the deletion in this window', 20_000);
    await answering;

    const kept = session.current();
    assert.notEqual(kept.id, first);
    assert.deepEqual(
      [kept.title, kept.keptAfterDeletion, kept.turns.map((turn) => (turn.role === 'user' ? turn.text : turn.status))],
      [
        'First question from this window',
        true,
        ['First question from this window', 'done', 'Second question, answered while the other window deletes it', 'done'],
      ],
    );
    assert.deepEqual(await store.get(kept.id), kept);
    assert.equal(await store.get(first), undefined);
    assert.deepEqual(
      api
        .logLines()
        .filter(({ line }) => line.includes('was deleted in another window'))
        .map(({ line }) => line),
      [`Chat: ${first} was deleted in another window while it was being answered here; kept here as ${kept.id}.`],
    );
    // The other window lists it too, marked.
    const seen = await until(
      async () => (await other!.ask({ type: 'list' })).list?.find((item) => item.id === kept.id),
      'the kept conversation in the other window',
      20_000,
    );
    assert.deepEqual([seen.title, seen.keptAfterDeletion], ['First question from this window', true]);
  });
});
