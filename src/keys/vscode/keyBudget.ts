// Set Budget… in Manage API Keys: a key's budget for a local day and for a local month, in RUB,
// each asked in its own box (empty: none). Kept with the key's name in the key list, never in a
// setting, so a cloned repository cannot raise it; the spend guard and the status bar read it.
import * as vscode from 'vscode';
import { keyName, type KeyBudget, type KeyRecord } from '../../platform/keys/keyList';
import { readBudgetInput } from '../../platform/usage/spendCheck';
import { displayLocale } from '../../platform/format/displayLanguage';
import { formatRubAmount } from '../../platform/format/localeFormat';
import type { CommandOutcome } from './apiKeyCommands';
import type { Services } from '../../platform/services/vscode/services';

type Deps = Pick<Services, 'keys' | 'logger'>;

/** Asks for the day's budget, then the month's; undefined when either box is dismissed. */
export async function setBudget(deps: Deps, record: KeyRecord): Promise<CommandOutcome | undefined> {
  const name = keyName(record, deps.keys.list());
  const title = vscode.l10n.t('Budget of the key {0}', name);
  const dayRub = await askAmount(title, 1, vscode.l10n.t('The most the key may spend in a day, in roubles (empty: no daily budget).'), record.budget?.dayRub);
  if (dayRub === undefined) return undefined;
  const monthRub = await askAmount(
    title,
    2,
    vscode.l10n.t('The most the key may spend in a month, in roubles (empty: no monthly budget).'),
    record.budget?.monthRub,
  );
  if (monthRub === undefined) return undefined;
  const budget: KeyBudget = { ...(dayRub !== null && { dayRub }), ...(monthRub !== null && { monthRub }) };
  await deps.keys.setBudget(record.id, budget);
  deps.logger.info(`Budget of a key set: ${budget.dayRub ?? 'none'} RUB a day, ${budget.monthRub ?? 'none'} RUB a month.`);
  const message = budgetText(name, budget);
  void vscode.window.showInformationMessage(message);
  return { ok: true, message };
}

/** One box; null: left empty (no budget), undefined: dismissed. */
async function askAmount(title: string, step: number, prompt: string, current: number | undefined): Promise<number | null | undefined> {
  const typed = await vscode.window.showInputBox({
    title: `${title} (${step}/2)`,
    prompt,
    value: current === undefined ? '' : String(current),
    placeHolder: vscode.l10n.t('No budget'),
    ignoreFocusOut: true,
    validateInput: (value) => {
      const read = readBudgetInput(value);
      return read.ok ? undefined : read.message;
    },
  });
  if (typed === undefined) return undefined;
  const read = readBudgetInput(typed);
  return read.ok ? (read.rub ?? null) : undefined;
}

/** What Set Budget… shows under its label: the key's budget, when it has one. */
export function budgetDetail(record: KeyRecord): string | undefined {
  return record.budget ? budgetParts(record.budget).join(', ') : undefined;
}

function budgetText(name: string, budget: KeyBudget): string {
  const [day, month] = budgetParts(budget);
  return vscode.l10n.t('The key {0}: {1}, {2}.', name, day, month);
}

function budgetParts(budget: KeyBudget): [string, string] {
  const locale = displayLocale();
  const day = budget.dayRub === undefined ? vscode.l10n.t('no daily budget') : vscode.l10n.t('{0} a day', formatRubAmount(budget.dayRub, locale));
  const month = budget.monthRub === undefined ? vscode.l10n.t('no monthly budget') : vscode.l10n.t('{0} a month', formatRubAmount(budget.monthRub, locale));
  return [day, month];
}
