import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { KeySpendTotals } from '#src/platform/usage/keySpendTotals';
import { usageLine, type UsageEntry } from '#src/platform/usage/usageEntry';
import { UsageRecord } from '#src/platform/usage/usageRecord';
import { DayKeys } from '#src/platform/usage/usageDays';
import {
  budgetReachedMessage,
  budgetStatus,
  budgetWarningMessage,
  mayCostMessage,
  periodId,
  readBudgetInput,
  spendDecision,
} from '#src/platform/usage/spendCheck';
import { entry } from '../../usage/common/fixtures/usageEntries';
import { useEnglish, useRussian } from '../../l10n/displayLanguage';

const KEY = 'sk-…a1b2';
const MOSCOW = 'Europe/Moscow';
const BUDGET = { dayRub: 300, monthRub: 5000 };

const added = (time: string, costRub: number) => {
  const { v: _v, ...rest } = entry(time, { costRub });
  return rest as Omit<UsageEntry, 'v'>;
};

/** An empty record, with totals read by the clock `clock.now`. */
function record(now: string) {
  const clock = { now: Date.parse(now) };
  const usage = new UsageRecord({ folder: mkdtempSync(path.join(tmpdir(), 'mmai-budget-')) });
  const totals = new KeySpendTotals(usage, () => clock.now);
  return { clock, usage, totals };
}

describe('budgets: thresholds and the guard’s decision', () => {
  afterEach(useEnglish);

  it('warns from 80 % and is reached at 100 %, by the period nearest its budget, the day first when both are as near', () => {
    assert.deepEqual(budgetStatus(BUDGET, { today: 239.99, month: 239.99 }), { level: 'ok', use: { period: 'day', spentRub: 239.99, budgetRub: 300 } });
    assert.deepEqual(budgetStatus(BUDGET, { today: 240, month: 240 }), { level: 'warning', use: { period: 'day', spentRub: 240, budgetRub: 300 } });
    assert.deepEqual(budgetStatus(BUDGET, { today: 300, month: 300 }), { level: 'reached', use: { period: 'day', spentRub: 300, budgetRub: 300 } });
    // Nothing spent today, the month near its end of the budget.
    assert.deepEqual(budgetStatus(BUDGET, { today: 0, month: 4100 }), { level: 'warning', use: { period: 'month', spentRub: 4100, budgetRub: 5000 } });
    assert.deepEqual(budgetStatus({ dayRub: 10, monthRub: 10 }, { today: 10, month: 10 }).use?.period, 'day');
    assert.deepEqual(budgetStatus({ monthRub: 100 }, { today: 100, month: 100 }), {
      level: 'reached',
      use: { period: 'month', spentRub: 100, budgetRub: 100 },
    });
    assert.deepEqual(budgetStatus(undefined, { today: 1e6, month: 1e6 }), { level: 'ok' });
    assert.deepEqual(budgetStatus({}, { today: 1e6, month: 1e6 }), { level: 'ok' });
  });

  it('stops at the budget whatever the request costs, then asks above multiModelAI.confirmAbove, else sends', () => {
    const spend = { today: 300, month: 300 };
    assert.deepEqual(spendDecision({ budget: BUDGET, spend, upToRub: 0.01, confirmAboveRub: 5 }), {
      kind: 'budget',
      use: { period: 'day', spentRub: 300, budgetRub: 300 },
    });
    assert.deepEqual(spendDecision({ budget: BUDGET, spend: { today: 299, month: 299 }, upToRub: 12.4, confirmAboveRub: 5 }), { kind: 'price', upToRub: 12.4 });
    assert.deepEqual(spendDecision({ upToRub: 5, confirmAboveRub: 5 }), { kind: 'go' });
    assert.deepEqual(spendDecision({ upToRub: 5.01, confirmAboveRub: 5 }), { kind: 'price', upToRub: 5.01 });
    assert.deepEqual(spendDecision({ upToRub: 0.01, confirmAboveRub: 0 }), { kind: 'price', upToRub: 0.01 });
    // Without prices nothing is known to ask about; without the setting nothing is asked.
    assert.deepEqual(spendDecision({ confirmAboveRub: 0 }), { kind: 'go' });
    assert.deepEqual(spendDecision({ upToRub: 1e6 }), { kind: 'go' });
    // A budget with its spend unknown stops nothing.
    assert.deepEqual(spendDecision({ budget: BUDGET }), { kind: 'go' });
  });

  it('says the budget and the price in English and in Russian, in roubles', () => {
    const day = { period: 'day' as const, spentRub: 300, budgetRub: 300 };
    const month = { period: 'month' as const, spentRub: 4100.5, budgetRub: 5000 };
    assert.equal(budgetReachedMessage(day), 'Budget reached: 300 ₽ of 300 ₽ today.');
    assert.equal(budgetReachedMessage({ ...month, spentRub: 5000.004 }), 'Budget reached: 5,000 ₽ of 5,000 ₽ this month.');
    assert.equal(budgetWarningMessage('Work', month), 'The key Work has spent 4,100.50 ₽ of its 5,000 ₽ budget for this month.');
    assert.equal(mayCostMessage(12.4), 'This request may cost up to 12.40 ₽.');
    useRussian();
    assert.equal(budgetReachedMessage(day), 'Бюджет исчерпан: 300 ₽ из 300 ₽ за сегодня.');
    assert.equal(budgetReachedMessage(month), 'Бюджет исчерпан: 4\u00a0100,50 ₽ из 5\u00a0000 ₽ за этот месяц.');
    assert.equal(budgetWarningMessage('Работа', { ...day, spentRub: 245 }), 'Ключ Работа израсходовал 245 ₽ из бюджета 300 ₽ на сегодня.');
    assert.equal(mayCostMessage(12.4), 'Этот запрос может стоить до 12,40 ₽.');
  });

  it('reads a typed budget: roubles with a comma or a point, empty for none, anything else refused with what to type', () => {
    assert.deepEqual(readBudgetInput(' 300 '), { ok: true, rub: 300 });
    assert.deepEqual(readBudgetInput('250,50'), { ok: true, rub: 250.5 });
    assert.deepEqual(readBudgetInput('1 000.5 ₽'), { ok: true, rub: 1000.5 });
    assert.deepEqual(readBudgetInput(''), { ok: true });
    assert.deepEqual(readBudgetInput('   '), { ok: true });
    const typeAmount = { ok: false, message: 'Type an amount in roubles, such as 300 or 250,50, or leave the box empty for no budget.' };
    assert.deepEqual(readBudgetInput('three hundred'), typeAmount);
    assert.deepEqual(readBudgetInput('-5'), typeAmount);
    assert.deepEqual(readBudgetInput('1,000'), typeAmount);
    assert.deepEqual(readBudgetInput('0'), { ok: false, message: 'A budget is more than 0 ₽: leave the box empty for no budget.' });
    assert.deepEqual(readBudgetInput('100000001'), { ok: false, message: 'A budget is at most 100 000 000 ₽.' });
    useRussian();
    assert.deepEqual(readBudgetInput('0,00'), { ok: false, message: 'Бюджет должен быть больше 0 ₽: оставьте поле пустым, чтобы бюджета не было.' });
  });
});

describe('budgets: local days and months of the usage record', () => {
  it('a budget reached late in the day is free again after local midnight, while the month keeps what was spent', async () => {
    const { clock, usage, totals } = record('2026-11-10T20:00:00Z'); // 23:00 in Moscow
    usage.add(added('2026-11-10T19:00:00Z', 300));
    const before = await totals.spendOf(KEY, MOSCOW);
    assert.equal(budgetStatus(BUDGET, before).level, 'reached');
    assert.equal(periodId('day', new DayKeys(MOSCOW).of(clock.now)), 'day 2026-11-10');
    clock.now = Date.parse('2026-11-10T21:00:00Z'); // 00:00 on 11 November in Moscow, still the 10th in UTC
    const after = await totals.spendOf(KEY, MOSCOW);
    assert.deepEqual(after, { today: 0, month: 300 });
    assert.deepEqual(budgetStatus(BUDGET, after), { level: 'ok', use: { period: 'month', spentRub: 300, budgetRub: 5000 } });
    assert.equal(periodId('day', new DayKeys(MOSCOW).of(clock.now)), 'day 2026-11-11');
    totals.dispose();
  });

  it('a month’s budget ends with the local month: the last evening of November in UTC is December in Moscow', async () => {
    const { clock, usage, totals } = record('2026-11-30T20:00:00Z'); // 23:00 on 30 November in Moscow
    usage.add(added('2026-11-05T10:00:00Z', 4900));
    usage.add(added('2026-11-30T19:00:00Z', 100));
    assert.deepEqual(budgetStatus(BUDGET, await totals.spendOf(KEY, MOSCOW)), { level: 'reached', use: { period: 'month', spentRub: 5000, budgetRub: 5000 } });
    clock.now = Date.parse('2026-11-30T21:30:00Z'); // 00:30 on 1 December in Moscow
    assert.deepEqual(await totals.spendOf(KEY, MOSCOW), { today: 0, month: 0 });
    assert.equal(spendDecision({ budget: BUDGET, spend: await totals.spendOf(KEY, MOSCOW) }).kind, 'go');
    assert.equal(periodId('month', new DayKeys(MOSCOW).of(clock.now)), 'month 2026-12');
    totals.dispose();
  });

  it('after a change of time zone the same spend falls on the days of the new zone', async () => {
    const { usage, totals } = record('2026-11-11T02:00:00Z'); // 05:00 on the 11th in Moscow, 21:00 on the 10th in New York
    usage.add(added('2026-11-10T22:00:00Z', 300)); // 01:00 on the 11th in Moscow, 17:00 on the 10th in New York
    assert.equal(budgetStatus(BUDGET, await totals.spendOf(KEY, MOSCOW)).level, 'reached');
    assert.equal(budgetStatus(BUDGET, await totals.spendOf(KEY, 'America/New_York')).level, 'reached');
    // In Tokyo it is 11:00 on the 11th, and the spend was at 07:00 the same day; in Honolulu the 10th, both.
    assert.deepEqual(await totals.spendOf(KEY, 'Asia/Tokyo'), { today: 300, month: 300 });
    usage.add(added('2026-11-10T20:00:00Z', 50)); // 23:00 on the 10th in Moscow, 10:00 on the 10th in Honolulu
    assert.deepEqual(await totals.spendOf(KEY, MOSCOW), { today: 300, month: 350 });
    assert.deepEqual(await totals.spendOf(KEY, 'Pacific/Honolulu'), { today: 350, month: 350 });
    totals.dispose();
  });

  it('reads the record written by another window: its spend counts toward this window’s budget', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'mmai-budget-'));
    writeFileSync(path.join(folder, 'usage-2026-11.jsonl'), usageLine(entry('2026-11-10T09:00:00Z', { costRub: 250 })));
    const totals = new KeySpendTotals(new UsageRecord({ folder }), () => Date.parse('2026-11-10T12:00:00Z'));
    assert.deepEqual(budgetStatus(BUDGET, await totals.spendOf(KEY, MOSCOW)), { level: 'warning', use: { period: 'day', spentRub: 250, budgetRub: 300 } });
    totals.dispose();
  });
});
