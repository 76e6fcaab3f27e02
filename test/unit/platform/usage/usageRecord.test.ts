import * as assert from 'node:assert/strict';
import { appendFileSync, readdirSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { usageLine } from '#src/platform/usage/usageEntry';
import { keepWithin } from '#src/platform/storage/boundedLog';
import { readUsage, USAGE_FILE } from '#src/platform/usage/usageFiles';
import { UsageRecord } from '#src/platform/usage/usageRecord';
import { entry } from '../../usage/common/fixtures/usageEntries';

const folder = () => mkdtempSync(path.join(tmpdir(), 'mmai-usage-'));
const written = (time: string, fields = {}) => {
  const { v: _v, ...rest } = entry(time, fields);
  return rest;
};

describe('usage record', () => {
  it('add returns before anything is written; the entries reach the disk together, in order', async () => {
    const dir = folder();
    const record = new UsageRecord({ folder: dir });
    record.add(written('2026-11-26T10:00:00.000Z'));
    record.add(written('2026-11-26T10:01:00.000Z', { model: 'beta' }));
    assert.deepEqual(readdirSync(dir), []);
    await record.flushed();
    const lines = readFileSync(path.join(dir, 'usage-2026-11.jsonl'), 'utf8').split('\n');
    assert.equal(lines.length, 3);
    assert.match(lines[1]!, /"model":"beta"/);
    assert.equal(lines[2], '');
  });

  it('goes to one file a month, by the entry’s UTC month, and reads back across them oldest first', async () => {
    const dir = folder();
    const record = new UsageRecord({ folder: dir });
    record.add(written('2026-10-31T23:59:59.000Z'));
    record.add(written('2026-11-01T00:00:00.000Z'));
    await record.flushed();
    record.add(written('2026-12-01T08:00:00.000Z'));
    assert.deepEqual(
      (await record.read()).entries.map((e) => e.time),
      ['2026-10-31T23:59:59.000Z', '2026-11-01T00:00:00.000Z', '2026-12-01T08:00:00.000Z'],
    );
    assert.deepEqual(readdirSync(dir).sort(), ['usage-2026-10.jsonl', 'usage-2026-11.jsonl', 'usage-2026-12.jsonl']);
    assert.deepEqual(
      (await record.read('2026-11-01')).entries.map((e) => e.time),
      ['2026-11-01T00:00:00.000Z', '2026-12-01T08:00:00.000Z'],
    );
  });

  it('a corrupt line is skipped and counted; the lines around it are read', async () => {
    const dir = folder();
    const file = path.join(dir, 'usage-2026-11.jsonl');
    writeFileSync(file, usageLine(written('2026-11-02T10:00:00.000Z')) + '{"v":2,"time":"2026-11-0\n\n' + usageLine(written('2026-11-03T10:00:00.000Z')) + 'x');
    const read = await readUsage(dir);
    assert.equal(read.entries.length, 2);
    assert.equal(read.corrupt, 2);
  });

  it('read from a day, the earlier days of its month are passed over unparsed, and a line without a time is read', async () => {
    const dir = folder();
    writeFileSync(
      path.join(dir, 'usage-2026-11.jsonl'),
      usageLine(written('2026-11-02T10:00:00.000Z')) + '{"v":2,"time":"2026-11-03T0\n' + 'not an entry\n' + usageLine(written('2026-11-05T10:00:00.000Z')),
    );
    const read = await readUsage(dir, '2026-11-04');
    assert.deepEqual([read.entries.map((e) => e.time), read.corrupt], [['2026-11-05T10:00:00.000Z'], 1]);
  });

  it('an empty or missing record reads as no entries', async () => {
    assert.deepEqual(await readUsage(path.join(folder(), 'none')), { entries: [], corrupt: 0 });
  });

  it('over the bound, the oldest months go first', async () => {
    const dir = folder();
    const line = usageLine(written('2026-09-01T00:00:00.000Z'));
    for (const month of ['09', '10', '11']) writeFileSync(path.join(dir, `usage-2026-${month}.jsonl`), line.repeat(10));
    const bytes = Buffer.byteLength(line) * 10;
    assert.equal(await keepWithin(dir, USAGE_FILE, bytes * 2), bytes * 2);
    assert.deepEqual(readdirSync(dir).sort(), ['usage-2026-10.jsonl', 'usage-2026-11.jsonl']);
  });

  it('a single month over the bound keeps its newest entries, up to half the bound', async () => {
    const dir = folder();
    const file = path.join(dir, 'usage-2026-11.jsonl');
    const lines = Array.from({ length: 10 }, (_, i) => usageLine(written(`2026-11-1${i}T00:00:00.000Z`)));
    writeFileSync(file, lines.join(''));
    const one = Buffer.byteLength(lines[0]!);
    await keepWithin(dir, USAGE_FILE, one * 6);
    assert.equal(readFileSync(file, 'utf8'), lines.slice(7).join(''));
  });

  it('appending past the bound trims the record as it goes', async () => {
    const dir = folder();
    const line = usageLine(written('2026-09-01T00:00:00.000Z'));
    writeFileSync(path.join(dir, 'usage-2026-09.jsonl'), line.repeat(4));
    const record = new UsageRecord({ folder: dir, maxBytes: Buffer.byteLength(line) * 5 });
    record.add(written('2026-11-01T00:00:00.000Z'));
    await record.flushed();
    record.add(written('2026-11-02T00:00:00.000Z'));
    await record.flushed();
    assert.deepEqual(readdirSync(dir), ['usage-2026-11.jsonl']);
    assert.equal((await readUsage(dir)).entries.length, 2);
  });

  it('a write that fails is logged and not thrown at the answer', async () => {
    const dir = folder();
    const blocker = path.join(dir, 'file');
    appendFileSync(blocker, '');
    const logged: string[] = [];
    const record = new UsageRecord({ folder: path.join(blocker, 'usage'), log: (l) => logged.push(l) });
    record.add(written('2026-11-01T00:00:00.000Z'));
    await record.flushed();
    assert.equal(logged.length, 1);
    assert.match(logged[0]!, /^Usage record: could not write 1 entry: ENOTDIR/);
  });
});
