// The status bar item: the current model's short name (tooltip: id and what it accepts),
// or what is missing. Its capabilities come from the catalog, read after activation and
// whenever the key or settings change, never during activate().
import * as vscode from 'vscode';
import { Commands, STATUS_BAR_ID } from '../core/shell/ids';
import { requiredParametersFor, whyModelUnusable } from '../core/shell/modelPickItems';
import { statusBarView, type StatusBarAction, type StatusBarInput, type StatusBarView } from '../core/shell/statusBarModel';
import type { ApiKeyStore } from './apiKeyStore';
import type { ClientFactory } from './clientFactory';
import type { FailureReporter } from './failureReporter';
import type { SettingsWatcher } from './settings';

const COMMANDS: Record<StatusBarAction, string> = {
  setBaseUrl: Commands.setBaseUrl,
  setApiKey: Commands.setApiKey,
  selectModel: Commands.selectModel,
};

export class ModelStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(STATUS_BAR_ID, vscode.StatusBarAlignment.Right, 100);
  private view: StatusBarView;
  private readonly watches: vscode.Disposable[];
  /** Counts refreshes so a slow, older one never overwrites a newer one. */
  private generation = 0;

  constructor(
    private readonly settings: SettingsWatcher,
    private readonly keys: ApiKeyStore,
    private readonly clients: ClientFactory,
    private readonly failures: FailureReporter,
  ) {
    this.item.name = 'Multi-Model AI: Model';
    // Until the key has been read: say only what the settings already tell.
    this.view = this.show({ hasBaseUrl: settings.current().baseUrl !== undefined, hasKey: true, modelId: settings.current().model });
    this.item.show();
    const refresh = () => void this.refresh();
    this.watches = [settings.onDidChange(refresh), keys.onDidChange(refresh)];
  }

  current(): StatusBarView {
    return this.view;
  }

  /** Re-reads the key and the catalog (cached), then redraws. */
  async refresh(): Promise<StatusBarView> {
    const generation = ++this.generation;
    const { baseUrl, model } = this.settings.current();
    const input: StatusBarInput = { hasBaseUrl: baseUrl !== undefined, hasKey: await this.keys.has(), modelId: model };
    if (input.hasBaseUrl && input.hasKey && model) {
      const catalog = await this.clients.catalog({ quiet: true });
      try {
        const list = await catalog?.get();
        if (list) {
          input.entry = list.data.find((m) => m.id === model);
          input.unusableReason = whyModelUnusable(list, model, requiredParametersFor(this.settings.current()));
        }
      } catch (error) {
        input.catalogProblem = this.failures.record('Could not read the model list for the status bar', error).message;
      }
    }
    if (generation === this.generation) this.view = this.show(input);
    return this.view;
  }

  private show(input: StatusBarInput): StatusBarView {
    const view = statusBarView(input);
    this.item.text = view.text;
    this.item.tooltip = view.tooltip;
    this.item.command = COMMANDS[view.action];
    this.item.backgroundColor = view.warning ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    return view;
  }

  dispose(): void {
    for (const watch of this.watches) watch.dispose();
    this.item.dispose();
  }
}
