// What a key's budget says of its spend, and whether a request may go: the budget reached
// (100 %) or near (80 %) in its local day or month, and multiModelAI.confirmAbove against the
// most a request can cost. Plain code: the periods are the local days the spend is counted by
// (keySpendTotals.ts), so a budget follows the person's midnight, month end and time zone.
import * as l10n from '@vscode/l10n';
import { displayLocale } from '../format/displayLanguage';
import { formatRubAmount } from '../format/localeFormat';
import type { KeyBudget } from '../keys/keyList';

/** The share of a budget at which the person is warned. */
export const WARNING_SHARE = 0.8;

export type BudgetPeriod = 'day' | 'month';

/** A key's spend in its local day and month, in RUB. */
export interface PeriodSpend {
  today: number;
  month: number;
}

/** One period's budget and what was spent in it. */
export interface PeriodUse {
  period: BudgetPeriod;
  spentRub: number;
  budgetRub: number;
}

export type BudgetLevel = 'ok' | 'warning' | 'reached';

export interface BudgetStatus {
  level: BudgetLevel;
  /** The period nearest its budget (the day first when both are as near); absent without a budget. */
  use?: PeriodUse;
}

/** How far `spend` is into `budget`: reached at 100 %, a warning from 80 %. */
export function budgetStatus(budget: KeyBudget | undefined, spend: PeriodSpend): BudgetStatus {
  const uses: PeriodUse[] = [];
  if (budget?.dayRub !== undefined) uses.push({ period: 'day', spentRub: spend.today, budgetRub: budget.dayRub });
  if (budget?.monthRub !== undefined) uses.push({ period: 'month', spentRub: spend.month, budgetRub: budget.monthRub });
  let use: PeriodUse | undefined;
  for (const candidate of uses) if (!use || share(candidate) > share(use)) use = candidate;
  if (!use) return { level: 'ok' };
  const level = share(use) >= 1 ? 'reached' : share(use) >= WARNING_SHARE ? 'warning' : 'ok';
  return { level, use };
}

const share = (use: PeriodUse): number => use.spentRub / use.budgetRub;

/** The period `use` is in, named so that the next day or month is another ("day 2026-11-28", "month 2026-11"). */
export function periodId(period: BudgetPeriod, today: string): string {
  return period === 'day' ? `day ${today}` : `month ${today.slice(0, 7)}`;
}

/** What to do before a request goes out: send it, stop at the budget, or ask about its price first. */
export type SpendDecision = { kind: 'go' } | { kind: 'budget'; use: PeriodUse } | { kind: 'price'; upToRub: number };

export interface SpendQuestion {
  budget?: KeyBudget;
  /** Needed only with a budget. */
  spend?: PeriodSpend;
  /** The most the request can cost (its input and the bound of its answer); absent when the catalog prices nothing. */
  upToRub?: number;
  /** multiModelAI.confirmAbove, in RUB. */
  confirmAboveRub?: number;
}

/** The budget first: a request past it is never sent unasked, whatever it costs. */
export function spendDecision(question: SpendQuestion): SpendDecision {
  const status = question.spend ? budgetStatus(question.budget, question.spend) : { level: 'ok' as const };
  if (status.level === 'reached' && status.use) return { kind: 'budget', use: status.use };
  const { upToRub, confirmAboveRub } = question;
  if (upToRub !== undefined && confirmAboveRub !== undefined && upToRub > confirmAboveRub) return { kind: 'price', upToRub };
  return { kind: 'go' };
}

/** "Budget reached: 300 ₽ of 300 ₽ today." */
export function budgetReachedMessage(use: PeriodUse): string {
  const locale = displayLocale();
  const spent = formatRubAmount(use.spentRub, locale);
  const budget = formatRubAmount(use.budgetRub, locale);
  return use.period === 'day' ? l10n.t('Budget reached: {0} of {1} today.', spent, budget) : l10n.t('Budget reached: {0} of {1} this month.', spent, budget);
}

/** The log's English of the same, without the amounts' formatting. */
export function loggedBudgetReached(use: PeriodUse): string {
  return `Budget reached: ${use.spentRub.toFixed(2)} RUB of ${use.budgetRub} RUB ${use.period === 'day' ? 'today' : 'this month'}`;
}

/** "The key work has spent 245 ₽ of its 300 ₽ budget for today." */
export function budgetWarningMessage(keyName: string, use: PeriodUse): string {
  const locale = displayLocale();
  const spent = formatRubAmount(use.spentRub, locale);
  const budget = formatRubAmount(use.budgetRub, locale);
  return use.period === 'day'
    ? l10n.t('The key {0} has spent {1} of its {2} budget for today.', keyName, spent, budget)
    : l10n.t('The key {0} has spent {1} of its {2} budget for this month.', keyName, spent, budget);
}

/** "This request may cost up to 12,40 ₽." */
export function mayCostMessage(upToRub: number): string {
  return l10n.t('This request may cost up to {0}.', formatRubAmount(upToRub, displayLocale()));
}

export type BudgetInput = { ok: true; rub?: number } | { ok: false; message: string };

/** A budget typed into a box: an amount in RUB ("300", "300,50"), or nothing for none. */
export function readBudgetInput(raw: string): BudgetInput {
  const text = raw.trim().replace(/\s|₽/g, '').replace(',', '.');
  if (text === '') return { ok: true };
  if (!/^\d+(\.\d{1,2})?$/.test(text))
    return { ok: false, message: l10n.t('Type an amount in roubles, such as 300 or 250,50, or leave the box empty for no budget.') };
  const rub = Number(text);
  if (rub <= 0) return { ok: false, message: l10n.t('A budget is more than 0 ₽: leave the box empty for no budget.') };
  if (rub > 100_000_000) return { ok: false, message: l10n.t('A budget is at most 100 000 000 ₽.') };
  return { ok: true, rub };
}
