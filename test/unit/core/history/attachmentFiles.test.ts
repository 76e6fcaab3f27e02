import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { attachmentsFolder, readAttachment, storeAttachment } from '#src/core/history/attachmentFiles';
import { useHistoryFolder } from '../chat/fixtures/historyFolder';

describe('attached images beside the history', () => {
  const folder = useHistoryFolder();

  it('are stored by their content hash in history/attachments: the same picture twice is one file', async () => {
    const into = attachmentsFolder(folder());
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7]);
    const first = await storeAttachment(into, bytes, 'png');
    const again = await storeAttachment(into, bytes, 'png');
    assert.equal(first, path.join(folder(), 'attachments', '9378fd9d74495e181a056dfbb932f25434f203757cf7ef7f4373d0535a377f03.png'));
    assert.deepEqual([again, readdirSync(into), [...readFileSync(first)]], [first, [path.basename(first)], [...bytes]]);
    assert.deepEqual(await readAttachment(first), Buffer.from(bytes));
    assert.equal(await readAttachment(path.join(into, 'gone.png')), undefined);
  });
});
