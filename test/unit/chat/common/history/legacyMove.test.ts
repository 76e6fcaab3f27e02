import * as assert from 'node:assert/strict';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { LEGACY_DELETED_KEY, LEGACY_HISTORY_KEY, MOVE_FAILED_KEY } from '#src/chat/common/history/legacyMove';
import { oneExchange } from '../fixtures/conversations';
import { loadedStore, removeFolder, tempFolder } from '../fixtures/historyFolder';
import { MapMemento } from '../fixtures/mapMemento';

const conversation = (id: string, title: string, at: string) => oneExchange(id, title, `question ${title}`, `answer ${title}`, at, 'acme/chat-large');

describe('moving the history out of globalState', () => {
  let folder: string;
  let state: MapMemento;
  const old = [
    conversation('c_new', 'Newer', '2026-01-02T10:00:00.000Z'),
    conversation('c_old', 'Older', '2026-01-01T10:00:00.000Z'),
    conversation('c_gone', 'Deleted', '2026-01-01T09:00:00.000Z'),
  ];

  beforeEach(async () => {
    folder = tempFolder();
    state = new MapMemento();
    await state.update(LEGACY_HISTORY_KEY, old);
    await state.update(LEGACY_DELETED_KEY, ['c_gone']);
  });
  afterEach(() => removeFolder(folder));

  it('writes every conversation into its file, reads them back, then removes the old value', async () => {
    const lines: string[] = [];
    const store = await loadedStore(folder, { state, log: (line) => lines.push(line) });
    assert.deepEqual(
      store.list().map((item) => item.title),
      ['Newer', 'Older'],
    );
    assert.deepEqual(await store.get('c_old'), old[1]);
    assert.deepEqual([state.get(LEGACY_HISTORY_KEY), state.get(LEGACY_DELETED_KEY)], [undefined, undefined]);
    assert.deepEqual(lines, ['History: moved 2 conversation(s) from globalState into files.']);
    assert.deepEqual([...state.values.keys()], []);
  });

  it('a failure half-way leaves the old value, says so once, and the next start moves everything', async () => {
    // A folder where one conversation's file goes: its rename fails.
    mkdirSync(path.join(folder, 'conversations', 'c_old.json'), { recursive: true });
    const warnings: string[] = [];
    const lines: string[] = [];
    const first = await loadedStore(folder, { state, log: (line) => lines.push(line), warn: (message) => warnings.push(message) });
    assert.deepEqual(state.get(LEGACY_HISTORY_KEY), old);
    assert.match(
      lines.join('\n'),
      /^History: could not move the history out of globalState \(.*c_old\.json.*\); it stays there and is moved at the next start\.$/m,
    );
    assert.deepEqual(
      first.list().map((item) => item.title),
      ['Newer'],
      'what was moved is there',
    );
    await loadedStore(folder, { state, warn: (message) => warnings.push(message) });
    assert.deepEqual(
      warnings,
      ['The chat history could not be moved to its new place; it is kept where it was, and the move is tried again at the next start. The log says why.'],
      'said once',
    );
    rmSync(path.join(folder, 'conversations', 'c_old.json'), { recursive: true });
    const third = await loadedStore(folder, { state });
    assert.deepEqual(
      third.list().map((item) => item.title),
      ['Newer', 'Older'],
    );
    assert.deepEqual([state.get(LEGACY_HISTORY_KEY), state.get(MOVE_FAILED_KEY)], [undefined, undefined]);
  });

  it('running the move twice (a window closed before the value was removed) makes no copies and loses nothing newer', async () => {
    const store = await loadedStore(folder, { state });
    const continued = (await store.get('c_new'))!;
    continued.turns.push({ id: 'u_more', role: 'user', text: 'more', mode: 'chat', context: [], createdAt: '2026-01-03T10:00:00.000Z' });
    continued.updatedAt = '2026-01-03T10:00:00.000Z';
    await store.save(continued);
    await state.update(LEGACY_HISTORY_KEY, old);
    await state.update(LEGACY_DELETED_KEY, ['c_gone']);
    const again = await loadedStore(folder, { state });
    assert.deepEqual(
      again.list().map((item) => item.title),
      ['Newer', 'Older'],
    );
    assert.equal((await again.get('c_new'))?.turns.length, 3);
    assert.deepEqual(readdirSync(path.join(folder, 'conversations')).sort(), ['c_new.json', 'c_old.json']);
  });

  it('an earlier version run afterwards (its own value again) leaves the files, and what it added is moved beside them', async () => {
    await loadedStore(folder, { state });
    // The earlier version started with no value and kept one new conversation there.
    await state.update(LEGACY_HISTORY_KEY, [conversation('c_between', 'Between', '2026-01-05T10:00:00.000Z')]);
    const store = await loadedStore(folder, { state });
    assert.deepEqual(
      store.list().map((item) => item.title),
      ['Between', 'Newer', 'Older'],
    );
    assert.equal(state.get(LEGACY_HISTORY_KEY), undefined);
  });
});
