// One error class for every failure the client reports. Handling keys off `kind`, `status`
// and the public `code` (spec, Errors: never the message text); `userMessage` says what the
// person can do (errorAdvice.ts), and the raw service message stays in `serviceMessage` for operators.
import type { DiagnosticsRecord } from './diagnostics';
import { adviceFor } from './errorAdvice';
import type { ErrorKind } from './errorKind';
import type { NetworkFacts } from '../http/proxyChoice';
import type { RetryCase } from './retryPolicy';
import type { ContextReport } from './tooLongWording';

export interface ServiceErrorInit {
  kind: ErrorKind;
  clientRequestId: string;
  diagnostics: DiagnosticsRecord;
  status?: number;
  code?: string;
  requestId?: string;
  /** Where the request id was read (`header request-id`, `body request_id`, …). */
  requestIdSource?: string;
  retryAfterMs?: number;
  /** How the last attempt failed, for a network failure: never sent, or sent and the answer lost. */
  retryCase?: RetryCase;
  partialText?: string;
  /** The service's own message (key redacted), for the log only. */
  serviceMessage?: string;
  /** Response headers of the failed attempt, for operators. */
  headers?: Record<string, string>;
  /** The way the request went (its proxy, a refused certificate's authority), for the advice. */
  network?: NetworkFacts;
  /** A too-long refusal's numbers: the tokens sent and the model's context, where it said them. */
  context?: ContextReport;
  /** The gateway in front whose own configuration refused the request (kind `gateway`). */
  gateway?: string;
  /** Overrides the default advice (config errors carry their own fix). */
  userMessage?: string;
  /** The key's name as the advice says it, in the display language (diagnostics keep it in English). */
  shownKeyName?: string;
  cause?: unknown;
}

/**
 * A failed attempt, before it becomes a ServiceError (or a retry). `delivered`: output of the
 * attempt had reached the caller, so it is reported, never retried (Errors 3).
 */
export type Failure = Omit<ServiceErrorInit, 'clientRequestId' | 'diagnostics'> & { retryCase?: RetryCase; delivered?: boolean };

export class ServiceError extends Error {
  readonly kind: ErrorKind;
  readonly status?: number;
  readonly code?: string;
  readonly requestId?: string;
  readonly requestIdSource?: string;
  readonly clientRequestId: string;
  readonly retryAfterMs?: number;
  /** A generation sent, and its answer lost on the way: the service may have made it (Errors 2). */
  readonly answerLost: boolean;
  readonly partialText?: string;
  readonly serviceMessage?: string;
  readonly headers?: Record<string, string>;
  /** A too-long refusal's numbers, where the service said them: the next request fits the context it reported. */
  readonly context?: ContextReport;
  readonly gateway?: string;
  readonly userMessage: string;
  readonly diagnostics: DiagnosticsRecord;

  constructor(init: ServiceErrorInit) {
    super(describe(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ServiceError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.requestIdSource = init.requestIdSource;
    this.clientRequestId = init.clientRequestId;
    this.retryAfterMs = init.retryAfterMs;
    this.answerLost = answerLost(init);
    this.partialText = init.partialText;
    this.serviceMessage = init.serviceMessage;
    this.headers = init.headers;
    this.context = init.context;
    this.gateway = init.gateway;
    this.diagnostics = init.diagnostics;
    this.userMessage = init.userMessage ?? adviceFor(init, this.answerLost);
  }
}

function describe(init: ServiceErrorInit): string {
  const parts: string[] = [init.kind];
  if (init.status !== undefined) parts.push(String(init.status));
  if (init.code) parts.push(init.code);
  if (init.requestId) parts.push(`(request ${init.requestId})`);
  return init.serviceMessage ? `${parts.join(' ')}: ${init.serviceMessage}` : parts.join(' ');
}

/** Only a generation (a POST) is made and charged; a lost answer to a read is just a broken connection. */
function answerLost(init: ServiceErrorInit): boolean {
  return (init.kind === 'network' || init.kind === 'timeout') && init.retryCase === 'ambiguous' && init.diagnostics.method === 'POST';
}
