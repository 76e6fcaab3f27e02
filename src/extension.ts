import type * as vscode from 'vscode';
import { registerApiKeyCommands } from './vscode/apiKeyCommands';
import { registerBaseUrlCommand } from './vscode/baseUrlCommand';
import { registerChat } from './vscode/chat/registerChat';
import { registerCommitMessage } from './vscode/commit/commitMessageWriter';
import { registerDiagnosticsCommands } from './vscode/diagnosticsCommands';
import { followDisplayLanguage } from './vscode/displayLanguage';
import { seedEmulatorKey } from './vscode/emulatorKeySeed';
import { registerImageCommands } from './vscode/images/imageCommands';
import { offerCurrentAddressOnce } from './vscode/legacyAddress';
import { registerLanguageModelProvider } from './vscode/lm/languageModelProvider';
import { registerManageApiKeys } from './vscode/manageApiKeys';
import { registerModelPicker } from './vscode/modelPicker';
import { registerProblemActions } from './vscode/fix/problemActions';
import { offerOnboarding } from './vscode/onboarding';
import { registerRefactor } from './vscode/refactor/refactorController';
import { createServices } from './vscode/services';
import { registerStatusBar } from './vscode/statusBar';
import { registerTestHandle, stateEntries } from './vscode/testHandle';
import { registerUsage } from './vscode/usage/usagePanel';

// No network work here: activation must stay fast. The catalog is read after activation
// (status bar) or when a feature needs it. Returns nothing: no other extension may reach the
// key, a client, the log or the state (the suite's handle: src/vscode/testHandle.ts).
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
    statusBar: { view: () => statusBar.current(), refresh: () => statusBar.refresh(), accessibility: () => statusBar.accessibility() },
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
