// What the usage page shows and the messages between it and the host: the report is worked out
// on the host (usageTotals.ts) and the page only draws it.

/** One row of a totals table: a model, a key or a project. */
export interface UsageRow {
  /** The model id, the key as "name (id)", or the project's name; empty when an entry does not say. */
  name: string;
  costRub: number;
  answers: number;
  tokensIn: number;
  tokensOut: number;
}

export interface PeriodTotals {
  /** The first and last day, both included ("YYYY-MM-DD", local). */
  from: string;
  to: string;
  costRub: number;
  answers: number;
  /** Answers the catalog priced nothing for. */
  unpriced: number;
  /** Answers that reported no usage (stopped or cut before the service counted it); images report theirs. */
  noUsage: number;
  tokensIn: number;
  tokensOut: number;
  tokensCached: number;
  byModel: UsageRow[];
  byKey: UsageRow[];
  byProject: UsageRow[];
}

export interface DaySpend {
  day: string;
  costRub: number;
  /** RUB by model id, for the models that spent that day. */
  byModel: Record<string, number>;
}

export const PERIODS = ['today', 'week', 'month', 'range'] as const;
export type Period = (typeof PERIODS)[number];

export interface UsageReport {
  today: string;
  /** The last 30 days, oldest first, every day present. */
  days: DaySpend[];
  /** The models in the chart, most spent first. */
  models: string[];
  periods: Record<Period, PeriodTotals>;
  /** Entries in the record. */
  entries: number;
  /** Lines of the record that were not entries, skipped. */
  corrupt: number;
}

export type UsageToPage =
  { type: 'usage/init'; language: string; l10n: Record<string, string>; report: UsageReport } | { type: 'usage/report'; report: UsageReport };

export type UsageFromPage = { type: 'ready' } | { type: 'usage/range'; from: string; to: string } | { type: 'usage/export'; from: string; to: string };
