// The one check every request passes just before it goes (ModelConnection.admit, called by the
// streaming loop; ImageConnection.admit, by the image runner): the key's budget from the key
// store, its spend from the usage record (every window's answers), and multiModelAI.confirmAbove.
// The decision is plain code (src/platform/usage/spendCheck.ts); only how the person is asked
// differs by where the request comes from:
// - the chat shows the SpendStop as a card with Send Anyway and Change Budget (or Send), and
//   sends again without this check when one is pressed;
// - VS Code's chat gets the budget as its error, which it shows; it has no buttons of ours;
// - everything else (Refactor Selection, Fix, Generate Commit Message, images, and VS Code's
//   chat asked about a price) asks in a modal dialog. A confirmation is not an error: VS Code's
//   chat shows a LanguageModelError as a failed answer with no way to go on, while a provider
//   may ask the person before it answers, as any extension may, and Cancel there is VS Code's
//   own cancellation.
import * as vscode from 'vscode';
import { type KeyIdentity } from '../../keys/keyList';
import { SpendStop } from '../../reply/spendStop';
import { budgetReachedMessage, loggedBudgetReached, mayCostMessage, spendDecision, type SpendDecision } from '../../usage/spendCheck';
import { type UsageSource } from '../../usage/usageEntry';
import { labelOf, runAction } from '../../actions/vscode/actionRunner';
import type { ClientLogger } from '../../client/attempt/attempt';
import type { ApiKeyStore } from '../../keys/vscode/apiKeyStore';
import type { SettingsWatcher } from '../../settings/vscode/settings';
import type { UsageRecorder } from '../../usage/vscode/usageRecorder';

export class SpendGuard {
  constructor(
    private readonly keys: ApiKeyStore,
    private readonly usage: UsageRecorder,
    private readonly settings: SettingsWatcher,
    private readonly logger: ClientLogger,
  ) {}

  /** The check for requests made with `key` from `source`: resolves to send, else throws a SpendStop. */
  admitFor(key: Pick<KeyIdentity, 'id' | 'loggedName'>, source: UsageSource): (upToRub: number | undefined) => Promise<void> {
    return async (upToRub) => {
      const decision = await this.decide(key.id, upToRub);
      if (decision.kind === 'go') return;
      const stop = spendStop(decision);
      this.logger.info(`${stop.logged} (key ${key.loggedName}, ${source}).`);
      if (source === 'chat' || (source === 'vscodeChat' && decision.kind === 'budget')) throw stop;
      if (!(await this.confirmed(decision, stop.message))) {
        this.logger.info(`Not sent: the person did not confirm (${source}).`);
        throw new SpendStop(stop.message, stop.reason, stop.logged, true);
      }
    };
  }

  private async decide(keyId: string, upToRub: number | undefined): Promise<SpendDecision> {
    const budget = this.keys.list().keys.find((k) => k.id === keyId)?.budget;
    // The record is read only for a key with a budget: a request without one waits for nothing.
    const spend = budget ? await this.usage.spendOf(keyId) : undefined;
    return spendDecision({ budget, spend, upToRub, confirmAboveRub: this.settings.current().confirmAboveRub });
  }

  /** A modal dialog: Send Anyway or Change Budget for a budget, Send for a price; Cancel is the dialog's own. */
  private async confirmed(decision: Exclude<SpendDecision, { kind: 'go' }>, message: string): Promise<boolean> {
    if (decision.kind === 'price') {
      return (await vscode.window.showWarningMessage(message, { modal: true }, labelOf('send'))) === labelOf('send');
    }
    const chosen = await vscode.window.showWarningMessage(message, { modal: true }, labelOf('sendAnyway'), labelOf('changeBudget'));
    if (chosen === labelOf('changeBudget')) void runAction('changeBudget');
    return chosen === labelOf('sendAnyway');
  }
}

function spendStop(decision: Exclude<SpendDecision, { kind: 'go' }>): SpendStop {
  if (decision.kind === 'budget') return new SpendStop(budgetReachedMessage(decision.use), 'budget', loggedBudgetReached(decision.use));
  return new SpendStop(
    mayCostMessage(decision.upToRub),
    'price',
    `This request may cost up to ${decision.upToRub.toFixed(2)} RUB, above multiModelAI.confirmAbove`,
  );
}
