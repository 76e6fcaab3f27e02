import * as vscode from 'vscode';
import { Commands, LOG_CHANNEL_NAME } from './core/ids';

export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel(LOG_CHANNEL_NAME, { log: true });
  context.subscriptions.push(
    log,
    vscode.commands.registerCommand(Commands.showLog, () => log.show(true)),
  );
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
