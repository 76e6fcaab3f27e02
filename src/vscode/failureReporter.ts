// Shows a failed request as what to do (buttons that run the fix) and keeps its redacted
// diagnostics record for "Copy Diagnostics". The raw service body is never shown.
import { type Action, actionsFor, type ClientLogger, type DiagnosticsRecord, failureMessage, maskEveryKey, ServiceError } from '../core/index';
import { offerActions, type LocalHandlers } from './actions';

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
   * Logs the failure and keeps its diagnostics. `what` names the failed step ("Could not
   * load the models"); `note` is said after the advice ("Your current key is kept.").
   */
  record(what: string, error: unknown, note?: string): Failure {
    const tail = note ? ` ${note}` : '';
    if (error instanceof ServiceError) {
      this.last = error.diagnostics;
      this.onServiceError(error);
      this.logger.error(`${what}: kind=${error.kind} code=${error.code ?? '-'} request id=${error.requestId ?? '-'}`);
      return { message: maskEveryKey(failureMessage(what, error) + tail), actions: actionsFor(error.kind, error.answerLost) };
    }
    this.logger.error(`${what}: ${maskEveryKey(error instanceof Error ? error.message : String(error))}`);
    return { message: `${what}: an unexpected error occurred. The log has the details.${tail}`, actions: ['showLog'] };
  }

  /** Records the failure and shows it with its actions (Retry and Discard where `handlers` say what they do); returns the message. */
  report(what: string, error: unknown, note?: string, handlers?: LocalHandlers): string {
    const failure = this.record(what, error, note);
    void offerActions('error', failure.message, failure.actions, handlers);
    return failure.message;
  }
}
