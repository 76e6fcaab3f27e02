// The chat's history in files, in a real extension host: the running chat is one window, a
// second HistoryStore over the same folder (what another window's extension host opens) the
// other. Both add to one conversation, rename it and delete it; each sees the other's changes
// through its watch, and neither loses a turn.
import * as assert from 'node:assert/strict';
import type { Conversation } from '#src/chat/common/conversation/conversation';
import { HistoryStore } from '#src/chat/common/history/historyStore';
import type { MementoLike } from '#src/platform/storage/serialMemento';
import { useTestHandle } from '../support/useTestHandle';
import { arrangeChat } from './chatHarness';
import { until } from './shellHarness';

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

  it('keeps only small things in globalState and workspaceState', async () => {
    await api.chat.host.session.send('Keep this in a file');
    const stored = api.storedState();
    assert.ok(JSON.stringify(stored.global).length < 16 * 1024, `globalState holds ${JSON.stringify(stored.global).length} characters`);
    assert.ok(JSON.stringify(stored.workspace).length < 16 * 1024, `workspaceState holds ${JSON.stringify(stored.workspace).length} characters`);
    assert.ok(!JSON.stringify(stored).includes('Keep this in a file'), 'no conversation text in extension state');
  });
});
