import type * as vscode from 'vscode';
import { registerApiKeyCommands } from './vscode/apiKeyCommands';
import { ApiKeyStore } from './vscode/apiKeyStore';
import { registerBaseUrlCommand } from './vscode/baseUrlCommand';
import { Connection } from './vscode/connection';
import { registerDiagnosticsCommands } from './vscode/diagnosticsCommands';
import { seedEmulatorKey } from './vscode/emulatorKeySeed';
import { FailureReporter } from './vscode/failureReporter';
import { offerCurrentAddressOnce } from './vscode/legacyAddress';
import { createShellLog } from './vscode/logChannel';
import { ModelPicker, registerModelPicker } from './vscode/modelPicker';
import { offerOnboarding } from './vscode/onboarding';
import { ProposalDocuments } from './vscode/refactor/proposalDocuments';
import { RefactorController, registerRefactor } from './vscode/refactor/refactorController';
import { SettingsWatcher } from './vscode/settings';
import { SpendMeter } from './vscode/spendMeter';
import { registerChat } from './vscode/chat/registerChat';
import { SerialMemento } from './core/storage/serialMemento';
import { registerLanguageModelProvider } from './vscode/lm/languageModelProvider';
import { ModelStatusBar } from './vscode/statusBar';
import { ImageCommands } from './vscode/images/imageCommands';
import { ImageRunner } from './vscode/images/imageRunner';
import { exposeTestHandle, stateEntries } from './vscode/testHandle';

// No network work here: activation must stay fast. The catalog is read after activation
// (status bar) or when a feature needs it. Returns nothing: no other extension may reach the
// key, a client, the log or the state (the suite's handle: src/vscode/testHandle.ts).
export function activate(context: vscode.ExtensionContext): void {
  const log = createShellLog();
  const { logger } = log;
  const keys = new ApiKeyStore(context.secrets);
  const settings = new SettingsWatcher(logger);
  const spend = new SpendMeter();
  const connection = new Connection(settings, keys, logger, spend);
  const failures = new FailureReporter(logger, (error) => connection.noteFailure(error));
  const modelPicker = new ModelPicker(settings, connection, failures);
  const statusBar = new ModelStatusBar(settings, connection, spend, failures);
  // Every write to globalState goes through this one, one at a time (serialMemento.ts says why).
  const globalState = new SerialMemento(context.globalState);
  const images = new ImageRunner(connection, settings, globalState);
  const deps = { keys, settings, connection, failures, logger, images };
  const chat = registerChat(context, { ...deps, state: globalState, windowState: new SerialMemento(context.workspaceState) });
  const proposals = new ProposalDocuments();
  const refactor = new RefactorController({ connect: () => connection.forModel(), proposals, failures });

  context.subscriptions.push(
    log,
    keys,
    settings,
    spend,
    connection,
    statusBar,
    ...registerDiagnosticsCommands(log.channel, failures),
    ...registerApiKeyCommands(deps),
    registerBaseUrlCommand(settings, logger),
    registerModelPicker(modelPicker),
    proposals,
    refactor,
    ...registerRefactor(refactor),
    ...chat.disposables,
    ...registerLanguageModelProvider(connection, failures),
    ...new ImageCommands(images, failures, logger).register(),
  );

  // The demo's key is stored first, so onboarding does not ask for one.
  setTimeout(() => {
    void seedEmulatorKey(keys, logger).then(() => {
      settings.reportBaseUrlProblem();
      void statusBar.refresh();
      void offerOnboarding(connection);
      void offerCurrentAddressOnce(connection, globalState);
    });
  }, 0);

  context.subscriptions.push(
    ...exposeTestHandle(context, () => ({
      apiKeys: keys,
      settings,
      connection,
      spend,
      failures,
      modelPicker,
      refactor,
      statusBar: { view: () => statusBar.current(), refresh: () => statusBar.refresh() },
      lastDiagnostics: () => failures.lastDiagnostics(),
      logLines: () => log.recorder.all(),
      storedState: () => ({ global: stateEntries(context.globalState), workspace: stateEntries(context.workspaceState) }),
      chat: chat.api,
    })),
  );
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
