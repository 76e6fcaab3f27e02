import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import * as path from 'node:path';
import { attachmentsFolder, readAttachment, storeAttachment } from '#src/chat/common/history/attachmentFiles';
import { useHistoryFolder } from '../fixtures/historyFolder';

describe('attached images beside the history', () => {
  const folder = useHistoryFolder();

  it('are stored by their content hash in history/attachments: the same picture twice is one file', async () => {
    const into = attachmentsFolder(folder());
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7]);
    const first = await storeAttachment(into, bytes, 'png');
    const again = await storeAttachment(into, bytes, 'png');
    const file = path.join(folder(), 'attachments', '9378fd9d74495e181a056dfbb932f25434f203757cf7ef7f4373d0535a377f03.png');
    assert.deepEqual(
      [first, again],
      [
        { file, written: true },
        { file, written: false },
      ],
    );
    assert.deepEqual([readdirSync(into), [...readFileSync(file)]], [[path.basename(file)], [...bytes]]);
    assert.deepEqual(await readAttachment(file), Buffer.from(bytes));
    assert.equal(await readAttachment(path.join(into, 'gone.png')), undefined);
  });

  it('attached again, a stored image gets a new modification time', async () => {
    const into = attachmentsFolder(folder());
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 8]);
    const { file } = await storeAttachment(into, bytes, 'png');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    utimesSync(file, twoDaysAgo, twoDaysAgo);
    const attached = Date.now();
    await storeAttachment(into, bytes, 'png');
    // The file system may keep coarser times than the clock: a second's margin.
    assert.ok(statSync(file).mtimeMs >= attached - 1000, `modified ${new Date(statSync(file).mtimeMs).toISOString()}`);
  });
});
