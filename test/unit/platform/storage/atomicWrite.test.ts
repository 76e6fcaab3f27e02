import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { SerialQueue, writeFileAtomic } from '#src/platform/storage/atomicWrite';
import { HistoryFolder } from '#src/chat/common/history/conversationFiles';
import { tempFolder } from '../../chat/common/fixtures/historyFolder';

describe('writeFileAtomic', () => {
  it('replaces the file whole', async () => {
    const file = path.join(tempFolder(), 'a.json');
    writeFileSync(file, 'old');
    await writeFileAtomic(file, 'new');
    assert.equal(readFileSync(file, 'utf8'), 'new');
    assert.deepEqual(readdirSync(path.dirname(file)), ['a.json']);
  });

  it('a failure between the write and the rename leaves the old file, and no temporary file behind', async () => {
    const file = path.join(tempFolder(), 'a.json');
    writeFileSync(file, 'old');
    await assert.rejects(
      writeFileAtomic(file, 'new', () => Promise.reject(new Error('power cut'))),
      /power cut/,
    );
    assert.equal(readFileSync(file, 'utf8'), 'old');
    assert.deepEqual(readdirSync(path.dirname(file)), ['a.json']);
  });

  it('a temporary file a crash left is not read as a conversation', async () => {
    const folder = new HistoryFolder(tempFolder());
    await folder.create();
    writeFileSync(path.join(folder.conversations, 'c_1.json'), '{}');
    writeFileSync(path.join(folder.conversations, '.c_1.json.0a1b2c3d.tmp'), '{"half');
    assert.deepEqual(await folder.conversationIds(), ['c_1']);
  });
});

describe('SerialQueue', () => {
  it('runs the jobs of one key one at a time in order, and a failed one does not stop the next', async () => {
    const queue = new SerialQueue();
    const order: string[] = [];
    const slow = queue.run('a', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('a1');
      throw new Error('a1 failed');
    });
    const next = queue.run('a', async () => void order.push('a2'));
    const other = queue.run('b', async () => void order.push('b1'));
    await assert.rejects(slow, /a1 failed/);
    await Promise.all([next, other]);
    assert.deepEqual(order, ['b1', 'a1', 'a2']);
    await queue.idle();
  });
});
