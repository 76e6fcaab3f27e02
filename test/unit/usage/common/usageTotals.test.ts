import * as assert from 'node:assert/strict';
import { firstDayNeeded, usageReport } from '#src/usage/common/usageTotals';
import { entry } from './fixtures/usageEntries';

// Sunday 1 November 2026, 12:00 in Moscow (UTC+3).
const NOW = Date.parse('2026-11-01T09:00:00Z');
const MOSCOW = 'Europe/Moscow';

describe('usage totals', () => {
  const entries = [
    entry('2026-10-31T20:30:00Z', { model: 'beta', costRub: 2 }), // 23:30 on 31 October in Moscow
    entry('2026-10-31T21:30:00Z', { costRub: 1, savedRub: 0.75 }), // 00:30 on 1 November in Moscow
    entry('2026-11-01T08:00:00Z', { model: 'beta', costRub: 0.5, savedRub: -0.05, key: { id: 'sk-…c3d4', name: 'Work' }, project: 'site' }),
    entry('2026-11-01T08:30:00Z', { tokens: undefined, costRub: undefined }), // stopped, no usage reported
    entry('2026-10-26T10:00:00Z', { costRub: 4 }), // Monday of this week
    entry('2026-10-02T10:00:00Z', { costRub: 8 }), // 30 days back: the chart's first day
    entry('2026-10-01T10:00:00Z', { costRub: 16 }), // 31 days back: outside the chart
  ];

  it('today, this week and this month follow the local day across the month boundary', () => {
    const { today, periods } = usageReport(entries, 0, { now: NOW, timeZone: MOSCOW });
    assert.equal(today, '2026-11-01');
    assert.deepEqual(Object.fromEntries(Object.entries(periods).map(([p, t]) => [p, [t.from, t.to, t.costRub, t.answers]])), {
      today: ['2026-11-01', '2026-11-01', 1.5, 3],
      week: ['2026-10-26', '2026-11-01', 7.5, 5],
      month: ['2026-11-01', '2026-11-01', 1.5, 3],
      range: ['2026-10-03', '2026-11-01', 7.5, 5],
    });
  });

  it('the same entries in another time zone fall on other days', () => {
    // In New York (UTC-4 until the clocks change on 1 November at 06:00 UTC, UTC-5 after) it is 04:00 on 1 November.
    const { periods } = usageReport(entries, 0, { now: NOW, timeZone: 'America/New_York' });
    assert.deepEqual([periods.today.costRub, periods.today.answers, periods.month.costRub], [0.5, 2, 0.5]);
  });

  it('today’s totals by model, key and project, with tokens and the answers with no usage', () => {
    const today = usageReport(entries, 0, { now: NOW, timeZone: MOSCOW }).periods.today;
    assert.deepEqual([today.tokensIn, today.tokensOut, today.tokensCached, today.noUsage, today.unpriced], [200, 40, 0, 1, 1]);
    // What caching saved, a write that cost more than it saved taken off.
    assert.equal(today.savedRub, 0.7);
    assert.deepEqual(today.byModel, [
      { name: 'alpha-chat', costRub: 1, answers: 2, tokensIn: 100, tokensOut: 20 },
      { name: 'beta', costRub: 0.5, answers: 1, tokensIn: 100, tokensOut: 20 },
    ]);
    assert.deepEqual(
      today.byKey.map((r) => [r.name, r.costRub, r.answers]),
      [
        ['Default (sk-…a1b2)', 1, 2],
        ['Work (sk-…c3d4)', 0.5, 1],
      ],
    );
    assert.deepEqual(
      today.byProject.map((r) => [r.name, r.costRub]),
      [
        ['shop', 1],
        ['site', 0.5],
      ],
    );
  });

  it('the chart has the last 30 days, each day’s spend split by model, most spent model first', () => {
    const { days, models } = usageReport(entries, 0, { now: NOW, timeZone: MOSCOW });
    assert.equal(days.length, 30);
    assert.deepEqual(days[0], { day: '2026-10-03', costRub: 0, byModel: {} });
    assert.deepEqual(days.at(-2), { day: '2026-10-31', costRub: 2, byModel: { beta: 2 } });
    assert.deepEqual(days.at(-1), { day: '2026-11-01', costRub: 1.5, byModel: { 'alpha-chat': 1, beta: 0.5 } });
    assert.deepEqual(models, ['alpha-chat', 'beta']);
  });

  it('a chosen range counts its own days', () => {
    const { range } = usageReport(entries, 0, { now: NOW, timeZone: MOSCOW, range: { from: '2026-10-01', to: '2026-10-02' } }).periods;
    assert.deepEqual([range.costRub, range.answers], [24, 2]);
  });

  it('a day the clocks change on is one day', () => {
    // New York: 23:30 EDT on 31 October, 01:30 EST on 1 November (the clocks went back at 06:00 UTC), 23:30 and 00:30 EST.
    const times = ['2026-11-01T03:30:00Z', '2026-11-01T06:30:00Z', '2026-11-02T04:30:00Z', '2026-11-02T05:30:00Z'];
    const days = usageReport(
      times.map((t) => entry(t)),
      0,
      {
        now: Date.parse('2026-11-02T12:00:00Z'),
        timeZone: 'America/New_York',
      },
    ).days;
    assert.deepEqual(
      days.slice(-3).map((d) => [d.day, d.costRub]),
      [
        ['2026-10-31', 1.5],
        ['2026-11-01', 3],
        ['2026-11-02', 1.5],
      ],
    );
  });

  it('an image request reports its images, not tokens: it is not an answer with no usage', () => {
    const image = entry('2026-11-01T08:00:00Z', { source: 'images', interface: 'images', tokens: undefined, images: 2, costRub: 6 });
    const today = usageReport([image], 0, { now: NOW, timeZone: MOSCOW }).periods.today;
    assert.deepEqual([today.answers, today.noUsage, today.costRub, today.tokensIn], [1, 0, 6, 0]);
  });

  it('the corrupt lines and the entries are counted', () => {
    const report = usageReport(entries, 3, { now: NOW, timeZone: MOSCOW });
    assert.deepEqual([report.entries, report.corrupt], [7, 3]);
  });

  it('reads from the first day the report needs: the chart’s 30 days or the month’s, or the range’s, and a day before', () => {
    assert.equal(firstDayNeeded(NOW, MOSCOW), '2026-10-02');
    assert.equal(firstDayNeeded(Date.parse('2026-12-31T12:00:00Z'), MOSCOW), '2026-11-30');
    assert.equal(firstDayNeeded(NOW, MOSCOW, { from: '2026-03-01' }), '2026-02-28');
  });
});
