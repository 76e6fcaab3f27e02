// "Select Model": a quick-pick over the live catalog. Usable text models are grouped by
// vendor with what each accepts; models this workspace cannot use are listed apart and
// explain themselves when picked; a failure to load becomes buttons that fix it.
import * as vscode from 'vscode';
import { ERROR_ACTION_LABELS, type ErrorAction } from '../core/shell/errorActions';
import { Commands, Settings } from '../core/shell/ids';
import type { ModelList } from '../core/client/schemas';
import { buildModelPickItems, requiredParametersFor, type ModelPickEntry } from '../core/shell/modelPickItems';
import type { ClientFactory } from './clientFactory';
import { runErrorAction, type FailureReporter } from './failureReporter';
import type { SettingsWatcher } from './settings';

export interface ModelPickItem extends vscode.QuickPickItem {
  modelId?: string;
  /** Why this model cannot be picked. */
  reason?: string;
  /** What fixes a loading failure. */
  action?: ErrorAction;
}

const REFRESH: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('refresh'), tooltip: 'Reload the model list' };
const PLACEHOLDER = 'Pick the model for chat (type to search)';

export function toQuickPickItem(entry: ModelPickEntry): ModelPickItem {
  if (entry.kind === 'separator') return { label: entry.label, kind: vscode.QuickPickItemKind.Separator };
  return {
    label: entry.current ? `$(check) ${entry.modelId}` : entry.modelId,
    modelId: entry.modelId,
    description: entry.reason ? `$(circle-slash) ${entry.description}` : entry.description,
    detail: entry.reason,
    reason: entry.reason,
  };
}

export class ModelPicker {
  private active?: vscode.QuickPick<ModelPickItem>;

  constructor(
    private readonly settings: SettingsWatcher,
    private readonly clients: ClientFactory,
    private readonly failures: FailureReporter,
  ) {}

  /** The open picker, if any (tests read its items). */
  current(): vscode.QuickPick<ModelPickItem> | undefined {
    return this.active;
  }

  /** Opens the picker; resolves with the chosen model id, or undefined when closed without one. */
  async show(): Promise<string | undefined> {
    const catalog = await this.clients.catalog();
    if (!catalog) return undefined;
    this.active?.dispose();
    const picker = vscode.window.createQuickPick<ModelPickItem>();
    this.active = picker;
    picker.title = 'Multi-Model AI: Select Model';
    picker.placeholder = PLACEHOLDER;
    picker.matchOnDescription = true;
    picker.buttons = [REFRESH];

    const load = async (refresh: boolean) => {
      picker.busy = true;
      try {
        this.fill(picker, await catalog.get({ refresh }));
      } catch (error) {
        this.fillWithFailure(picker, error);
      } finally {
        picker.busy = false;
      }
    };

    return new Promise<string | undefined>((resolve) => {
      let chosen: string | undefined;
      picker.onDidTriggerButton(() => void load(true));
      picker.onDidAccept(async () => {
        const item = picker.selectedItems[0] ?? picker.activeItems[0];
        if (!item) return;
        if (item.action) {
          picker.hide();
          void runErrorAction(item.action);
        } else if (item.reason) {
          // Explain, and stay open for another choice.
          picker.placeholder = `${item.modelId} cannot be used here: ${item.reason} Pick another model.`;
        } else if (item.modelId) {
          chosen = item.modelId;
          await this.settings.update(Settings.model, item.modelId);
          picker.hide();
        }
      });
      picker.onDidHide(() => {
        if (this.active === picker) this.active = undefined;
        picker.dispose();
        resolve(chosen);
      });
      picker.show();
      void load(false);
    });
  }

  private fill(picker: vscode.QuickPick<ModelPickItem>, list: ModelList): void {
    const settings = this.settings.current();
    const items = buildModelPickItems(list, {
      currentModelId: settings.model,
      requiredParameters: requiredParametersFor(settings),
    }).map(toQuickPickItem);
    picker.items = items;
    const current = items.find((item) => item.modelId === settings.model && !item.reason);
    if (current) picker.activeItems = [current];
    if (!items.some((item) => item.modelId && !item.reason)) {
      picker.placeholder = 'No text model is available to this workspace: ask your admin, or use another key.';
    }
  }

  private fillWithFailure(picker: vscode.QuickPick<ModelPickItem>, error: unknown): void {
    const failure = this.failures.record('Could not load the models', error);
    picker.placeholder = failure.message;
    picker.items = failure.actions.map((action) => ({ label: ERROR_ACTION_LABELS[action], action }));
  }
}

export function registerModelPicker(picker: ModelPicker): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.selectModel, () => picker.show());
}
