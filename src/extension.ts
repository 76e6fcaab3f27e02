import type * as vscode from 'vscode';
import { registerApiKeyCommands } from './keys/vscode/apiKeyCommands';
import { registerBaseUrlCommand } from './platform/settings/vscode/baseUrlCommand';
import { registerChat } from './chat/vscode/registerChat';
import { registerCommitMessage } from './commit/vscode/commitMessageWriter';
import { registerDiagnosticsCommands } from './platform/services/vscode/diagnosticsCommands';
import { followDisplayLanguage } from './platform/format/vscode/displayLanguage';
import { seedEmulatorKey } from './keys/vscode/emulatorKeySeed';
import { registerImageCommands } from './images/vscode/imageCommands';
import { offerCurrentAddressOnce } from './platform/settings/vscode/legacyAddress';
import { registerLanguageModelProvider } from './lm/vscode/languageModelProvider';
import { registerManageApiKeys } from './keys/vscode/manageApiKeys';
import { registerModelPicker } from './models/vscode/modelPicker';
import { registerProblemActions } from './fix/vscode/problemActions';
import { offerOnboarding } from './onboarding/vscode/onboarding';
import { registerRefactor } from './refactor/vscode/refactorController';
import { createServices } from './platform/services/vscode/services';
import { registerStatusBar } from './models/vscode/statusBar';
import { registerTestHandle, stateEntries } from './platform/services/vscode/testHandle';
import { registerUsage } from './usage/vscode/usagePanel';

// No network work here: activation must stay fast. The catalog is read after activation
// (status bar) or when a feature needs it. Returns nothing: no other extension may reach the
// key, a client, the log or the state (the suite's handle: src/platform/services/vscode/testHandle.ts).
// Every register*() pushes its disposables onto context.subscriptions.
export function activate(context: vscode.ExtensionContext): void {
  followDisplayLanguage(context.extension);
  const services = createServices(context);
  const statusBar = registerStatusBar(context, services);
  registerDiagnosticsCommands(context, services);
  registerApiKeyCommands(context, services);
  registerManageApiKeys(context, services);
  registerBaseUrlCommand(context, services);
  const modelPicker = registerModelPicker(context, services);
  const refactor = registerRefactor(context, services);
  const chat = registerChat(context, services);
  registerProblemActions(context, refactor, chat.host);
  const commitMessage = registerCommitMessage(context, services);
  registerLanguageModelProvider(context, services);
  registerImageCommands(context, services);
  const usagePanel = registerUsage(context, services);

  const { keys, settings, connection, spend, usage, failures, log, logger, globalState } = services;
  // The demo's key is stored first, so onboarding does not ask for one.
  setTimeout(() => {
    void seedEmulatorKey(keys, logger).then(() => {
      settings.reportBaseUrlProblem();
      void statusBar.refresh();
      void offerOnboarding(connection);
      void offerCurrentAddressOnce(connection, globalState);
    });
  }, 0);

  registerTestHandle(context, () => ({
    apiKeys: keys,
    settings,
    connection,
    spend,
    usage: { recorder: usage, panel: usagePanel },
    failures,
    modelPicker,
    refactor,
    statusBar: { view: () => statusBar.current(), refresh: () => statusBar.refresh() },
    lastDiagnostics: () => failures.lastDiagnostics(),
    logLines: () => log.recorder.all(),
    storedState: () => ({ global: stateEntries(context.globalState), workspace: stateEntries(context.workspaceState) }),
    chat,
    commitMessage,
  }));
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
