import type * as vscode from 'vscode';
import { registerApiKeyCommands, registerBaseUrlCommand, seedEmulatorKey, offerCurrentAddressOnce, registerManageApiKeys } from './keys/index';
import { registerChat } from './chat/index';
import { registerCommitMessage } from './commit/index';
import { registerDiagnosticsCommands } from './platform/services/vscode/diagnosticsCommands';
import { followDisplayLanguage } from './platform/format/vscode/displayLanguage';
import { registerImageCommands } from './images/index';
import { registerLanguageModelProvider } from './lm/index';
import { registerModelPicker, registerStatusBar } from './models/index';
import { registerProblemActions } from './fix/index';
import { offerOnboarding } from './onboarding/index';
import { registerRefactor } from './refactor/index';
import { createServices } from './platform/services/vscode/services';
import { registerTestHandle, stateEntries } from './testHandle';
import { registerUsage } from './usage/index';

// No network work here: activation must stay fast. The catalog is read after activation
// (status bar) or when a feature needs it. Returns nothing: no other extension may reach the
// key, a client, the log or the state (the suite's handle: src/testHandle.ts).
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
  const images = registerImageCommands(context, services);
  const chat = registerChat(context, services, images);
  registerProblemActions(context, refactor, chat.host);
  const commitMessage = registerCommitMessage(context, services);
  registerLanguageModelProvider(context, services);
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
