// "Select Model": a quick-pick over the live catalog. Usable text models are grouped by
// vendor with what each accepts; models this workspace cannot use are listed apart and
// explain themselves when picked; a failure to load becomes buttons that fix it. Use a Model
// Id… is always offered: the text typed in the filter becomes the model, kept for the address
// (an address may serve chat but no model list; typedModels.ts in the core).
import * as vscode from 'vscode';
import { type Action } from '../../platform/actions/actions';
import { buildModelPickItems, type ModelPickEntry } from '../../platform/models/modelPickItems';
import { Commands, Settings } from '../../platform/manifest/ids';
import { commandTitle } from '../../platform/manifest/commandTitles';
import { labelOf, runAction } from '../../platform/actions/vscode/actionRunner';
import { type Connection, type ModelState } from '../../platform/services/vscode/connection';
import { offerSetup } from '../../platform/services/vscode/setupOffer';
import type { FailureReporter } from '../../platform/services/vscode/failureReporter';
import type { Services } from '../../platform/services/vscode/services';
import type { SettingsWatcher } from '../../platform/settings/vscode/settings';
import { TypedModelIds } from '../../platform/services/vscode/typedModelIds';
import { checkTypedModelId, noModelListMessage } from '../../platform/client/catalog/typedModels';

export interface ModelPickItem extends vscode.QuickPickItem {
  modelId?: string;
  /** Why this model cannot be picked. */
  reason?: string;
  /** What fixes a loading failure (Retry reads the catalog again). */
  action?: Action;
  /** Use a Model Id…: the filter's text is the model's id. */
  typesId?: true;
}

/** The entry that takes the filter's text as a model id; it shows whatever is typed. */
function useModelIdItem(typed: string): ModelPickItem {
  const id = typed.trim();
  return {
    label: vscode.l10n.t('Use a Model Id…'),
    iconPath: new vscode.ThemeIcon('edit'),
    description: id === '' ? vscode.l10n.t('type the id of a model the list does not name') : id,
    alwaysShow: true,
    typesId: true,
  };
}

export function toQuickPickItem(entry: ModelPickEntry): ModelPickItem {
  if (entry.kind === 'separator') return { label: entry.label, kind: vscode.QuickPickItemKind.Separator };
  // Icons beside the text, not in it: a screen reader would read their names ("circle slash").
  const icon = entry.reason ? 'circle-slash' : entry.current ? 'check' : undefined;
  return {
    label: entry.modelId,
    ...(icon && { iconPath: new vscode.ThemeIcon(icon) }),
    modelId: entry.modelId,
    description: entry.description,
    detail: entry.reason,
    reason: entry.reason,
  };
}

export class ModelPicker {
  private active?: vscode.QuickPick<ModelPickItem>;

  constructor(
    private readonly settings: SettingsWatcher,
    private readonly connection: Connection,
    private readonly failures: FailureReporter,
    private readonly typedModels: TypedModelIds,
  ) {}

  /** The open picker, if any (tests read its items). */
  current(): vscode.QuickPick<ModelPickItem> | undefined {
    return this.active;
  }

  /** Opens the picker; resolves with the chosen model id, or undefined when closed without one. */
  async show(): Promise<string | undefined> {
    const readiness = await this.connection.readiness();
    if (!readiness.ok) {
      offerSetup(readiness);
      return undefined;
    }
    this.active?.dispose();
    const picker = vscode.window.createQuickPick<ModelPickItem>();
    this.active = picker;
    picker.title = commandTitle(Commands.selectModel);
    picker.placeholder = vscode.l10n.t('Pick the model for chat (type to search)');
    picker.matchOnDescription = true;
    picker.buttons = [{ iconPath: new vscode.ThemeIcon('refresh'), tooltip: vscode.l10n.t('Reload the model list') }];

    const load = async (refresh: boolean) => {
      picker.busy = true;
      this.fill(picker, await this.connection.models({ refresh, quiet: true }));
      picker.busy = false;
    };

    return new Promise<string | undefined>((resolve) => {
      let chosen: string | undefined;
      picker.onDidTriggerButton(() => void load(true));
      // The typed text shows on Use a Model Id…, which stays listed whatever the filter.
      picker.onDidChangeValue((value) => {
        picker.items = picker.items.map((item) => (item.typesId ? useModelIdItem(value) : item));
      });
      picker.onDidAccept(async () => {
        const item = picker.selectedItems[0] ?? picker.activeItems[0];
        if (!item) return;
        if (item.typesId) {
          const checked = checkTypedModelId(picker.value);
          if (!checked.ok) {
            picker.placeholder = checked.message;
            return;
          }
          chosen = checked.id;
          await this.typedModels.add(readiness.baseUrl, checked.id);
          await this.settings.update(Settings.model, checked.id);
          picker.hide();
        } else if (item.action === 'retry') {
          void load(true);
        } else if (item.action) {
          picker.hide();
          void runAction(item.action);
        } else if (item.reason) {
          // Explain, and stay open for another choice.
          picker.placeholder = vscode.l10n.t('{0} cannot be used here: {1} Pick another model.', item.modelId ?? '', item.reason);
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

  private fill(picker: vscode.QuickPick<ModelPickItem>, state: ModelState): void {
    if (state.kind !== 'ready') {
      const failure =
        state.kind === 'notReady'
          ? { message: state.readiness.message, actions: [state.readiness.missing === 'apiKey' ? 'setApiKey' : 'setBaseUrl'] as Action[] }
          : this.failures.record({ shown: vscode.l10n.t('Could not load the models'), logged: 'Could not load the models' }, state.error);
      picker.placeholder = failure.message;
      const fixes: ModelPickItem[] = failure.actions.map((action) => ({ label: labelOf(action), action }));
      // A model can still be named by its id while the list cannot be read.
      picker.items = state.kind === 'catalogFailed' ? [...fixes, useModelIdItem(picker.value)] : fixes;
      return;
    }
    const items = [...buildModelPickItems(state.list, { currentModelId: state.model, needs: state.needs }).map(toQuickPickItem), useModelIdItem(picker.value)];
    picker.items = items;
    const current = items.find((item) => item.modelId === state.model && !item.reason);
    if (current) picker.activeItems = [current];
    if (state.list.unlisted) {
      picker.placeholder = noModelListMessage(state.list.unlisted);
    } else if (state.usable.length === 0) {
      picker.placeholder = vscode.l10n.t('No text model is available to this workspace: ask your admin, or use another key.');
    }
  }
}

export function registerModelPicker(context: vscode.ExtensionContext, { settings, connection, failures, typedModels }: Services): ModelPicker {
  const picker = new ModelPicker(settings, connection, failures, typedModels);
  context.subscriptions.push(vscode.commands.registerCommand(Commands.selectModel, () => picker.show()));
  return picker;
}
