// The attempts of one logical request: each sent with the client's key and headers and timed;
// a failed one retried only where RetryBudget allows (spec, Errors 2), each logged in one line,
// and the last failure made into one ServiceError with diagnostics.
import { EventEmitter } from 'node:events';
import { request, type FormData } from 'undici';
import { presentedIssuer } from '../http/certificateIssuer';
import { localIsoTime, type DiagnosticsRecord } from '../errors/diagnostics';
import type { Route, Routes } from '../http/dispatcher';
import { routeLine } from '../http/proxyChoice';
import { failureFromResponse, stoppedFailure, thrownFailure, type FailureSettings, type StopReason } from '../errors/failures';
import { type Failure, ServiceError } from '../errors/serviceError';
import type { Response } from '../http/httpResponse';
import { RetryBudget } from '../errors/retryPolicy';
import type { ErrorKind } from '../errors/errorKind';
import type { UnfinishedGenerations } from './unfinishedGenerations';

export interface ClientLogger {
  /** What a person reads only when looking into a problem (VS Code shows it at the Debug log level). */
  debug(line: string): void;
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

export interface RetryWait {
  kind: ErrorKind;
  delayMs: number;
  /** The attempt about to be made (2 for the first retry). */
  attempt: number;
}

/** What the attempts read of their client: its settings, fixed when it is made. */
export interface ClientSettings extends FailureSettings {
  /** The key as logs and diagnostics show it. */
  readonly keyPrefix: string;
  /** The key's name, when it has one: in English, as the log and diagnostics say it. */
  readonly keyName: string | undefined;
  /** The key's name as the advice says it, in the display language. */
  readonly shownKeyName: string | undefined;
  readonly maxRetries: number;
  /** Extra headers on every request that carries the key; never logged. */
  readonly headers: Record<string, string>;
  readonly logger: ClientLogger | undefined;
  readonly unfinished: UnfinishedGenerations;
  /** The connection of every request: direct or through the proxy, with the trusted authorities. */
  readonly routes: Routes;
}

export interface Call {
  method: 'GET' | 'POST';
  url: string;
  /** Path for logs and diagnostics, e.g. /v1/chat/completions. */
  endpoint: string;
  model?: string;
  /** JSON text, or the parts of a multipart upload (an image edit). */
  body?: string | FormData;
  stream: boolean;
  /** A download from an address the service gave: no key, no extra headers. */
  anonymous?: boolean;
  clientRequestId: string;
  /** A generation's request, byte for byte: the same one sent again keeps an unfinished one's id. */
  fingerprint?: string;
  /** It carries the id of an unfinished generation, still undelivered until this call succeeds. */
  repeated?: boolean;
  signal?: AbortSignal;
  /** Told before each automatic retry. */
  onRetry?(wait: RetryWait): void;
  /** A request whose refusal is the expected answer (a check): its failure is logged as information. */
  probe?: boolean;
}

/**
 * Stops one attempt's request: the EventEmitter form of a signal, which undici's `request`
 * accepts beside AbortSignal. An AbortController and its listener cost about 10 µs, several
 * times that on a cold path, and they sat on the way to every reply's first word.
 */
class AttemptSignal extends EventEmitter {
  aborted = false;
  reason: Error | undefined;

  abort(reason: Error): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }
}

export interface Attempt {
  number: number;
  startedAt: number;
  signal: AttemptSignal;
  stopped?: StopReason;
  stop(reason: StopReason): void;
  /** Starts the attempt's timer and listens for the caller's abort. */
  arm(): void;
  clearTimeout(): void;
  end(): void;
}

/** Reads a successful response into what the caller gets; returns the failure when reading it fails. */
export type Reader<T> = (response: Response, attempt: Attempt) => AsyncGenerator<T, Failure | undefined, undefined>;

/**
 * One logical request: attempts until one succeeds, fails in a way that is not retried, or
 * fails after its output reached the caller (spec, Errors 3: that break is reported, never
 * replaced by a new answer).
 */
export async function* runAttempts<T>(settings: ClientSettings, call: Call, read: Reader<T>): AsyncGenerator<T, void, undefined> {
  const budget = new RetryBudget(settings.maxRetries, call.method === 'GET');
  for (let retry = 0; ; retry++) {
    const attempt = startAttempt(call, retry + 1, settings.timeoutMs);
    let failure: Failure | undefined;
    try {
      const sent = send(settings, call, attempt);
      // Armed once the request is on its way: nothing can fire in between, and the first word waits for less.
      attempt.arm();
      const response = await sent;
      // Delegated, not re-yielded: one hop less for every event. A caller that stops reading
      // early closes the reader too (or its idle watchdog would tick on for ever).
      // A redirect is a failure too, but for a download (no key goes with it).
      // A download names no model of its own: its 404 is the address's.
      const failed = response.statusCode >= (call.anonymous ? 400 : 300);
      failure = failed ? await failureFromResponse(response, settings.apiKey, call.anonymous ? undefined : call.model) : yield* read(response, attempt);
    } catch (error) {
      failure = await thrownAttemptFailure(settings, call, attempt, error);
    } finally {
      attempt.end();
    }
    if (failure === undefined) return;
    if (failure.delivered) throw fail(settings, call, attempt, failure);
    await retryOrThrow(settings, call, attempt, failure, budget);
  }
}

async function thrownAttemptFailure(settings: ClientSettings, call: Call, attempt: Attempt, error: unknown): Promise<Failure> {
  const route = routeOf(settings, call);
  const failure = thrownFailure(error, attempt.stopped, settings.timeoutMs, route && { route, address: call.url });
  if (failure.kind !== 'certificate' || !route) return failure;
  const issuer = await presentedIssuer(call.url, route, settings.routes.settings, { ofProxy: failure.network?.proxyCertificate, stop: call.signal });
  return issuer === undefined ? failure : { ...failure, network: { ...failure.network, issuer } };
}

/** The route of a call to an http(s) address; none for a call refused before it had one. */
function routeOf(settings: ClientSettings, call: Call): Route | undefined {
  return call.url.startsWith('http') ? settings.routes.for(call.url) : undefined;
}

function startAttempt(call: Call, number: number, timeoutMs: number): Attempt {
  const signal = new AttemptSignal();
  let timer: NodeJS.Timeout | undefined;
  const onAbort = () => attempt.stop('aborted');
  const attempt: Attempt = {
    number,
    startedAt: performance.now(),
    signal,
    stop(reason) {
      if (attempt.stopped) return;
      attempt.stopped = reason;
      signal.abort(new Error(`request stopped: ${reason}`));
    },
    arm: () => {
      call.signal?.addEventListener('abort', onAbort, { once: true });
      if (call.signal?.aborted) attempt.stop('aborted');
      timer = setTimeout(() => attempt.stop('timeout'), timeoutMs);
    },
    clearTimeout: () => clearTimeout(timer),
    end() {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', onAbort);
      // Releases the connection of an attempt that ended early (consumer stopped, failure).
      signal.abort(new Error('request finished'));
    },
  };
  return attempt;
}

function send(settings: ClientSettings, call: Call, attempt: Attempt): Promise<Response> {
  const headers: Record<string, string> = call.anonymous
    ? {}
    : {
        ...settings.headers,
        authorization: `Bearer ${settings.apiKey}`,
        accept: call.stream ? 'text/event-stream' : 'application/json',
        'x-client-request-id': call.clientRequestId,
      };
  // A multipart body sets its own content type, with its boundary.
  if (typeof call.body === 'string') headers['content-type'] = 'application/json';
  return request(call.url, {
    method: call.method,
    headers,
    body: call.body,
    signal: attempt.signal,
    dispatcher: settings.routes.for(call.url).dispatcher,
    // Our own timers (timeoutMs, idleTimeoutMs) govern; undici's would cut long streams.
    headersTimeout: 0,
    bodyTimeout: 0,
  });
}

async function retryOrThrow(settings: ClientSettings, call: Call, attempt: Attempt, failure: Failure, budget: RetryBudget): Promise<void> {
  // Stopped while the failure was read (its body read gave up quietly): nothing more is waited for or sent.
  if (call.signal?.aborted) throw fail(settings, call, attempt, stoppedFailure(failure));
  const delay = failure.kind === 'aborted' ? undefined : budget.next(failure);
  if (delay === undefined) throw fail(settings, call, attempt, failure);
  logCall(settings, 'warn', call, attempt, { ...failure, note: `retrying in ${Math.round(delay)} ms (${failure.retryCase})` });
  call.onRetry?.({ kind: failure.kind, delayMs: delay, attempt: attempt.number + 1 });
  await sleep(settings, delay, call, attempt, failure);
}

function sleep(settings: ClientSettings, ms: number, call: Call, attempt: Attempt, failure: Failure): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(fail(settings, call, attempt, stoppedFailure(failure)));
    };
    const timer = setTimeout(() => {
      call.signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    call.signal?.addEventListener('abort', onAbort, { once: true });
    // Stopped by the onRetry callback itself, before the listener was there.
    if (call.signal?.aborted) onAbort();
  });
}

/** Builds the final ServiceError and logs it. */
export function fail(settings: ClientSettings, call: Call, attempt: Attempt | undefined, failure: Failure): ServiceError {
  const diagnostics: DiagnosticsRecord = {
    time: localIsoTime(),
    method: call.method,
    endpoint: call.endpoint,
    model: call.model,
    status: failure.status,
    code: failure.code,
    requestId: failure.requestId,
    requestIdSource: failure.requestIdSource,
    clientRequestId: call.clientRequestId,
    keyPrefix: settings.keyPrefix,
    ...(settings.keyName !== undefined && { keyName: settings.keyName }),
    kind: failure.kind,
    attempts: attempt?.number ?? 0,
    proxy: routeLineOf(routeOf(settings, call)),
  };
  const error = new ServiceError({ ...failure, clientRequestId: call.clientRequestId, diagnostics, shownKeyName: settings.shownKeyName });
  // The service may have made this answer (or made it before and has not delivered it yet): the
  // same request sent again asks for it, not for another. Not an unreadable one: it would come again as it was.
  const undelivered = call.repeated || failure.retryCase === 'ambiguous' || failure.kind === 'stream_interrupted';
  if (call.fingerprint && undelivered && failure.kind !== 'bad_response') settings.unfinished.remember(call.fingerprint, call.clientRequestId);
  logCall(settings, failure.kind === 'aborted' || call.probe ? 'info' : 'error', call, attempt, failure);
  return error;
}

/** The route of a failed call as its diagnostics show it. */
function routeLineOf(route: Route | undefined): string | undefined {
  return route && routeLine(route.choice);
}

/** `proxy=host:port` for a request through a proxy: never its credentials. */
function proxyField(settings: ClientSettings, call: Call): string {
  const choice = routeOf(settings, call)?.choice;
  return choice?.kind === 'proxy' ? `proxy=${choice.proxy.host}` : '';
}

/** The one log line of an attempt (or of a call refused before any). */
export function logCall(
  settings: ClientSettings,
  level: keyof ClientLogger,
  call: Call,
  attempt: Attempt | undefined,
  outcome: { status?: number; code?: string; requestId?: string; requestIdSource?: string; kind?: string; serviceMessage?: string; note?: string },
): void {
  if (!settings.logger) return;
  const fields = [
    `${call.method} ${call.endpoint || '(no base URL)'}`,
    `model=${call.model ?? '-'}`,
    `status=${outcome.status ?? '-'}`,
    `code=${outcome.code ?? '-'}`,
    outcome.kind ? `kind=${outcome.kind}` : '',
    `request_id=${outcome.requestId ?? '-'}${outcome.requestIdSource ? ` (${outcome.requestIdSource})` : ''}`,
    `client_request_id=${call.clientRequestId}`,
    `attempt=${attempt?.number ?? 0}/${settings.maxRetries + 1}`,
    `duration=${attempt ? Math.round(performance.now() - attempt.startedAt) : 0}ms`,
    `time=${localIsoTime()}`,
    `key=${settings.keyPrefix}`,
    settings.keyName !== undefined ? `key_name=${JSON.stringify(settings.keyName)}` : '',
    proxyField(settings, call),
    outcome.note ?? '',
    outcome.serviceMessage ? `message=${JSON.stringify(outcome.serviceMessage)}` : '',
  ];
  settings.logger[level](fields.filter((f) => f !== '').join(' '));
}
