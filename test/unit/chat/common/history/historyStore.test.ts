import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, watch, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { imageItem } from '#src/chat/common/attachments/attachments';
import type { Conversation, Turn } from '#src/chat/common/conversation/conversation';
import { attachmentsFolder, storeAttachment } from '#src/chat/common/history/attachmentFiles';
import { HistoryStore } from '#src/chat/common/history/historyStore';
import { ACTIVE_KEY } from '#src/chat/common/history/openConversation';
import { crashedWrite, loadedStore, useHistoryFolder } from '../fixtures/historyFolder';
import { MapMemento } from '../fixtures/mapMemento';

let clock = Date.parse('2026-01-01T10:00:00.000Z');
const tick = () => new Date((clock += 1000)).toISOString();
const user = (text: string): Turn => ({ id: `u_${text.replace(/\W/g, '')}${clock}`, role: 'user', text, mode: 'chat', context: [], createdAt: tick() });
const answer = (text: string, model = 'acme/chat-large'): Turn => ({
  id: `a_${text.replace(/\W/g, '')}${clock}`,
  role: 'assistant',
  text,
  status: 'done',
  model,
  createdAt: tick(),
});

function conversation(id: string, title: string, ...turns: Turn[]): Conversation {
  const now = tick();
  return { id, title, createdAt: now, updatedAt: now, turns };
}

describe('HistoryStore: one file per conversation', () => {
  const folder = useHistoryFolder();

  it('writes one file per conversation and an index with id, title, dates, model and size; a new store lists them newest first', async () => {
    const store = await loadedStore(folder());
    const a = conversation('c_a', 'First', user('hello'), answer('hi'));
    const b = conversation('c_b', 'Second', user('again'));
    await store.save(a);
    b.updatedAt = tick();
    await store.save(b);
    await store.flushed();
    assert.deepEqual(readdirSync(path.join(folder(), 'conversations')).sort(), ['c_a.json', 'c_b.json']);
    const index = JSON.parse(readFileSync(path.join(folder(), 'index.json'), 'utf8'));
    // The conversation, after the revision its file starts with.
    const bytesA = Buffer.byteLength(JSON.stringify(a)) + '"revision":"0123456789abcdef",'.length;
    assert.deepEqual(index.conversations.at(-1), {
      id: 'c_a',
      title: 'First',
      createdAt: a.createdAt,
      updatedAt: a.updatedAt,
      model: 'acme/chat-large',
      bytes: bytesA,
    });
    const reopened = await loadedStore(folder());
    assert.deepEqual(
      reopened.list().map((item) => item.title),
      ['Second', 'First'],
    );
    assert.deepEqual(await reopened.get('c_a'), a);
  });

  it('keeps no empty conversation, and reads nothing before load()', async () => {
    const store = new HistoryStore({ folder: folder(), state: new MapMemento(), watch: false });
    assert.equal(existsSync(path.join(folder(), 'conversations')), false);
    await store.save(conversation('c_empty', 'Empty'));
    assert.deepEqual(store.list(), []);
    assert.deepEqual(readdirSync(path.join(folder(), 'conversations')), []);
  });

  it('moves a corrupt conversation file aside into a folder of its date, says so once in the log and in the count, and lists the rest', async () => {
    const store = await loadedStore(folder());
    await store.save(conversation('c_good', 'Good', user('fine')));
    await store.save(conversation('c_bad', 'Bad', user('soon broken')));
    await store.save(conversation('c_wrong', 'Wrong', user('another id inside')));
    await store.flushed();
    writeFileSync(path.join(folder(), 'conversations', 'c_bad.json'), '{"id":"c_bad","title":"Ba');
    writeFileSync(path.join(folder(), 'conversations', 'c_wrong.json'), JSON.stringify(conversation('c_other', 'Other', user('q'))));
    // Written after the index, so they are read again.
    const lines: string[] = [];
    const reopened = await loadedStore(folder(), { log: (line) => lines.push(line) });
    assert.deepEqual(
      reopened.list().map((item) => item.id),
      ['c_good'],
    );
    const day = path.join(folder(), 'unreadable', new Date().toISOString().slice(0, 10));
    assert.deepEqual(lines.sort(), [
      `History: moved ${path.join(folder(), 'conversations', 'c_bad.json')} to ${path.join(day, 'c_bad.json')}: it is not a readable conversation.`,
      `History: moved ${path.join(folder(), 'conversations', 'c_wrong.json')} to ${path.join(day, 'c_wrong.json')}: it is not a readable conversation.`,
    ]);
    assert.deepEqual(reopened.unreadable(), { count: 2, folder: day });
    assert.equal(readFileSync(path.join(day, 'c_bad.json'), 'utf8'), '{"id":"c_bad","title":"Ba');
    assert.deepEqual(readdirSync(path.join(folder(), 'conversations')), ['c_good.json']);
    // The next window finds nothing to say.
    const later: string[] = [];
    const again = await loadedStore(folder(), { log: (line) => later.push(line) });
    assert.deepEqual([later, again.unreadable(), again.list().length], [[], { count: 0 }, 1]);
  });

  it('keeps the conversation files that could not be read for 30 days', async () => {
    const now = Date.now();
    const dayOf = (daysAgo: number) => new Date(now - daysAgo * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    for (const daysAgo of [31, 29]) {
      mkdirSync(path.join(folder(), 'unreadable', dayOf(daysAgo)), { recursive: true });
      writeFileSync(path.join(folder(), 'unreadable', dayOf(daysAgo), 'c_1.json'), '{');
    }
    await loadedStore(folder());
    assert.deepEqual(readdirSync(path.join(folder(), 'unreadable')), [dayOf(29)]);
  });

  it('mends the list from the files when the index is missing or damaged', async () => {
    const store = await loadedStore(folder());
    await store.save(conversation('c_a', 'Kept', user('one')));
    await store.flushed();
    writeFileSync(path.join(folder(), 'index.json'), 'not json');
    assert.deepEqual(
      (await loadedStore(folder())).list().map((item) => item.title),
      ['Kept'],
    );
    rmSync(path.join(folder(), 'index.json'));
    assert.deepEqual(
      (await loadedStore(folder())).list().map((item) => item.title),
      ['Kept'],
    );
  });

  it('remembers the open conversation per window; a window that kept none reads the one kept for all', async () => {
    const state = new MapMemento();
    await state.update(ACTIVE_KEY, 'c_before');
    const [windowA, windowB] = [new MapMemento(), new MapMemento()];
    const a = await loadedStore(folder(), { state, window: windowA });
    const b = await loadedStore(folder(), { state, window: windowB });
    assert.deepEqual([a.activeId(), b.activeId()], ['c_before', 'c_before']);
    await a.setActive('c_a');
    await b.setActive(undefined);
    assert.deepEqual([a.activeId(), b.activeId()], ['c_a', undefined]);
  });

  it("two windows adding to one conversation keep both windows' turns, in order", async () => {
    const [a, b] = [await loadedStore(folder()), await loadedStore(folder())];
    const start = conversation('c_1', 'Shared', user('q1'), answer('r1'));
    await a.save(start);
    const inB = (await b.get('c_1'))!;
    const inA = structuredClone(start);
    inA.turns.push(user('from A'), answer('answer in A'));
    inB.turns.push(user('from B'), answer('answer in B'));
    const savedB = await b.save(inB);
    assert.equal(savedB && 'merged' in savedB, false, 'nothing to merge yet');
    const savedA = await a.save(inA);
    const texts = ['q1', 'r1', 'from A', 'answer in A', 'from B', 'answer in B'];
    assert.deepEqual(savedA && 'merged' in savedA && savedA.merged?.turns.map((turn) => turn.text), texts);
    // B saves again with what it has: A's turns stay.
    inB.turns.push(user('B again'));
    await b.save(inB);
    assert.deepEqual(
      (await (await loadedStore(folder())).get('c_1'))?.turns.map((turn) => turn.text),
      [...texts, 'B again'],
    );
  });

  it('a rename in one window is kept when the other saves the conversation later', async () => {
    const [a, b] = [await loadedStore(folder()), await loadedStore(folder())];
    const c = conversation('c_1', 'Old name', user('q1'));
    await a.save(c);
    const inB = (await b.get('c_1'))!;
    await a.rename('c_1', '  New name  ');
    inB.turns.push(user('q2'));
    await b.save(inB);
    const stored = await (await loadedStore(folder())).get('c_1');
    assert.deepEqual([stored?.title, stored?.turns.length], ['New name', 2]);
  });

  it('a deletion in one window is not undone by a late save in another, and that save says so; one deleted in the same window is dropped', async () => {
    const [a, b] = [await loadedStore(folder()), await loadedStore(folder())];
    const c = conversation('c_1', 'Doomed', user('q1'));
    await a.save(c);
    const inB = (await b.get('c_1'))!;
    await a.delete('c_1');
    inB.turns.push(answer('late'));
    assert.deepEqual(await b.save(inB), { deletedElsewhere: true });
    assert.equal(await a.save(c), undefined);
    assert.equal(existsSync(path.join(folder(), 'conversations', 'c_1.json')), false);
    assert.deepEqual((await loadedStore(folder())).list(), []);
  });

  it('a save racing a deletion in another window: the deletion stands, and the save says so', async function () {
    this.timeout(20_000);
    const [a, b] = [await loadedStore(folder()), await loadedStore(folder())];
    await a.save(conversation('c_1', 'Doomed', user('q1')));
    const inB = (await b.get('c_1'))!;
    // A long answer: its write is under way while the other window deletes the conversation.
    inB.turns.push(answer('x'.repeat(8 * 1024 * 1024)));
    const conversations = path.join(folder(), 'conversations');
    let deleted: Promise<void> | undefined;
    const watcher = watch(conversations, (_event, name) => {
      if (!deleted && name?.toString().startsWith('.c_1.json.')) deleted = a.delete('c_1');
    });
    try {
      const saved = await b.save(inB);
      await deleted;
      assert.ok(deleted, 'the deletion ran while the write was under way');
      assert.deepEqual(saved, { deletedElsewhere: true });
    } finally {
      watcher.close();
    }
    await b.flushed();
    assert.deepEqual(readdirSync(conversations), []);
    assert.deepEqual((await loadedStore(folder())).list(), []);
  });

  it('a conversation file written after its deletion (a window that went at that moment) is removed when read', async () => {
    const store = await loadedStore(folder());
    const c = conversation('c_1', 'Doomed', user('q1'));
    await store.save(c);
    await store.delete('c_1');
    await store.flushed();
    writeFileSync(path.join(folder(), 'conversations', 'c_1.json'), JSON.stringify(c));
    assert.deepEqual((await loadedStore(folder())).list(), []);
    assert.equal(existsSync(path.join(folder(), 'conversations', 'c_1.json')), false);
  });

  it('remembers a deletion for 30 days', async () => {
    const store = await loadedStore(folder());
    await store.save(conversation('c_1', 'One', user('q1')));
    await store.save(conversation('c_2', 'Two', user('q2')));
    await store.delete('c_1');
    await store.delete('c_2');
    const month = Date.now() / 1000 - 31 * 24 * 60 * 60;
    utimesSync(path.join(folder(), 'deleted', 'c_1'), month, month);
    await loadedStore(folder());
    assert.deepEqual(readdirSync(path.join(folder(), 'deleted')), ['c_2']);
  });

  it('keeps the last conversations within the count, the oldest going first', async () => {
    const store = await loadedStore(folder(), { limit: 3 });
    for (const n of [1, 2, 3, 4, 5]) await store.save(conversation(`c_${n}`, `Chat ${n}`, user(`q${n}`)));
    await store.flushed();
    assert.deepEqual(
      store.list().map((item) => item.title),
      ['Chat 5', 'Chat 4', 'Chat 3'],
    );
    assert.deepEqual(readdirSync(path.join(folder(), 'conversations')).sort(), ['c_3.json', 'c_4.json', 'c_5.json']);
  });

  it('keeps the newest conversations within the size on disk, the oldest going first, the newest whatever its size', async () => {
    const size = Buffer.byteLength(JSON.stringify(conversation('c_1', 'Chat 1', user('x'.repeat(1000))))) + '"revision":"0123456789abcdef",'.length;
    const store = await loadedStore(folder(), { maxBytes: size * 2 + 10 });
    for (const n of [1, 2, 3]) await store.save(conversation(`c_${n}`, `Chat ${n}`, user('x'.repeat(1000))));
    assert.deepEqual(
      store.list().map((item) => item.title),
      ['Chat 3', 'Chat 2'],
    );
    await store.save(conversation('c_big', 'Big', user('x'.repeat(10_000))));
    assert.deepEqual(
      store.list().map((item) => item.title),
      ['Big'],
    );
  });

  it('Delete All removes every conversation, and no late save brings one back', async () => {
    const [a, b] = [await loadedStore(folder()), await loadedStore(folder())];
    await a.save(conversation('c_1', 'One', user('q1')));
    await a.save(conversation('c_2', 'Two', user('q2')));
    const inB = (await b.get('c_2'))!;
    await a.deleteAll();
    await b.save(inB);
    await a.flushed();
    assert.deepEqual((await loadedStore(folder())).list(), []);
    assert.deepEqual(readdirSync(path.join(folder(), 'conversations')), []);
  });

  it("a window sees another window's new, renamed and deleted conversations through its watch", async function () {
    this.timeout(10_000);
    const a = await loadedStore(folder());
    const b = await loadedStore(folder(), { watch: true });
    const changes: string[][] = [];
    const next = () =>
      new Promise<void>((resolve) => {
        const listener = b.onDidChange((ids) => {
          changes.push([...ids]);
          listener.dispose();
          resolve();
        });
      });
    try {
      let seen = next();
      await a.save(conversation('c_1', 'From A', user('q1')));
      await seen;
      assert.deepEqual(
        b.list().map((item) => item.title),
        ['From A'],
      );
      seen = next();
      await a.rename('c_1', 'Renamed in A');
      await seen;
      assert.deepEqual(
        b.list().map((item) => item.title),
        ['Renamed in A'],
      );
      seen = next();
      await a.delete('c_1');
      await seen;
      assert.deepEqual(b.list(), []);
      assert.deepEqual(changes, [['c_1'], ['c_1'], ['c_1']]);
    } finally {
      b.dispose();
    }
  });

  it('removes the temporary files of writes a crash cut, older than a minute, at the first read; Delete All removes the rest of its conversations', async () => {
    const store = await loadedStore(folder());
    await store.save(conversation('c_1', 'One', user('q1')));
    await store.flushed();
    const conversations = path.join(folder(), 'conversations');
    const old = [
      await crashedWrite(path.join(conversations, 'c_1.json'), '{"id":"c_1"'),
      await crashedWrite(path.join(folder(), 'text', 'c_1.txt'), 'q1'),
      await crashedWrite(path.join(folder(), 'index.json'), '{"version":1'),
      path.join(attachmentsFolder(folder()), `${'ab'.repeat(32)}.png.0123456789ab.tmp`),
    ];
    mkdirSync(attachmentsFolder(folder()), { recursive: true });
    writeFileSync(old.at(-1)!, 'an image cut short');
    const young = await crashedWrite(path.join(conversations, 'c_1.json'), '{"id":"c_1"');
    const another = await crashedWrite(path.join(conversations, 'c_2.json'), '{"id":"c_2"');
    const minuteAgo = Date.now() / 1000 - 61;
    for (const file of old) utimesSync(file, minuteAgo, minuteAgo);
    const lines: string[] = [];
    const reopened = await loadedStore(folder(), { log: (line) => lines.push(line) });
    assert.deepEqual(lines, ['History: removed 4 temporary file(s) left by writes that did not finish.']);
    assert.deepEqual(readdirSync(attachmentsFolder(folder())), []);
    assert.deepEqual(readdirSync(conversations).sort(), [path.basename(young), path.basename(another), 'c_1.json'].sort());
    assert.deepEqual(readdirSync(path.join(folder(), 'text')), ['c_1.txt']);
    // Another window's first write of a conversation this one does not know yet is left to finish.
    await reopened.deleteAll();
    assert.deepEqual(readdirSync(conversations), [path.basename(another)]);
  });

  it('writes again at the first read a search text that a crash left older than its conversation, and one that is missing', async () => {
    const store = await loadedStore(folder());
    const c = conversation('c_1', 'Crashed', user('first words'));
    await store.save(c);
    await store.save(conversation('c_2', 'Lost text', user('orphaned words')));
    await store.flushed();
    const text = path.join(folder(), 'text', 'c_1.txt');
    const before = readFileSync(text, 'utf8');
    c.turns.push(answer('a long answer with zebras'));
    await store.save(c);
    await store.flushed();
    // The crash: the conversation renamed into place, its text not yet.
    writeFileSync(text, before);
    const earlier = Date.now() / 1000 - 10;
    utimesSync(text, earlier, earlier);
    rmSync(path.join(folder(), 'text', 'c_2.txt'));
    const lines: string[] = [];
    const reopened = await loadedStore(folder(), { log: (line) => lines.push(line) });
    assert.deepEqual(
      (await reopened.search('zebras')).map((item) => item.id),
      ['c_1'],
    );
    assert.deepEqual(
      (await reopened.search('orphaned')).map((item) => item.id),
      ['c_2'],
    );
    assert.deepEqual(lines, ['History: wrote the search text of 2 conversation(s) again: it was older than the conversation.']);
    assert.equal(readFileSync(text, 'utf8'), 'crashed\nfirst words\na long answer with zebras');
    // Whole now: the next window writes nothing again.
    const later: string[] = [];
    await (await loadedStore(folder(), { log: (line) => later.push(line) })).flushed();
    assert.deepEqual(later, []);
  });

  it('refuses an id that cannot name a file', async () => {
    const lines: string[] = [];
    const store = await loadedStore(folder(), { log: (line) => lines.push(line) });
    assert.equal(await store.save(conversation('../escape', 'Bad', user('q'))), undefined);
    assert.deepEqual(lines, ['History: not saved: the conversation id "../escape" cannot name a file.']);
  });
});

describe('HistoryStore: attached images go with their conversations', () => {
  const folder = useHistoryFolder();
  const png = (n: number) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, n]);
  const withImages = (text: string, ...files: string[]): Turn => ({
    id: `u_${clock}`,
    role: 'user',
    text,
    mode: 'chat',
    context: files.map((file) => imageItem(file, 'image/png', 9, { fileName: 'image.png', path: 'image.png' })),
    createdAt: tick(),
  });
  const stored = () => readdirSync(attachmentsFolder(folder())).sort();

  it('deleting a conversation removes its images that no other conversation shows; Delete All removes the rest, not an image another window just attached', async () => {
    const store = await loadedStore(folder());
    const [only, shared] = [await store.storeImage(png(1), 'png'), await store.storeImage(png(2), 'png')];
    const { file: waiting } = await storeAttachment(attachmentsFolder(folder()), png(3), 'png');
    const names = [only, shared, waiting].map((file) => path.basename(file));
    await store.save(conversation('c_a', 'A', withImages('two pictures', only, shared)));
    await store.save(conversation('c_b', 'B', withImages('the same picture', shared)));
    assert.deepEqual(stored(), [...names].sort());
    await store.delete('c_a');
    assert.deepEqual(stored(), [names[1], names[2]].sort());
    await store.deleteAll();
    assert.deepEqual(stored(), [names[2]]);
    assert.deepEqual(readdirSync(path.join(folder(), 'conversations')), []);
  });

  it('keeps an image the composer still holds for the next message', async () => {
    let image = '';
    const store = await loadedStore(folder(), { imagesInUse: () => [image] });
    image = await store.storeImage(png(6), 'png');
    await store.save(conversation('c_pic', 'Picture', withImages('a picture', image)));
    await store.deleteAll();
    assert.deepEqual(stored(), [path.basename(image)]);
  });

  it('removes only stored images by their hashed name: a file a conversation names elsewhere stays', async () => {
    const outside = path.join(folder(), 'keep.png');
    writeFileSync(outside, png(4));
    const store = await loadedStore(folder());
    await store.save(conversation('c_odd', 'Odd', withImages('a picture from elsewhere', outside)));
    await store.delete('c_odd');
    assert.equal(existsSync(outside), true);
  });

  it('the oldest conversations dropped to keep within the count take their images along', async () => {
    const store = await loadedStore(folder(), { limit: 1 });
    const image = await store.storeImage(png(5), 'png');
    await store.save(conversation('c_old', 'Old', withImages('old picture', image)));
    await store.save(conversation('c_new', 'New', user('no picture')));
    await store.flushed();
    assert.deepEqual([store.list().map((item) => item.title), stored()], [['New'], []]);
  });
});
