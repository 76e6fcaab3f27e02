// The notification at 80 % of a key's budget (or at 100 %, when it got there at once): one per key and period, however
// many windows see it. The periods told are remembered in globalState, which every window
// shares; a window checks and writes it in one serial write, so the one that writes first tells.
import * as z from 'zod/mini';
import { buildOnce } from '../../startup/buildOnce';
import { offerActions } from '../../actions/vscode/actionRunner';
import { budgetReachedMessage, budgetWarningMessage, type BudgetStatus, periodId } from '../../usage/spendCheck';
import type { SerialMemento } from '../../storage/serialMemento';

/** globalState: key id → the periods last told ("day 2026-11-28", "month 2026-11"). */
const TOLD_STATE = 'multiModelAI.budgetTold';
/** A day's and a month's: older ones are never asked about again. */
const KEPT = 4;

const ToldSchema = buildOnce(() => z.record(z.string(), z.array(z.string())));

function readTold(stored: unknown): Record<string, string[]> {
  const parsed = ToldSchema().safeParse(stored);
  return parsed.success ? parsed.data : {};
}

export class BudgetNotice {
  constructor(private readonly globalState: SerialMemento) {}

  /** Tells the person once per period that key `keyId` (shown as `keyName`) is near or at its budget; `today`: the local day. */
  async note(key: { id: string; name: string }, status: BudgetStatus, today: string): Promise<void> {
    if (status.level === 'ok' || !status.use) return;
    const period = periodId(status.use.period, today);
    // Told already: nothing is written (each write sends the whole state to the workbench).
    if (readTold(this.globalState.get(TOLD_STATE))[key.id]?.includes(period)) return;
    let first = false;
    await this.globalState.updateWith(TOLD_STATE, (stored) => {
      const told = readTold(stored);
      const ofKey = told[key.id] ?? [];
      if (ofKey.includes(period)) return told;
      first = true;
      return { ...told, [key.id]: [...ofKey, period].slice(-KEPT) };
    });
    if (!first) return;
    const message = status.level === 'reached' ? budgetReachedMessage(status.use) : budgetWarningMessage(key.name, status.use);
    void offerActions('warning', message, ['changeBudget']);
  }
}
