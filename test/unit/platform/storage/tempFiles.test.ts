import * as assert from 'node:assert/strict';
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { sweepTempFiles, tempTarget } from '#src/platform/storage/tempFiles';
import { crashedWrite, tempFolder } from '../../chat/common/fixtures/historyFolder';

/** Sets a file's modification time `ago` milliseconds before `now`. */
function age(file: string, ago: number, now: number): void {
  const at = (now - ago) / 1000;
  utimesSync(file, at, at);
}

describe('temporary files of atomic writes', () => {
  it('names the file each temporary file was to become, and nothing else', () => {
    assert.deepEqual(
      [
        '.c_1.json.0a1b2c3d.tmp',
        '.index.json.ffffffff.tmp',
        'ab12.png.0123456789ab.tmp',
        'c_1.json',
        '.c_1.json',
        '.c_1.json.xyz.tmp',
        'notes.tmp',
        'c_1.json.0a1.tmp',
      ].map(tempTarget),
      ['c_1.json', 'index.json', 'ab12.png', undefined, undefined, undefined, undefined, undefined],
    );
  });

  it('removes those older than the bound, keeps younger ones and every other file', async () => {
    const folder = tempFolder();
    const now = Date.now();
    await crashedWrite(path.join(folder, 'c_old.json'), '{"id":"c_old"');
    await crashedWrite(path.join(folder, 'c_new.json'), '{"id":"c_new"');
    const [old, young] = ['c_old', 'c_new'].map((id) => readdirSync(folder).find((name) => name.startsWith(`.${id}.json.`))!);
    writeFileSync(path.join(folder, 'c_kept.json'), '{}');
    writeFileSync(path.join(folder, 'notes.tmp'), 'not a temporary file of a write');
    mkdirSync(path.join(folder, '.c_dir.json.0a0a0a0a.tmp'));
    age(path.join(folder, old!), 61_000, now);
    age(path.join(folder, 'c_kept.json'), 600_000, now);
    age(path.join(folder, 'notes.tmp'), 600_000, now);
    age(path.join(folder, '.c_dir.json.0a0a0a0a.tmp'), 600_000, now);

    assert.deepEqual(await sweepTempFiles(folder, { olderThanMs: 60_000, now }), [old]);
    assert.deepEqual(readdirSync(folder).sort(), ['.c_dir.json.0a0a0a0a.tmp', young, 'c_kept.json', 'notes.tmp'].sort());
  });

  it('removes those whose file it is told to remove, whatever their age', async () => {
    const folder = tempFolder();
    const now = Date.now();
    writeFileSync(path.join(folder, '.c_1.json.0a1b2c3d.tmp'), '{');
    writeFileSync(path.join(folder, '.c_2.json.0a1b2c3d.tmp'), '{');
    assert.deepEqual(await sweepTempFiles(folder, { olderThanMs: 60_000, now, always: (target) => target === 'c_1.json' }), ['.c_1.json.0a1b2c3d.tmp']);
    assert.deepEqual(readdirSync(folder), ['.c_2.json.0a1b2c3d.tmp']);
  });

  it('a folder that is not there has nothing to remove', async () => {
    assert.deepEqual(await sweepTempFiles(path.join(tempFolder(), 'missing'), { olderThanMs: 0 }), []);
  });
});
