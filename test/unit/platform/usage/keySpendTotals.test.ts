import * as assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { KeySpendTotals } from '#src/platform/usage/keySpendTotals';
import { usageLine, type UsageEntry } from '#src/platform/usage/usageEntry';
import { UsageRecord } from '#src/platform/usage/usageRecord';
import { entry } from '../../usage/common/fixtures/usageEntries';

// Sunday 1 November 2026, 12:00 in Moscow (UTC+3).
const NOW = Date.parse('2026-11-01T09:00:00Z');
const MOSCOW = 'Europe/Moscow';
const DEFAULT = 'sk-…a1b2';
const WORK = 'sk-…c3d4';

const added = (time: string, fields: Partial<UsageEntry> = {}) => {
  const { v: _v, ...rest } = entry(time, fields);
  return rest;
};

/** A record holding the entries of late October and this morning, as another window wrote them, and a clock set to `now`. */
function arrange() {
  const folder = mkdtempSync(path.join(tmpdir(), 'mmai-spend-'));
  writeFileSync(
    path.join(folder, 'usage-2026-10.jsonl'),
    [
      entry('2026-10-15T10:00:00Z', { costRub: 16 }),
      entry('2026-10-31T20:30:00Z', { costRub: 2 }), // 23:30 on 31 October in Moscow
      entry('2026-10-31T21:30:00Z', { costRub: 1 }), // 00:30 on 1 November in Moscow
    ]
      .map(usageLine)
      .join(''),
  );
  writeFileSync(
    path.join(folder, 'usage-2026-11.jsonl'),
    [
      entry('2026-11-01T08:00:00Z', { costRub: 0.5, key: { id: WORK, name: 'Work' } }),
      entry('2026-11-01T08:30:00Z', { tokens: undefined, costRub: undefined }), // stopped, no usage reported
    ]
      .map(usageLine)
      .join(''),
  );
  const clock = { now: NOW };
  const record = new UsageRecord({ folder });
  const totals = new KeySpendTotals(record, () => clock.now);
  return { folder, clock, record, totals, november: path.join(folder, 'usage-2026-11.jsonl') };
}

describe('key spend totals (the status bar’s tooltip)', () => {
  it('read once, the month’s totals follow the local day across the UTC month’s file, then count each entry this window adds', async () => {
    const { record, totals, november } = arrange();
    assert.deepEqual(await totals.spendOf(DEFAULT, MOSCOW), { today: 1, month: 1 });
    assert.deepEqual(await totals.spendOf(WORK, MOSCOW), { today: 0.5, month: 0.5 });
    record.add(added('2026-11-01T08:45:00Z', { costRub: 2.5 }));
    record.add(added('2026-11-01T08:50:00Z', { costRub: 0.25, key: { id: WORK, name: 'Work' } }));
    assert.deepEqual(await totals.spendOf(DEFAULT, MOSCOW), { today: 3.5, month: 3.5 });
    assert.deepEqual(await totals.spendOf(WORK, MOSCOW), { today: 0.75, month: 0.75 });
    // The files are not read again while their sizes are the ones counted: the same bytes with other costs change nothing.
    writeFileSync(november, readFileSync(november, 'utf8').replaceAll('"costRub":2.5', '"costRub":9.5'));
    assert.deepEqual(await totals.spendOf(DEFAULT, MOSCOW), { today: 3.5, month: 3.5 });
    totals.dispose();
  });

  it('what another window appends is read, its half-written line skipped until it is whole', async () => {
    const { totals, november } = arrange();
    assert.deepEqual(await totals.spendOf(DEFAULT, MOSCOW), { today: 1, month: 1 });
    const line = usageLine(entry('2026-11-01T08:40:00Z', { costRub: 4 }));
    appendFileSync(november, line.slice(0, 30));
    assert.deepEqual(await totals.spendOf(DEFAULT, MOSCOW), { today: 1, month: 1 });
    appendFileSync(november, line.slice(30));
    assert.deepEqual(await totals.spendOf(DEFAULT, MOSCOW), { today: 5, month: 5 });
    totals.dispose();
  });

  it('at midnight today starts from nothing and the month keeps counting; a new month starts from nothing too', async () => {
    const { clock, record, totals } = arrange();
    record.add(added('2026-11-01T20:30:00Z', { costRub: 2 })); // 23:30 in Moscow
    assert.deepEqual(await totals.spendOf(DEFAULT, MOSCOW), { today: 3, month: 3 });
    clock.now = Date.parse('2026-11-01T21:30:00Z'); // 00:30 on 2 November in Moscow
    assert.deepEqual(await totals.spendOf(DEFAULT, MOSCOW), { today: 0, month: 3 });
    record.add(added('2026-11-01T21:30:00Z', { costRub: 0.25 }));
    assert.deepEqual(await totals.spendOf(DEFAULT, MOSCOW), { today: 0.25, month: 3.25 });
    // 00:30 on 1 December in Moscow, still November in UTC: the entry goes to November's file and counts for December.
    clock.now = Date.parse('2026-11-30T21:30:00Z');
    assert.deepEqual(await totals.spendOf(DEFAULT, MOSCOW), { today: 0, month: 0 });
    record.add(added('2026-11-30T21:30:00Z', { costRub: 1 }));
    assert.deepEqual(await totals.spendOf(DEFAULT, MOSCOW), { today: 1, month: 1 });
    totals.dispose();
  });

  it('in another time zone the same entries fall on other days', async () => {
    const { totals } = arrange();
    assert.deepEqual(await totals.spendOf(DEFAULT, MOSCOW), { today: 1, month: 1 });
    // In UTC, 21:30 on 31 October is October's.
    assert.deepEqual(await totals.spendOf(DEFAULT, 'UTC'), { today: 0, month: 0 });
    assert.deepEqual(await totals.spendOf(WORK, 'UTC'), { today: 0.5, month: 0.5 });
    totals.dispose();
  });

  it('a record without files spends nothing, and counts its first entry', async () => {
    const record = new UsageRecord({ folder: path.join(mkdtempSync(path.join(tmpdir(), 'mmai-spend-')), 'usage') });
    const totals = new KeySpendTotals(record, () => NOW);
    assert.deepEqual(await totals.spendOf(DEFAULT, MOSCOW), { today: 0, month: 0 });
    record.add(added('2026-11-01T08:45:00Z', { costRub: 2.5 }));
    assert.deepEqual(await totals.spendOf(DEFAULT, MOSCOW), { today: 2.5, month: 2.5 });
    totals.dispose();
  });
});
