// What the usage page shows: the report is worked out on the host (usageTotals.ts) and the page
// only draws it. Each shape is a zod schema (built on first use), which the usage page's
// protocol (usageProtocol.ts) checks the report against on both sides.
import * as z from 'zod/mini';
import { buildOnce } from '../../platform/startup/buildOnce';

const count = () => z.number();

/** One row of a totals table: a model, a key or a project. */
export const UsageRowSchema = buildOnce(() =>
  z.object({
    /** The model id, the key as "name (id)", or the project's name; empty when an entry does not say. */
    name: z.string(),
    costRub: z.number(),
    answers: count(),
    tokensIn: count(),
    tokensOut: count(),
  }),
);
export type UsageRow = z.infer<ReturnType<typeof UsageRowSchema>>;

export const PeriodTotalsSchema = buildOnce(() =>
  z.object({
    /** The first and last day, both included ("YYYY-MM-DD", local). */
    from: z.string(),
    to: z.string(),
    costRub: z.number(),
    answers: count(),
    /** Answers the catalog priced nothing for. */
    unpriced: count(),
    /** Answers that reported no usage (stopped or cut before the service counted it); images report theirs. */
    noUsage: count(),
    tokensIn: count(),
    tokensOut: count(),
    tokensCached: count(),
    /** What the prompt cache saved, in RUB. */
    savedRub: z.number(),
    byModel: z.array(UsageRowSchema()),
    byKey: z.array(UsageRowSchema()),
    byProject: z.array(UsageRowSchema()),
  }),
);
export type PeriodTotals = z.infer<ReturnType<typeof PeriodTotalsSchema>>;

export const DaySpendSchema = buildOnce(() =>
  z.object({
    day: z.string(),
    costRub: z.number(),
    /** RUB by model id, for the models that spent that day. */
    byModel: z.record(z.string(), z.number()),
  }),
);
export type DaySpend = z.infer<ReturnType<typeof DaySpendSchema>>;

export const PERIODS = ['today', 'week', 'month', 'range'] as const;
export type Period = (typeof PERIODS)[number];

export const UsageReportSchema = buildOnce(() =>
  z.object({
    today: z.string(),
    /** The last 30 days, oldest first, every day present. */
    days: z.array(DaySpendSchema()),
    /** The models in the chart, most spent first. */
    models: z.array(z.string()),
    periods: z.object(Object.fromEntries(PERIODS.map((period) => [period, PeriodTotalsSchema()])) as Record<Period, ReturnType<typeof PeriodTotalsSchema>>),
    /** Entries in the record. */
    entries: count(),
    /** Lines of the record that were not entries, skipped. */
    corrupt: count(),
  }),
);
export type UsageReport = z.infer<ReturnType<typeof UsageReportSchema>>;
