import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { imageItem } from '#src/chat/common/attachments/attachments';
import type { Conversation } from '#src/chat/common/conversation/conversation';
import { attachmentsFolder, storeAttachment } from '#src/chat/common/history/attachmentFiles';
import { historyStore, loadedStore, useHistoryFolder } from '../fixtures/historyFolder';

const png = (n: number) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, n]);
const HOUR = 60 * 60 * 1000;

function showing(id: string, ...files: string[]): Conversation {
  const at = '2026-01-01T10:00:00.000Z';
  return {
    id,
    title: id,
    createdAt: at,
    updatedAt: at,
    turns: [
      {
        id: `u_${id}`,
        role: 'user',
        text: 'a picture',
        mode: 'chat',
        context: files.map((file) => imageItem(file, 'image/png', 9, { fileName: 'image.png', path: 'image.png' })),
        createdAt: at,
      },
    ],
  };
}

/** Gives `file` a modification time `hours` ago. */
function age(file: string, hours: number): void {
  const then = new Date(Date.now() - hours * HOUR);
  utimesSync(file, then, then);
}

describe('Attached images no conversation shows: when their files go', () => {
  const folder = useHistoryFolder();
  const stored = () => readdirSync(attachmentsFolder(folder())).sort();
  /** An image another window stored. */
  const storedElsewhere = async (n: number) => (await storeAttachment(attachmentsFolder(folder()), png(n), 'png')).file;

  it('a chip removed takes its image along when this window wrote it; one a stored conversation shows, one that was there already and one outside the folder stay', async () => {
    const store = await loadedStore(folder());
    const own = await store.storeImage(png(1), 'png');
    const shown = await store.storeImage(png(2), 'png');
    await (await loadedStore(folder())).save(showing('c_other', shown));
    const already = await storedElsewhere(3);
    assert.equal(await store.storeImage(png(3), 'png'), already);
    const outside = path.join(folder(), path.basename(own));
    writeFileSync(outside, png(1));
    for (const file of [own, shown, already, outside]) await store.discardImage(file);
    assert.deepEqual(stored(), [path.basename(shown), path.basename(already)].sort());
    assert.equal(existsSync(outside), true);
  });

  it('a conversation deleted here keeps its image while another window has attached it within 24 hours; the sweep removes it after that', async () => {
    const here = await loadedStore(folder());
    const image = await here.storeImage(png(4), 'png');
    await here.save(showing('c_old', image));
    const there = historyStore(folder());
    assert.equal(await there.storeImage(png(4), 'png'), image);
    await here.delete('c_old');
    assert.deepEqual(stored(), [path.basename(image)]);
    age(image, 23);
    await here.sweepImages();
    assert.deepEqual(stored(), [path.basename(image)]);
    age(image, 25);
    await here.sweepImages();
    assert.deepEqual(stored(), []);
  });

  it('a conversation deleted here takes an image another window wrote more than 24 hours ago, not one it wrote within them', async () => {
    const [old, recent] = [await storedElsewhere(5), await storedElsewhere(6)];
    age(old, 25);
    age(recent, 23);
    const store = await loadedStore(folder());
    await store.save(showing('c_both', old, recent));
    await store.delete('c_both');
    assert.deepEqual(stored(), [path.basename(recent)]);
  });

  it('the sweep removes only the stored images older than 24 hours that no conversation shows and the composer does not hold', async () => {
    const [gone, shown, young, held] = [await storedElsewhere(7), await storedElsewhere(8), await storedElsewhere(9), await storedElsewhere(10)];
    const into = attachmentsFolder(folder());
    const other = path.join(into, 'notes.png');
    const temp = path.join(into, `${path.basename(gone)}.0a1b2c3d4e5f.tmp`);
    writeFileSync(other, png(11));
    for (const file of [gone, shown, held, other]) age(file, 48);
    age(young, 2);
    const store = await loadedStore(folder(), { imagesInUse: () => [held] });
    // Left by a write cut after the history's first read (which removes the older ones).
    writeFileSync(temp, png(7));
    age(temp, 48);
    await store.save(showing('c_shown', shown));
    await store.sweepImages();
    assert.deepEqual(stored(), [path.basename(shown), path.basename(young), path.basename(held), 'notes.png', path.basename(temp)].sort());
  });

  it('the sweep runs by itself a while after the history is first read, not before', async () => {
    const image = await storedElsewhere(12);
    age(image, 48);
    const store = historyStore(folder(), { imageSweepDelayMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.deepEqual(stored(), [path.basename(image)], 'not swept before the history is read');
    await store.load();
    assert.deepEqual(stored(), [path.basename(image)], 'not swept as it is read');
    await new Promise((resolve) => setTimeout(resolve, 60));
    await store.flushed();
    assert.deepEqual(stored(), []);
  });
});
