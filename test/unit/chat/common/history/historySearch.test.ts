import * as assert from 'node:assert/strict';
import { oneExchange } from '../fixtures/conversations';
import { loadedStore, useHistoryFolder } from '../fixtures/historyFolder';

const conversation = (id: string, title: string, answer: string, at: string) => oneExchange(id, title, title, answer, at);

describe('searching the history', () => {
  const folder = useHistoryFolder();

  it('finds titles and the text of every turn, ignoring case, newest first; an empty search lists all', async () => {
    const store = await loadedStore(folder());
    await store.save(conversation('c_1', 'Debounce in TypeScript', 'Use setTimeout and clearTimeout.', '2026-01-01T10:00:00.000Z'));
    await store.save(conversation('c_2', 'Binary search', 'Halve the range: O(log n).', '2026-01-02T10:00:00.000Z'));
    await store.save(conversation('c_3', 'Sorting', 'Merge sort is stable; call clearTimeout elsewhere.', '2026-01-03T10:00:00.000Z'));
    const titles = async (query: string) => (await store.search(query)).map((item) => item.title);
    assert.deepEqual(await titles('CLEARTIMEOUT'), ['Sorting', 'Debounce in TypeScript']);
    assert.deepEqual(await titles('binary'), ['Binary search']);
    assert.deepEqual(await titles('o(log n)'), ['Binary search']);
    assert.deepEqual(await titles('nowhere'), []);
    assert.deepEqual(await titles('  '), ['Sorting', 'Binary search', 'Debounce in TypeScript']);
    // A new store (another window, a reload) searches the same files.
    assert.deepEqual(
      (await (await loadedStore(folder())).search('stable')).map((item) => item.id),
      ['c_3'],
    );
    await store.flushed();
  });

  it('finds text in every branch and every answer, and reads the tree back as it was stored', async () => {
    const store = await loadedStore(folder());
    const tree = conversation('c_1', 'Debounce', 'Use setTimeout.', '2026-01-01T10:00:00.000Z');
    tree.others = [
      {
        id: 'a_other',
        role: 'assistant',
        text: 'Or lodash.debounce',
        status: 'done',
        model: 'acme/chat-small',
        createdAt: '2026-01-01T10:00:01.000Z',
        parentId: 'u_c_1',
      },
      { id: 'u_edit', role: 'user', text: 'What about throttling?', mode: 'chat', context: [], createdAt: '2026-01-01T10:00:02.000Z' },
    ];
    await store.save(tree);
    await store.save(conversation('c_2', 'Sorting', 'Merge sort.', '2026-01-02T10:00:00.000Z'));
    const titles = async (query: string) => (await store.search(query)).map((item) => item.title);
    assert.deepEqual(await titles('LODASH'), ['Debounce']);
    assert.deepEqual(await titles('throttling'), ['Debounce']);
    const read = await (await loadedStore(folder())).get('c_1');
    assert.deepEqual(
      [read?.turns.map((turn) => turn.id), read?.others?.map((turn) => [turn.id, turn.parentId])],
      [
        ['u_c_1', 'a_c_1'],
        [
          ['a_other', 'u_c_1'],
          ['u_edit', undefined],
        ],
      ],
    );
    await store.flushed();
  });

  it('a search that a newer one replaced stops', async () => {
    const store = await loadedStore(folder());
    for (let n = 1; n <= 20; n++) await store.save(conversation(`c_${n}`, `Chat ${n}`, 'text', `2026-01-01T10:00:${String(n).padStart(2, '0')}.000Z`));
    assert.deepEqual(await store.search('text', () => true), []);
    await store.flushed();
  });
});
