// Show Log and Copy Diagnostics: the last failure's redacted record, ready to paste into
// a support message (spec, Authentication 8: code, status, endpoint, model, time, masked prefix).
import * as vscode from 'vscode';
import { Commands, EXTENSION_ID } from '../../manifest/ids';
import { formatDiagnostics } from '../../client/errors/diagnostics';
import { maskEveryKey } from '../../client/http/keyMasking';
import type { Services } from './services';

export function registerDiagnosticsCommands(context: vscode.ExtensionContext, { log: { channel }, failures }: Services): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(Commands.showLog, () => channel.show(true)),
    vscode.commands.registerCommand(Commands.copyDiagnostics, async (): Promise<string | undefined> => {
      const record = failures.lastDiagnostics();
      if (!record) {
        void vscode.window.showInformationMessage(vscode.l10n.t('No request has failed yet: there are no diagnostics to copy.'));
        return undefined;
      }
      const extension = vscode.extensions.getExtension(EXTENSION_ID);
      const text = maskEveryKey(
        [`Multi-Model AI ${String(extension?.packageJSON.version ?? '')} in ${vscode.env.appName} ${vscode.version}`, formatDiagnostics(record)].join('\n'),
      );
      await vscode.env.clipboard.writeText(text);
      void vscode.window.showInformationMessage(vscode.l10n.t('Diagnostics of the last failure copied: paste them into your support message.'));
      return text;
    }),
  );
}
