// The report the usage page draws: spend by day and model for the last 30 days, and totals by
// model, key and project for today, this week (from Monday), this month and a chosen range, each
// day being the person's local day in `timeZone`.
import type { UsageEntry } from '../../platform/usage/usageEntry';
import { addDays, daysBetween, DayKeys, weekStart } from '../../platform/usage/usageDays';
import { PERIODS, type DaySpend, type Period, type PeriodTotals, type UsageReport, type UsageRow } from './usageReport';

export const CHART_DAYS = 30;

export interface ReportQuery {
  now: number;
  timeZone: string;
  /** The chosen range, days included; the last 30 days without one. */
  range?: { from: string; to: string };
}

type Tally = Omit<PeriodTotals, 'from' | 'to' | 'byModel' | 'byKey' | 'byProject'> & {
  byModel: Map<string, UsageRow>;
  byKey: Map<string, UsageRow>;
  byProject: Map<string, UsageRow>;
};

function newTally(): Tally {
  return {
    costRub: 0,
    answers: 0,
    unpriced: 0,
    noUsage: 0,
    tokensIn: 0,
    tokensOut: 0,
    tokensCached: 0,
    savedRub: 0,
    byModel: new Map(),
    byKey: new Map(),
    byProject: new Map(),
  };
}

function addTo(rows: Map<string, UsageRow>, name: string, entry: UsageEntry): void {
  let row = rows.get(name);
  if (!row) rows.set(name, (row = { name, costRub: 0, answers: 0, tokensIn: 0, tokensOut: 0 }));
  row.costRub += entry.costRub ?? 0;
  row.answers++;
  row.tokensIn += entry.tokens?.in ?? 0;
  row.tokensOut += entry.tokens?.out ?? 0;
}

/** The key as a table names it: "Work (sk-…abcd)", or empty when the entry does not say. */
export function keyLabel(entry: Pick<UsageEntry, 'key'>): string {
  const { id, name } = entry.key;
  return name && id ? `${name} (${id})` : name || id;
}

function count(tally: Tally, entry: UsageEntry): void {
  tally.answers++;
  if (entry.costRub === undefined) tally.unpriced++;
  else tally.costRub += entry.costRub;
  tally.savedRub += entry.savedRub ?? 0;
  if (entry.tokens) {
    tally.tokensIn += entry.tokens.in;
    tally.tokensOut += entry.tokens.out;
    tally.tokensCached += entry.tokens.cached;
  } else if (entry.images === undefined) tally.noUsage++;
  addTo(tally.byModel, entry.model, entry);
  addTo(tally.byKey, keyLabel(entry), entry);
  addTo(tally.byProject, entry.project, entry);
}

const bySpend = (a: UsageRow, b: UsageRow) => b.costRub - a.costRub || b.answers - a.answers || (a.name < b.name ? -1 : 1);

function totals(tally: Tally, from: string, to: string): PeriodTotals {
  const rows = (map: Map<string, UsageRow>) => [...map.values()].sort(bySpend);
  return { ...tally, from, to, byModel: rows(tally.byModel), byKey: rows(tally.byKey), byProject: rows(tally.byProject) };
}

/** The first UTC day ("2026-10-02") of the record the report as of `now` needs: the chart's, the week's, the month's and the range's days, and the day before for a zone ahead of UTC. */
export function firstDayNeeded(now: number, timeZone: string, range?: { from: string }): string {
  const today = new DayKeys(timeZone).of(now);
  const earliest = [addDays(today, 1 - CHART_DAYS), weekStart(today), `${today.slice(0, 8)}01`, range?.from ?? today].sort()[0]!;
  return addDays(earliest, -1);
}

/** The report over `entries` (any order) as of `now`. */
export function usageReport(entries: readonly UsageEntry[], corrupt: number, query: ReportQuery): UsageReport {
  const days = new DayKeys(query.timeZone);
  const today = days.of(query.now);
  const firstChartDay = addDays(today, 1 - CHART_DAYS);
  const bounds: Record<Period, { from: string; to: string }> = {
    today: { from: today, to: today },
    week: { from: weekStart(today), to: today },
    month: { from: `${today.slice(0, 8)}01`, to: today },
    range: query.range ?? { from: firstChartDay, to: today },
  };
  const tallies = Object.fromEntries(PERIODS.map((p) => [p, newTally()])) as Record<Period, Tally>;
  const chart = new Map<string, DaySpend>(daysBetween(firstChartDay, today).map((day) => [day, { day, costRub: 0, byModel: {} }]));
  const modelSpend = new Map<string, number>();
  for (const entry of entries) {
    const day = days.of(Date.parse(entry.time));
    for (const period of PERIODS) if (day >= bounds[period].from && day <= bounds[period].to) count(tallies[period], entry);
    const bar = chart.get(day);
    if (bar && entry.costRub !== undefined) {
      bar.costRub += entry.costRub;
      bar.byModel[entry.model] = (bar.byModel[entry.model] ?? 0) + entry.costRub;
      modelSpend.set(entry.model, (modelSpend.get(entry.model) ?? 0) + entry.costRub);
    }
  }
  const models = [...modelSpend].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([model]) => model);
  const periods = Object.fromEntries(PERIODS.map((p) => [p, totals(tallies[p], bounds[p].from, bounds[p].to)])) as Record<Period, PeriodTotals>;
  return { today, days: [...chart.values()], models, periods, entries: entries.length, corrupt };
}
