import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { AsideFolder } from '#src/platform/storage/asideFolder';
import { tempFolder } from '../../chat/common/fixtures/historyFolder';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('AsideFolder', () => {
  it("moves a file into its day's folder, numbering one of a name moved there earlier that day", async () => {
    const root = tempFolder();
    const aside = new AsideFolder(path.join(root, 'unreadable'));
    const file = path.join(root, 'c_1.json');
    const at = new Date('2026-03-05T23:59:00.000Z');
    writeFileSync(file, 'first');
    assert.equal(await aside.moveAside(file, at), path.join(root, 'unreadable', '2026-03-05', 'c_1.json'));
    writeFileSync(file, 'second');
    assert.equal(await aside.moveAside(file, at), path.join(root, 'unreadable', '2026-03-05', 'c_1-2.json'));
    assert.equal(existsSync(file), false);
    assert.deepEqual(
      ['c_1.json', 'c_1-2.json'].map((name) => readFileSync(path.join(root, 'unreadable', '2026-03-05', name), 'utf8')),
      ['first', 'second'],
    );
  });

  it('a file another process moved first is not there to move: nothing happens', async () => {
    const root = tempFolder();
    assert.equal(await new AsideFolder(path.join(root, 'unreadable')).moveAside(path.join(root, 'gone.json')), undefined);
  });

  it('keeps a day for 30 days, then removes it with its files; folders of other names stay', async () => {
    const root = tempFolder();
    const aside = new AsideFolder(root);
    for (const name of ['2026-02-03', '2026-02-04', '2026-03-05', 'notes']) {
      mkdirSync(path.join(root, name));
      writeFileSync(path.join(root, name, 'c_1.json'), '{');
    }
    const now = Date.parse('2026-03-06T00:00:00.000Z');
    // 2026-02-04 began exactly 30 days before now: kept; 2026-02-03 began 31 days before: removed.
    assert.deepEqual(await aside.prune(30 * DAY_MS, now), ['2026-02-03']);
    assert.deepEqual(readdirSync(root).sort(), ['2026-02-04', '2026-03-05', 'notes']);
  });
});
