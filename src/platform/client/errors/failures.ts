// A failed attempt, classified before it becomes a ServiceError or a retry: an HTTP error answer
// by its structured signals (errorKind.ts), a redirect as a setting to fix, a thrown error by who stopped
// the attempt, a stream's fault by whether output had reached the caller (spec, Errors 2 and 3).
// Everything here came from the server, which may echo the key back: masked, or dropped.
import * as l10n from '@vscode/l10n';
import { StreamFault } from '../streaming/eventStream';
import { readErrorAnswer } from './errorAnswer';
import { flatHeaders, headerValue, type Response } from '../http/httpResponse';
import { keyFreeToken, maskEveryKey, maskKeyIn } from '../http/keyMasking';
import { parseRetryAfter } from './retryPolicy';
import type { Route } from '../http/dispatcher';
import { kindOf, type ErrorKind, kindForEvent } from './errorKind';
import { routeFailure, UNSENT_CODES } from './networkFailure';
import type { Failure } from './serviceError';
import { tooLongReport } from './tooLongWording';

/** Why the client itself stopped an attempt. */
export type StopReason = 'aborted' | 'timeout' | 'idle';

/** The client's settings a stream's failure is told with. */
export interface FailureSettings {
  readonly apiKey: string;
  readonly timeoutMs: number;
  readonly idleTimeoutMs: number;
}

/** Kinds whose advice still holds when the failure came after part of the answer. */
const KEEPS_ADVICE_AFTER_OUTPUT: ReadonlySet<ErrorKind> = new Set(['payment', 'auth', 'too_long', 'refused']);

/** An answer with an error status (or a redirect), by its structured signals, code and retry window; `model`: the request's. */
export async function failureFromResponse(response: Response, apiKey: string, model?: string): Promise<Failure> {
  const status = response.statusCode;
  if (status < 400) return redirectFailure(response, apiKey);
  const headers = flatHeaders(response.headers);
  let text = '';
  try {
    text = await response.body.text();
  } catch {
    // An unreadable error body still leaves the status and headers to go on.
  }
  const answer = readErrorAnswer(status, headers, text, apiKey, model !== undefined);
  const waits = status === 408 || status === 429 || status >= 500;
  const kind = kindOf(answer.signals);
  return {
    kind,
    ...(kind === 'too_long' && answer.context && { context: answer.context }),
    ...(kind === 'gateway' && { gateway: answer.gateway }),
    ...(waits && { retryCase: 'refused' as const }),
    status,
    code: answer.code,
    requestId: answer.requestId,
    requestIdSource: answer.requestIdSource,
    retryAfterMs: waits ? parseRetryAfter(response.headers) : undefined,
    serviceMessage: answer.serviceMessage,
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, maskKeyIn(value, apiKey)])),
  };
}

/**
 * A failure thrown while sending or reading: who stopped the attempt decides its kind, then the
 * way the request went (`route`: its proxy, its certificate), then the error's code.
 */
export function thrownFailure(error: unknown, stopped: StopReason | undefined, timeoutMs: number, route?: { route: Route; address: string }): Failure {
  if (stopped === 'aborted') return { kind: 'aborted', cause: error };
  if (stopped === 'timeout') return { kind: 'timeout', retryCase: 'ambiguous', serviceMessage: `no answer within ${timeoutMs} ms`, cause: error };
  const code = errorCodeOf(error);
  const routed = route && routeFailure(error, code, route.route, route.address, describeError(error));
  if (routed) return routed;
  return {
    kind: 'network',
    retryCase: code !== undefined && UNSENT_CODES.has(code) ? 'unsent' : 'ambiguous',
    serviceMessage: describeError(error),
    cause: error,
  };
}

/** A streamed reply that failed; `hadOutput`: part of it had reached the caller. */
export function streamFailure(error: unknown, stopped: StopReason | undefined, hadOutput: boolean, settings: FailureSettings): Failure {
  if (error instanceof StreamFault) {
    if (error.reason === 'malformed') return { kind: 'bad_response', serviceMessage: error.serviceMessage, cause: error };
    if (error.reason === 'error_event') {
      const serviceMessage = error.serviceMessage ? maskKeyIn(error.serviceMessage, settings.apiKey) : 'the stream reported an error';
      const code = keyFreeToken(error.code, settings.apiKey);
      const context = tooLongReport(error.serviceMessage);
      const kind = kindForEvent(code, context !== undefined);
      // A balance, key or length problem keeps its own advice after output: sending again would fail the same way.
      return {
        kind: hadOutput && !KEEPS_ADVICE_AFTER_OUTPUT.has(kind) ? 'stream_interrupted' : kind,
        ...(kind === 'too_long' && context && { context }),
        code,
        serviceMessage,
        cause: error,
      };
    }
    const serviceMessage = 'the stream ended without [DONE] or a finish reason';
    return hadOutput ? { kind: 'stream_interrupted', serviceMessage } : { kind: 'network', retryCase: 'ambiguous', serviceMessage };
  }
  if (stopped === 'idle') {
    const serviceMessage = `the stream was silent for ${settings.idleTimeoutMs} ms`;
    return hadOutput ? { kind: 'stream_interrupted', serviceMessage, cause: error } : { kind: 'timeout', retryCase: 'ambiguous', serviceMessage, cause: error };
  }
  const failure = thrownFailure(error, stopped, settings.timeoutMs);
  if (!hadOutput) return failure;
  // Errors 3: a break after output is reported, never retried.
  const { retryCase: _, ...reported } = failure;
  return failure.kind === 'network' ? { ...reported, kind: 'stream_interrupted' } : reported;
}

/** The failure as the person's own Stop: nothing more is waited for or sent. */
export function stoppedFailure(failure: Failure): Failure {
  return { ...failure, kind: 'aborted', userMessage: undefined };
}

/**
 * The service address answered with a redirect, which a request carrying the key never follows
 * (the key would go wherever it points): the fix is the address, named without its query.
 */
function redirectFailure(response: Response, apiKey: string): Failure {
  const location = headerValue(response.headers, 'location');
  let target: string | undefined;
  try {
    const url = location === undefined ? undefined : new URL(location);
    if (url && (url.protocol === 'https:' || url.protocol === 'http:')) target = `${url.origin}${url.pathname}`;
  } catch {
    // A relative or broken Location: say only that it redirects.
  }
  response.body.dump().catch(() => undefined);
  return {
    kind: 'config',
    status: response.statusCode,
    serviceMessage: maskKeyIn(`redirected to ${target ?? '(no usable location)'}`, apiKey),
    userMessage: target
      ? l10n.t(
          'The service address answered with a redirect to {0}, which is not followed, so your key is not sent elsewhere: check the Multi-Model AI base URL setting (it must be the service API address itself, ending with /v1).',
          maskEveryKey(maskKeyIn(target, apiKey)),
        )
      : l10n.t(
          'The service address answered with a redirect, which is not followed, so your key is not sent elsewhere: check the Multi-Model AI base URL setting (it must be the service API address itself, ending with /v1).',
        ),
  };
}

/** The system or undici code of a failure, on the error or its cause. */
function errorCodeOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e !== null && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function describeError(error: unknown): string {
  const code = errorCodeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  return code === undefined ? message : `${code}: ${message}`;
}
