// Shows a failed request as what to do (buttons that run the fix) and keeps its redacted
// diagnostics record for "Copy Diagnostics". The raw service body is never shown.
import * as vscode from 'vscode';
import { type Action, actionsFor, failureMessage } from '../../actions/actions';
import { type ClientLogger } from '../../client/attempt/attempt';
import { type DiagnosticsRecord } from '../../client/errors/diagnostics';
import { maskEveryKey } from '../../client/http/keyMasking';
import { ServiceError } from '../../client/errors/serviceError';
import { offerActions, type LocalHandlers } from '../../actions/vscode/actionRunner';

/** A failed step ("Could not load the models"): its words in the display language, and its English for the log. */
export interface FailedStep {
  shown: string;
  logged: string;
}

export interface Failure {
  /** "<what failed>: <what to do>", safe to show. */
  message: string;
  actions: Action[];
}

export class FailureReporter {
  private last?: DiagnosticsRecord;

  /** `onServiceError` hears of every failed request recorded (the connection reads a stale catalog again). */
  constructor(
    private readonly logger: ClientLogger,
    private readonly onServiceError: (error: ServiceError) => void = () => undefined,
  ) {}

  lastDiagnostics(): DiagnosticsRecord | undefined {
    return this.last;
  }

  /**
   * Logs the failure and keeps its diagnostics. `step` names the failed step ("Could not
   * load the models"; a plain string is shown and logged alike); `note` is said after the advice ("Your current key is kept.").
   */
  record(step: string | FailedStep, error: unknown, note?: string): Failure {
    const { shown: what, logged } = typeof step === 'string' ? { shown: step, logged: step } : step;
    const tail = note ? ` ${note}` : '';
    if (error instanceof ServiceError) {
      this.last = error.diagnostics;
      this.onServiceError(error);
      this.logger.error(`${logged}: kind=${error.kind} code=${error.code ?? '-'} request id=${error.requestId ?? '-'}`);
      return { message: maskEveryKey(failureMessage(what, error) + tail), actions: actionsFor(error.kind, error.answerLost) };
    }
    this.logger.error(`${logged}: ${loggedReason(error)}`);
    return { message: vscode.l10n.t('{0}: an unexpected error occurred. The log has the details.', what) + tail, actions: ['showLog'] };
  }

  /** Records the failure and shows it with its actions (Retry and Discard where `handlers` say what they do); returns the message. */
  report(step: string | FailedStep, error: unknown, note?: string, handlers?: LocalHandlers): string {
    const failure = this.record(step, error, note);
    void offerActions('error', failure.message, failure.actions, handlers);
    return failure.message;
  }
}

/**
 * What the log says of a failure that is not the service's. An error whose message is shown in
 * the display language (SetupError, ImageInputError, a refused tool call) carries its English as
 * `logged`, which the log gets; any other error's own text is English.
 */
export function loggedReason(error: unknown): string {
  const logged = (error as { logged?: unknown } | null | undefined)?.logged;
  return maskEveryKey(typeof logged === 'string' ? logged : error instanceof Error ? error.message : String(error));
}
