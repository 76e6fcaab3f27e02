// What activate() returns: the shell's services, for the chat features that build on them
// and for the extension-host tests that observe them (no test-only commands).
import type * as vscode from 'vscode';
import type { DiagnosticsRecord } from '../core/client/diagnostics';
import type { RecordedLine } from '../core/client/logRecorder';
import type { StatusBarView } from '../core/shell/statusBarModel';
import type { ApiKeyStore } from './apiKeyStore';
import type { Connection } from './connection';
import type { FailureReporter } from './failureReporter';
import type { ModelPicker } from './modelPicker';
import type { RefactorController } from './refactor/refactorController';
import type { SettingsWatcher } from './settings';

export interface ShellApi {
  apiKeys: ApiKeyStore;
  settings: SettingsWatcher;
  connection: Connection;
  failures: FailureReporter;
  modelPicker: ModelPicker;
  /** Refactor Selection: its open proposal, and accept / reject / cancel without the UI. */
  refactor: RefactorController;
  statusBar: { view(): StatusBarView; refresh(): Promise<StatusBarView> };
  lastDiagnostics(): DiagnosticsRecord | undefined;
  /** Every line written to the "Multi-Model AI" log since activation (the most recent 2000). */
  logLines(): readonly RecordedLine[];
  /** Everything the extension keeps in globalState and workspaceState. */
  storedState(): { global: [string, unknown][]; workspace: [string, unknown][] };
}

export function stateEntries(memento: vscode.Memento): [string, unknown][] {
  return memento.keys().map((key) => [key, memento.get(key)]);
}
