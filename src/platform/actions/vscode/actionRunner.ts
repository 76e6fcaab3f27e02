// Shows the actions of the one vocabulary (src/platform/actions/actions.ts) as buttons and runs the
// chosen one. The only place that maps a clicked label back to an action.
import * as vscode from 'vscode';
import { type Action, ACTION_LABELS, type FixAction, isLocalAction, type LocalAction } from '../actions';
import { Commands, CONFIG_SECTION, Settings } from '../../manifest/ids';

const FIX_COMMANDS: Record<FixAction, readonly [string, ...unknown[]]> = {
  setApiKey: [Commands.setApiKey],
  replaceKey: [Commands.manageApiKeys, 'replace'],
  useAnotherKey: [Commands.manageApiKeys, 'use'],
  manageApiKeys: [Commands.manageApiKeys],
  changeBudget: [Commands.manageApiKeys, 'budget'],
  setBaseUrl: [Commands.setBaseUrl],
  selectModel: [Commands.selectModel],
  openSettings: ['workbench.action.openSettings', CONFIG_SECTION],
  // The Settings editor filtered to the one setting.
  openMaxTokensSetting: ['workbench.action.openSettings', Settings.maxTokens],
  // VS Code's own proxy settings (http.proxy, http.noProxy, http.proxyAuthorization).
  openProxySettings: ['workbench.action.openSettings', 'http.proxy'],
  showLog: [Commands.showLog],
};

/** What the local actions do, where the caller offers them. */
export type LocalHandlers = Partial<Record<LocalAction, () => unknown>>;

/** The button's label: the one vocabulary's word for `action`. */
export function labelOf(action: Action): string {
  return ACTION_LABELS[action];
}

/** The fix as a command, for surfaces that take one (the status bar item). */
export function commandFor(action: FixAction): vscode.Command {
  const [command, ...args] = FIX_COMMANDS[action];
  return { title: labelOf(action), command, arguments: args };
}

export function runAction(action: Action, handlers: LocalHandlers = {}): Thenable<unknown> {
  if (isLocalAction(action)) return Promise.resolve(handlers[action]?.());
  const [command, ...args] = FIX_COMMANDS[action];
  return vscode.commands.executeCommand(command, ...args);
}

/** The actions that can run here: the local ones only where the caller says what they do. */
export function runnable(actions: readonly Action[], handlers: LocalHandlers = {}): Action[] {
  return actions.filter((a) => !isLocalAction(a) || handlers[a] !== undefined);
}

/**
 * Shows `message` with one button per runnable action and runs the one clicked. Resolves with
 * it (undefined when dismissed) once it has been started.
 */
export async function offerActions(
  severity: 'info' | 'warning' | 'error',
  message: string,
  actions: readonly Action[],
  handlers: LocalHandlers = {},
): Promise<Action | undefined> {
  const shown = runnable(actions, handlers);
  const show =
    severity === 'info' ? vscode.window.showInformationMessage : severity === 'warning' ? vscode.window.showWarningMessage : vscode.window.showErrorMessage;
  const label = await show(message, ...shown.map(labelOf));
  const chosen = shown.find((a) => labelOf(a) === label);
  if (chosen) void runAction(chosen, handlers);
  return chosen;
}
