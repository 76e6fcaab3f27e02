// The extension-host suite's window into the running extension. It exists only in a host the
// test harness started (src/platform/startup/harnessToken.ts decides), and only for a caller that
// presents the harness token: activate() itself returns nothing to any extension.
import * as vscode from 'vscode';
import { type DiagnosticsRecord } from './platform/client/errors/diagnostics';
import { harnessToken, processStartEnv, tokenMatches } from './platform/startup/harnessToken';
import { type RecordedLine } from './platform/client/attempt/logRecorder';
import { type StatusBarView } from './models/index';
import type { ApiKeyStore } from './platform/keys/vscode/apiKeyStore';
import type { ChatApi } from './chat/index';
import type { CommitMessageWriter } from './commit/index';
import type { Connection } from './platform/services/vscode/connection';
import type { FailureReporter } from './platform/services/vscode/failureReporter';
import type { ModelPicker } from './models/index';
import type { RefactorController } from './refactor/index';
import type { SettingsWatcher } from './platform/settings/vscode/settings';
import type { SpendMeter } from './platform/services/vscode/spendMeter';
import type { UsagePanel } from './usage/index';
import type { UsageRecorder } from './platform/usage/vscode/usageRecorder';

/** Not contributed in package.json: registered only in a harness-started host. */
export const TEST_HANDLE_COMMAND = 'multiModelAI.testHandle';

export interface TestHandle {
  apiKeys: ApiKeyStore;
  settings: SettingsWatcher;
  connection: Connection;
  /** What answers cost since VS Code started. */
  spend: SpendMeter;
  /** The usage record and the Show Usage page. */
  usage: { recorder: UsageRecorder; panel: UsagePanel };
  failures: FailureReporter;
  modelPicker: ModelPicker;
  /** Refactor Selection: its open proposal, and accept / reject / cancel without the UI. */
  refactor: RefactorController;
  /** The status bar item: what it shows, and what it says to a screen reader. */
  statusBar: { view(): StatusBarView; refresh(): Promise<StatusBarView>; accessibility(): vscode.AccessibilityInformation | undefined };
  lastDiagnostics(): DiagnosticsRecord | undefined;
  /** Every line written to the "Multi-Model AI" log since activation (the most recent 2000). */
  logLines(): readonly RecordedLine[];
  /** Everything the extension keeps in globalState and workspaceState. */
  storedState(): { global: [string, unknown][]; workspace: [string, unknown][] };
  chat: ChatApi;
  /** Generate Commit Message: cancel the message being written without the notification. */
  commitMessage: CommitMessageWriter;
}

/** Registers the command that hands the suite its handle, when the harness started this host. */
export function registerTestHandle(context: vscode.ExtensionContext, handle: () => TestHandle): void {
  const token = harnessToken({
    env: process.env,
    startEnv: processStartEnv,
    testMode: context.extensionMode === vscode.ExtensionMode.Test,
  });
  if (token === undefined) return;
  context.subscriptions.push(vscode.commands.registerCommand(TEST_HANDLE_COMMAND, (offered: unknown) => (tokenMatches(offered, token) ? handle() : undefined)));
}

export function stateEntries(memento: vscode.Memento): [string, unknown][] {
  return memento.keys().map((key) => [key, memento.get(key)]);
}
