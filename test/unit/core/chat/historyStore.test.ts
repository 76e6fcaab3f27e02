import * as assert from 'node:assert/strict';
import { newConversation, type Conversation } from '#src/core/chat/conversation';
import { ACTIVE_KEY, HISTORY_KEY, HistoryStore } from '#src/core/chat/historyStore';
import { EchoingMemento } from './fixtures/echoingMemento';
import { MapMemento } from './fixtures/mapMemento';

function conversation(title: string, updatedAt: string): Conversation {
  return {
    ...newConversation(new Date(updatedAt)),
    title,
    turns: [{ id: `u_${title}`, role: 'user', text: title, mode: 'chat', context: [], createdAt: updatedAt }],
  };
}

describe('HistoryStore', () => {
  let memento: MapMemento;
  let store: HistoryStore;

  beforeEach(() => {
    memento = new MapMemento();
    store = new HistoryStore(memento);
  });

  it('lists the last saved first and reads conversations back from the memento in a new store', async () => {
    const a = conversation('first', '2025-01-01T10:00:00.000Z');
    const b = conversation('second', '2025-01-01T11:00:00.000Z');
    await store.save(a);
    await store.save(b);
    await store.save(a);
    const reopened = new HistoryStore(memento);
    assert.deepEqual(reopened.list().map((i) => i.title), ['first', 'second']);
    assert.deepEqual(reopened.get(b.id), b);
  });

  it('keeps no empty conversation', async () => {
    await store.save(newConversation());
    assert.deepEqual(store.list(), []);
    assert.equal(memento.get(HISTORY_KEY), undefined);
  });

  it('renames and deletes', async () => {
    const a = conversation('first', '2025-01-01T10:00:00.000Z');
    await store.save(a);
    await store.rename(a.id, '  Closures  ');
    assert.equal(new HistoryStore(memento).get(a.id)?.title, 'Closures');
    await store.rename(a.id, '   ');
    assert.equal(store.get(a.id)?.title, 'Closures', 'an empty name keeps the old one');
    await store.delete(a.id);
    assert.deepEqual(new HistoryStore(memento).list(), []);
  });

  it('remembers the open conversation', async () => {
    await store.setActive('c_1');
    assert.equal(new HistoryStore(memento).activeId(), 'c_1');
    await store.setActive(undefined);
    assert.equal(new HistoryStore(memento).activeId(), undefined);
  });

  it('remembers the open conversation per window; a window that kept none yet reads the one kept for all before', async () => {
    const [windowA, windowB] = [new MapMemento(), new MapMemento()];
    await memento.update(ACTIVE_KEY, 'c_before');
    const a = new HistoryStore(memento, { window: windowA });
    const b = new HistoryStore(memento, { window: windowB });
    assert.deepEqual([a.activeId(), b.activeId()], ['c_before', 'c_before']);
    await a.setActive('c_a');
    await b.setActive(undefined);
    assert.deepEqual(
      [new HistoryStore(memento, { window: windowA }).activeId(), new HistoryStore(memento, { window: windowB }).activeId()],
      ['c_a', undefined],
    );
  });

  it('keeps at most the limit, dropping the oldest', async () => {
    const small = new HistoryStore(memento, { limit: 2 });
    for (const title of ['a', 'b', 'c']) await small.save(conversation(title, '2025-01-01T10:00:00.000Z'));
    assert.deepEqual(small.list().map((i) => i.title), ['c', 'b']);
  });

  it('two windows (one globalState) keep each other\'s conversations, and the newer copy of one both have', async () => {
    const [windowA, windowB] = [new HistoryStore(memento), new HistoryStore(memento)];
    const a = conversation('from A', '2025-01-01T10:00:00.000Z');
    const b = conversation('from B', '2025-01-01T11:00:00.000Z');
    await windowA.save(a);
    await windowB.save(b);
    await windowA.save({ ...a, title: 'from A, renamed', updatedAt: '2025-01-01T12:00:00.000Z' });
    assert.deepEqual(new HistoryStore(memento).list().map((i) => i.title), ['from A, renamed', 'from B']);
    // B's stale copy of A is not written back over the newer one.
    await windowB.save({ ...b, updatedAt: '2025-01-01T13:00:00.000Z' });
    assert.deepEqual(new HistoryStore(memento).list().map((i) => i.title), ['from B', 'from A, renamed']);
  });

  it('two windows: a rename in one survives the other\'s next save; a delete in one is gone from both; a live answer of one is not marked failed by the other', async () => {
    const [windowA, windowB] = [new HistoryStore(memento), new HistoryStore(memento)];
    const renamed = conversation('to rename', '2025-01-01T10:00:00.000Z');
    const doomed = conversation('to delete', '2025-01-01T10:01:00.000Z');
    const live = { ...conversation('live', '2025-01-01T10:02:00.000Z') };
    live.turns = [...live.turns, { id: 'a_live', role: 'assistant', text: 'so far', status: 'streaming', createdAt: '2025-01-01T10:02:00.000Z' }];
    await windowA.save(renamed);
    await windowA.save(doomed);
    const late = new HistoryStore(memento);
    await windowB.save(live);
    await windowB.rename(renamed.id, 'Renamed in B');
    await windowB.delete(doomed.id);
    await late.save(conversation('late', '2025-01-01T10:03:00.000Z'));
    const stored = new HistoryStore(memento);
    assert.deepEqual(stored.list().map((i) => i.title).sort(), ['Renamed in B', 'late', 'live']);
    const liveTurn = (late.get(live.id)?.turns.at(-1) ?? {}) as { status?: string };
    assert.equal(liveTurn.status, 'streaming');
  });

  it('a conversation deleted here is not brought back by a late save (a reply that was stopping)', async () => {
    const a = conversation('deleted', '2025-01-01T10:00:00.000Z');
    await store.save(a);
    await store.delete(a.id);
    await store.save({ ...a, updatedAt: '2025-01-01T10:05:00.000Z' });
    assert.deepEqual([store.list(), new HistoryStore(memento).list()], [[], []]);
  });

  it('keeps the stored text bounded, dropping the oldest conversations, never the newest', async () => {
    const sized = (title: string, at: string) => ({ ...conversation(title, at), turns: [{ id: `u_${title}`, role: 'user' as const, text: 'x'.repeat(1_000), mode: 'chat' as const, context: [], createdAt: at }] });
    const bounded = new HistoryStore(memento, { maxChars: 2_500 });
    for (const [title, at] of [['a', '2025-01-01T10:00:00.000Z'], ['b', '2025-01-01T11:00:00.000Z'], ['c', '2025-01-01T12:00:00.000Z']]) await bounded.save(sized(title!, at!));
    assert.deepEqual(new HistoryStore(memento).list().map((i) => i.title), ['c', 'b']);
    const tiny = new HistoryStore(new MapMemento(), { maxChars: 10 });
    await tiny.save(sized('alone', '2025-01-01T10:00:00.000Z'));
    assert.deepEqual(tiny.list().map((i) => i.title), ['alone']);
  });

  it('drops damaged entries and survives a value that is not a list', async () => {
    const good = conversation('good', '2025-01-01T10:00:00.000Z');
    await memento.update(HISTORY_KEY, [{ id: 3 }, good, 'junk']);
    assert.deepEqual(new HistoryStore(memento).list().map((i) => i.title), ['good']);
    await memento.update(HISTORY_KEY, { not: 'a list' });
    assert.deepEqual(new HistoryStore(memento).list(), []);
  });

  it('reads a reply that was streaming when the window closed as interrupted (with text) or failed, with a retry', async () => {
    const c = conversation('q', '2025-01-01T10:00:00.000Z');
    c.turns.push(
      { id: 'a1', role: 'assistant', text: 'partial', status: 'streaming', createdAt: c.createdAt },
      { id: 'a2', role: 'assistant', text: '', status: 'streaming', createdAt: c.createdAt },
    );
    await store.save(c);
    const turns = new HistoryStore(memento).get(c.id)?.turns ?? [];
    const statuses = turns.flatMap((t) => (t.role === 'assistant' ? [[t.status, t.error?.actions]] : []));
    assert.deepEqual(statuses, [['interrupted', ['retry']], ['failed', ['retry']]]);
  });

  it('a finished answer saved while its streaming-time save is still on its way is what a reload reads (VS Code globalState echoes every write)', async () => {
    const echoing = new EchoingMemento();
    const echoStore = new HistoryStore(echoing);
    const c = conversation('q', '2025-01-01T10:00:00.000Z');
    c.turns.push({ id: 'a1', role: 'assistant', text: '', status: 'streaming', createdAt: c.createdAt });
    const streaming = echoStore.save(c);
    const activated = echoStore.setActive(c.id);
    await echoing.nextWrite();
    // The answer ends while the workbench's echo of that write has not arrived yet.
    c.turns[1] = { id: 'a1', role: 'assistant', text: 'Hello!', status: 'done', createdAt: c.createdAt };
    const finished = echoStore.save(c);
    // The echo arrives before the extension host sends anything more (the worst order a busy machine allows).
    echoing.deliver();
    echoing.release();
    await Promise.all([streaming, activated, finished, echoStore.flushed()]);
    const reloaded = new HistoryStore(echoing.afterReload());
    assert.equal(reloaded.activeId(), c.id);
    assert.deepEqual(reloaded.get(c.id)?.turns[1], { id: 'a1', role: 'assistant', text: 'Hello!', status: 'done', createdAt: c.createdAt });
  });
});
