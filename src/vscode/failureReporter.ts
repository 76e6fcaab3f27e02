// Shows a failed request as what to do (buttons that run the fix) and keeps its redacted
// diagnostics record for "Copy Diagnostics". The raw service body is never shown.
import * as vscode from 'vscode';
import { ERROR_ACTION_LABELS, actionsFor, failureMessage, type ErrorAction } from '../core/shell/errorActions';
import { CONFIG_SECTION, Commands } from '../core/shell/ids';
import type { DiagnosticsRecord } from '../core/client/diagnostics';
import type { ClientLogger } from '../core/client/serviceClient';
import { ServiceError } from '../core/client/serviceError';
import { redactKeys } from '../core/client/redactKeys';

export function runErrorAction(action: ErrorAction): Thenable<unknown> {
  switch (action) {
    case 'setApiKey':
      return vscode.commands.executeCommand(Commands.setApiKey);
    case 'selectModel':
      return vscode.commands.executeCommand(Commands.selectModel);
    case 'openSettings':
      return vscode.commands.executeCommand('workbench.action.openSettings', CONFIG_SECTION);
    case 'showLog':
      return vscode.commands.executeCommand(Commands.showLog);
  }
}

export interface Failure {
  /** "<what failed>: <what to do>", safe to show. */
  message: string;
  actions: ErrorAction[];
}

export class FailureReporter {
  private last?: DiagnosticsRecord;

  constructor(private readonly logger: ClientLogger) {}

  lastDiagnostics(): DiagnosticsRecord | undefined {
    return this.last;
  }

  /**
   * Logs the failure and keeps its diagnostics. `what` names the failed step ("Could not
   * load the models"); `note` is said after the advice ("Your current key is kept.").
   */
  record(what: string, error: unknown, note?: string): Failure {
    const tail = note ? ` ${note}` : '';
    if (error instanceof ServiceError) {
      this.last = error.diagnostics;
      this.logger.error(`${what}: kind=${error.kind} code=${error.code ?? '-'} request id=${error.requestId ?? '-'}`);
      return { message: redactKeys(failureMessage(what, error) + tail), actions: actionsFor(error.kind) };
    }
    this.logger.error(`${what}: ${redactKeys(error instanceof Error ? error.message : String(error))}`);
    return { message: `${what}: an unexpected error occurred. The log has the details.${tail}`, actions: ['showLog'] };
  }

  /** Records the failure and shows it with a button per action; returns the message shown. */
  report(what: string, error: unknown, note?: string): string {
    const failure = this.record(what, error, note);
    void vscode.window
      .showErrorMessage(failure.message, ...failure.actions.map((a) => ERROR_ACTION_LABELS[a]))
      .then((label) => {
        const action = failure.actions.find((a) => ERROR_ACTION_LABELS[a] === label);
        if (action) void runErrorAction(action);
      });
    return failure.message;
  }
}
