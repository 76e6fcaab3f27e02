// "Set Service Address": the base URL typed into a box that applies the core client's
// rules as you type, then saved to user settings (never workspace settings: a folder
// must not be able to send your key elsewhere).
import * as vscode from 'vscode';
import { type ClientLogger } from '../../platform/client/attempt/attempt';
import { Commands, Settings } from '../../platform/manifest/ids';
import { commandTitle } from '../../platform/manifest/commandTitles';
import { validateBaseUrl } from '../../platform/client/http/baseUrl';
import type { CommandOutcome } from './apiKeyCommands';
import type { Services } from '../../platform/services/vscode/services';
import type { SettingsWatcher } from '../../platform/settings/vscode/settings';

export function registerBaseUrlCommand(context: vscode.ExtensionContext, { settings, logger }: Services): void {
  context.subscriptions.push(vscode.commands.registerCommand(Commands.setBaseUrl, (url?: unknown) => setBaseUrl(settings, logger, url)));
}

async function setBaseUrl(settings: SettingsWatcher, logger: ClientLogger, url: unknown): Promise<CommandOutcome> {
  const raw =
    typeof url === 'string'
      ? url
      : await vscode.window.showInputBox({
          title: commandTitle(Commands.setBaseUrl),
          prompt: vscode.l10n.t('The API base URL of the service, ending with /v1 (for example https://api.example.com/v1).'),
          value: settings.current().baseUrl ?? '',
          ignoreFocusOut: true,
          validateInput: (value) => {
            const checked = validateBaseUrl(value.trim());
            return checked.ok ? undefined : checked.message;
          },
        });
  if (raw === undefined) return { ok: false, message: vscode.l10n.t('No address entered.') };
  const checked = validateBaseUrl(raw.trim());
  if (!checked.ok) {
    void vscode.window.showWarningMessage(checked.message);
    return { ok: false, message: checked.message };
  }
  await settings.update(Settings.baseUrl, checked.baseUrl);
  logger.info(`Settings: ${Settings.baseUrl} set to ${checked.baseUrl}`);
  return { ok: true, message: vscode.l10n.t('Service address set to {0}.', checked.baseUrl) };
}
