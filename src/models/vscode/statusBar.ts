// The status bar item: the current model's short name and the key in use (tooltip: the model's
// id, what it accepts, the key's name and masked prefix, its spend), or what is missing. It is
// drawn from the settings and the stored key at once; the model's capabilities come from the
// connection's catalog, read after activation and whenever the connection changes, never during activate().
import * as vscode from 'vscode';
import { type KeyIdentity, keyLabel } from '../../platform/keys/keyList';
import { keySpendLines } from '../../usage/index';
import { STATUS_BAR_ID } from '../../platform/manifest/ids';
import { type StatusBarInput, statusBarView, type StatusBarView } from '../common/statusBarModel';
import type { ApiKeyStore } from '../../platform/keys/vscode/apiKeyStore';
import { commandFor } from '../../platform/actions/vscode/actionRunner';
import type { Connection } from '../../platform/services/vscode/connection';
import type { FailureReporter } from '../../platform/services/vscode/failureReporter';
import { Disposable } from '../../platform/vscode/lifecycle';
import type { Services } from '../../platform/services/vscode/services';
import type { SettingsWatcher } from '../../platform/settings/vscode/settings';
import type { SpendMeter } from '../../platform/services/vscode/spendMeter';
import type { UsageRecorder } from '../../platform/usage/vscode/usageRecorder';
import { BudgetNotice } from '../../platform/services/vscode/budgetNotice';
import { budgetReachedMessage, budgetStatus, budgetWarningMessage, type PeriodSpend } from '../../platform/usage/spendCheck';

export class ModelStatusBar extends Disposable {
  private readonly item = this.register(vscode.window.createStatusBarItem(STATUS_BAR_ID, vscode.StatusBarAlignment.Right, 100));
  private view: StatusBarView;
  /** Counts refreshes so a slow, older one never overwrites a newer one. */
  private generation = 0;
  /** The usage record's section of the tooltip: the key in use, today and this month. */
  private usageLines?: string;

  constructor(
    private readonly settings: SettingsWatcher,
    private readonly keys: ApiKeyStore,
    private readonly connection: Connection,
    private readonly spend: SpendMeter,
    private readonly failures: FailureReporter,
    private readonly usage: UsageRecorder,
    private readonly notice: BudgetNotice,
  ) {
    super();
    this.item.name = vscode.l10n.t('Multi-Model AI: Model');
    // Until the key has been read: say only what the settings already tell.
    this.view = this.show({ hasBaseUrl: settings.current().baseUrl !== undefined, hasKey: true, modelId: settings.current().model });
    this.item.show();
    this.register(connection.onDidChange(() => void this.refresh()));
    this.register(spend.onDidSpend(() => void this.refresh()));
    this.register(usage.onDidAdd(() => void this.refresh()));
  }

  current(): StatusBarView {
    return this.view;
  }

  /** What the item says to a screen reader. */
  accessibility(): vscode.AccessibilityInformation | undefined {
    return this.item.accessibilityInformation;
  }

  /** Draws the model and the key in use from what is stored, then reads the connection's state (the catalog cached) and redraws. */
  async refresh(): Promise<StatusBarView> {
    const generation = ++this.generation;
    const identity = await this.keys.identity();
    const key = identity && { keyLabel: keyLabel(identity), ...(this.keys.list().keys.length > 1 && { keyName: identity.name }) };
    const { baseUrl, model } = this.settings.current();
    if (generation === this.generation) this.view = this.show({ hasBaseUrl: baseUrl !== undefined, hasKey: identity !== undefined, modelId: model, ...key });
    const state = await this.connection.models({ quiet: true });
    let input: StatusBarInput;
    if (state.kind === 'notReady') {
      input = { hasBaseUrl: state.readiness.missing !== 'baseUrl', hasKey: state.readiness.missing !== 'apiKey', modelId: state.model };
    } else if (state.kind === 'catalogFailed') {
      const step = { shown: vscode.l10n.t('Could not read the model list for the status bar'), logged: 'Could not read the model list for the status bar' };
      const catalogProblem = this.failures.record(step, state.error).message;
      input = { hasBaseUrl: true, hasKey: true, modelId: state.model, catalogProblem, ...key };
    } else {
      const spend = this.spend.sinceStart(state.keyId);
      input = { hasBaseUrl: true, hasKey: true, modelId: state.model, entry: state.entry, unusableReason: state.unusable, spend, ...key };
      if (state.legacy) input.legacyBaseUrl = state.baseUrl;
    }
    const keySpend = state.kind === 'ready' && identity ? await this.keySpend(identity) : undefined;
    if (keySpend?.budgetWarning) input.budgetWarning = keySpend.budgetWarning;
    if (generation === this.generation) {
      this.usageLines = keySpend?.lines;
      this.view = this.show(input);
    }
    return this.view;
  }

  private show(input: StatusBarInput): StatusBarView {
    const view = statusBarView(input);
    this.item.text = view.text;
    this.item.accessibilityInformation = { label: view.accessibleLabel };
    this.item.tooltip = this.usageLines ? `${view.tooltip}\n\n${this.usageLines}` : view.tooltip;
    this.item.command = commandFor(view.action);
    this.item.backgroundColor = view.warning ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.color = view.warning ? new vscode.ThemeColor('statusBarItem.warningForeground') : undefined;
    return view;
  }

  /**
   * The key's spend from the usage record, and how near its budget it is (told once per period);
   * none when the record cannot be read (the log says why).
   */
  private async keySpend(key: KeyIdentity): Promise<{ lines: string; budgetWarning?: string } | undefined> {
    let spend: PeriodSpend;
    try {
      spend = await this.usage.spendOf(key.id);
    } catch {
      return undefined;
    }
    const lines = keySpendLines(key.name, spend);
    const status = budgetStatus(this.keys.recordOf({ kind: 'key', id: key.id })?.budget, spend);
    if (status.level === 'ok' || !status.use) return { lines };
    void this.notice.note(key, status, this.usage.today());
    return { lines, budgetWarning: status.level === 'reached' ? budgetReachedMessage(status.use) : budgetWarningMessage(key.name, status.use) };
  }
}

export function registerStatusBar(
  context: vscode.ExtensionContext,
  { settings, keys, connection, spend, failures, usage, globalState }: Services,
): ModelStatusBar {
  const statusBar = new ModelStatusBar(settings, keys, connection, spend, failures, usage, new BudgetNotice(globalState));
  context.subscriptions.push(statusBar);
  return statusBar;
}
