// The extension's whole conversation with the service. Each logical request gets one client
// request id (kept across its retries, so a retried generation can be recognised), each attempt
// one log line, and every failure one ServiceError with diagnostics.
import { createHash, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Agent, FormData, request, type Dispatcher } from 'undici';
import type * as z from 'zod/mini';
import { validateBaseUrl } from './baseUrl';
import { redactKeys } from './redactKeys';
import { decodeEventStream, StreamFault, type StreamReader } from './eventStream';
import { localIsoTime, maskKey, publicToken, redactKey, type DiagnosticsRecord } from './diagnostics';
import { IdleWatchdog } from './idleWatchdog';
import { UnfinishedGenerations } from './unfinishedGenerations';

export { UnfinishedGenerations };
import { DEFAULT_MAX_RETRIES, parseRetryAfter, RetryBudget, type RetryCase } from './retryPolicy';
import {
  ChatCompletionSchema,
  ChatRequestSchema,
  ErrorBodySchema,
  ModelListSchema,
  type ChatCompletion,
  type ChatRequest,
  type ModelList,
  type Usage,
} from './schemas';
import { TextRequestSchema, type TextRequest, type ThinkingBlock, type ToolCall } from './textRequest';
import { ImageResultSchema, type ImageRequest } from './imageRequest';
import { checkImage, MAX_IMAGE_BYTES, type ImageType } from '../images/imageBytes';
import { safeParseInEnglish } from '../zodIssueText';
import { chatCompletions } from './transports/chatCompletions';
import type { ReplyPart, Transport } from './transports/transport';
import { kindFor, kindForCode, ServiceError, type ErrorKind, type ServiceErrorInit } from './serviceError';

export interface ClientLogger {
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

export interface ServiceClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Retries after the first attempt, for transient failures only. Default 2. */
  maxRetries?: number;
  /** Per attempt: until the response headers (streaming) or the whole body (otherwise). Default 60 s. */
  timeoutMs?: number;
  /** Longest silence allowed inside a stream. Default 30 s. */
  idleTimeoutMs?: number;
  /** Extra headers on every request (multiModelAI.requestHeaders); they never replace the client's own, and are never logged. */
  headers?: Record<string, string>;
  logger?: ClientLogger;
  /**
   * The generations left unfinished (Errors 2), to share with the next client of the same
   * address and key: one remade for new request settings must still know them. Default: its own.
   */
  unfinished?: UnfinishedGenerations;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Told before each automatic retry, so the person sees why nothing arrives yet (a countdown). */
  onRetry?(wait: RetryWait): void;
}

export interface RetryWait {
  kind: ErrorKind;
  delayMs: number;
  /** The attempt about to be made (2 for the first retry). */
  attempt: number;
}

export interface ChatOptions extends RequestOptions {
  /** False for a model whose supported_parameters lack `stream`: one whole answer, as the same events. */
  streaming?: boolean;
}

export interface ModelFilters {
  outputModalities?: string;
  supportedParameters?: string;
}

/** What a reply is made of, as it arrives, whichever interface carried it. */
export type ChatStreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool_call'; call: ToolCall }
  | { type: 'done'; finishReason: string | null; usage?: Usage; requestId?: string; reasoningBlocks?: ThinkingBlock[] };

/** Images as the service made them, checked to be images (spec, Errors 2: made and charged once). */
export interface GeneratedImages {
  images: { bytes: Uint8Array; type: ImageType }[];
  requestId?: string;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

// One pool for every client: keep-alive connections survive a settings change.
const sharedAgent = new Agent({ keepAliveTimeout: 10_000 });

interface Call {
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
  onRetry?: RequestOptions['onRetry'];
}

type StopReason = 'aborted' | 'timeout' | 'idle';

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

interface Attempt {
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

/**
 * A failed attempt, before it becomes a ServiceError (or a retry). `delivered`: output of the
 * attempt had reached the caller, so it is reported, never retried (Errors 3).
 */
type Failure = Omit<ServiceErrorInit, 'clientRequestId' | 'diagnostics'> & { retryCase?: RetryCase; delivered?: boolean };

// Connection failures that prove the request never left this machine.
const UNSENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

type Response = Dispatcher.ResponseData;

export class ServiceClient {
  private readonly baseUrl: string | undefined;
  /** The base URL's path (e.g. /v1), the prefix of every endpoint in logs and diagnostics. */
  private readonly basePath: string;
  private readonly configProblem: string | undefined;
  private readonly apiKey: string;
  private readonly keyPrefix: string;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;
  private readonly idleTimeoutMs: number;
  private readonly logger: ClientLogger | undefined;
  private readonly extraHeaders: Record<string, string>;
  private readonly unfinished: UnfinishedGenerations;

  constructor(options: ServiceClientOptions) {
    this.extraHeaders = options.headers ?? {};
    this.apiKey = options.apiKey.trim();
    this.keyPrefix = maskKey(this.apiKey);
    this.maxRetries = Math.max(0, Math.floor(options.maxRetries ?? DEFAULT_MAX_RETRIES));
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    this.logger = options.logger;
    this.unfinished = options.unfinished ?? new UnfinishedGenerations();
    // Config mistakes are reported by every call (before any request), not thrown here,
    // so they reach the person through the same path as every other failure.
    const base = validateBaseUrl(options.baseUrl);
    this.baseUrl = base.ok ? base.baseUrl : undefined;
    this.basePath = base.ok ? new URL(base.baseUrl).pathname : '';
    this.configProblem = !base.ok
      ? base.message
      : this.apiKey === ''
        ? "No API key is set: set one with 'Multi-Model AI: Set API Key'."
        : /^[\x21-\x7e]+$/.test(this.apiKey)
          ? undefined
          : "The API key holds spaces or unusual characters: paste it again with 'Multi-Model AI: Set API Key'.";
  }

  async listModels(filters: ModelFilters = {}, options: RequestOptions = {}): Promise<ModelList> {
    const query = new URLSearchParams();
    if (filters.outputModalities) query.set('output_modalities', filters.outputModalities);
    if (filters.supportedParameters) query.set('supported_parameters', filters.supportedParameters);
    const call = this.newCall('GET', '/models', { query: query.toString(), signal: options.signal });
    return (await this.callJson(call, ModelListSchema())).data;
  }

  async createChatCompletion(request: ChatRequest, options: RequestOptions = {}): Promise<ChatCompletion & { requestId?: string }> {
    const call = this.chatCall(request, false, options);
    const { data, requestId } = await this.callJson(call, ChatCompletionSchema());
    return requestId === undefined ? data : { ...data, requestId };
  }

  /**
   * The reply as it arrives: a `delta` per network chunk (the text of every delta that chunk
   * completed; the very first one alone, as soon as it is decoded), then one `done`. With
   * `streaming: false` (spec, Endpoints 5: `stream` is an optional field too) one plain request
   * gives the same events: the whole text as one delta, then `done`.
   */
  streamChatCompletion(request: ChatRequest, options: ChatOptions = {}): AsyncGenerator<ChatStreamEvent, void, undefined> {
    const { model, messages, stream_options, ...fields } = request;
    return this.streamText(chatCompletions, { model, messages, options: fields, includeUsage: stream_options?.include_usage }, options);
  }

  /**
   * A reply through one text interface (chat completions, Responses or Messages), as the same
   * events: text and reasoning as they arrive (a batch per network chunk, the very first part
   * alone), each tool call once its arguments are whole, then one `done`.
   */
  async *streamText(transport: Transport, request: TextRequest, options: ChatOptions = {}): AsyncGenerator<ChatStreamEvent, void, undefined> {
    const streaming = options.streaming !== false;
    const parsed = safeParseInEnglish(TextRequestSchema(), request);
    if (!parsed.success) {
      const call = this.newCall('POST', transport.path, { model: request.model, signal: options.signal });
      throw this.fail(call, undefined, { kind: 'invalid_request', serviceMessage: `request not sent: ${parsed.error.issues[0]?.message ?? 'invalid'}` });
    }
    const body = JSON.stringify(transport.body(request, streaming));
    const call = this.newCall('POST', transport.path, { model: request.model, body, stream: streaming, signal: options.signal, onRetry: options.onRetry });
    if (streaming) {
      yield* this.attempts(call, (response, attempt) => this.readStream(call, response, attempt, transport.streamReader()));
      return;
    }
    for await (const { data, requestId } of this.attempts(call, (response, attempt) => this.readJson(call, response, attempt, (json) => transport.parse(json)))) {
      yield* eventsOf(data, requestId);
    }
  }

  /**
   * Images from an image model: a generation (JSON) or, with `request.image`, an edit
   * (multipart). A generation is not idempotent: its one client request id is kept across
   * retries, and a retry happens only where the service cannot have made the images, or once
   * after a lost response so the service can recognise it (RetryBudget). Images sent by address
   * are downloaded here, never by a page, and every image is checked by its bytes and size.
   */
  async createImages(request: ImageRequest, options: RequestOptions = {}): Promise<GeneratedImages> {
    const path = request.image ? '/images/edits' : '/images/generations';
    let body: Call['body'];
    if (request.image) {
      const form = new FormData();
      form.set('model', request.model);
      form.set('prompt', request.prompt);
      for (const [name, value] of Object.entries(request.options)) form.set(name, String(value));
      form.set('image', new Blob([new Uint8Array(request.image.bytes)], { type: request.image.mime }), request.image.fileName);
      body = form;
    } else {
      body = JSON.stringify({ model: request.model, prompt: request.prompt, ...request.options });
    }
    // An upload's parts carry a random boundary: the edit is known by its fields and its image's digest.
    const fingerprint = request.image && `${path}\n${JSON.stringify([request.model, request.prompt, request.options])}\n${createHash('sha256').update(request.image.bytes).digest('hex')}`;
    const call = this.newCall('POST', path, { model: request.model, body, fingerprint, signal: options.signal, onRetry: options.onRetry });
    const { data, requestId } = await this.callJson(call, ImageResultSchema());
    const images: GeneratedImages['images'] = [];
    for (const item of data.data) {
      const bytes = item.b64_json ? Buffer.from(item.b64_json, 'base64') : await this.downloadMade(item.url as string, call, requestId, options.signal);
      const checked = checkImage(bytes);
      if ('problem' in checked) throw this.fail(call, undefined, { kind: 'bad_response', requestId, serviceMessage: `an image in the answer is not usable: ${checked.problem}` });
      images.push({ bytes, type: checked.type });
    }
    return { images, ...(requestId !== undefined && { requestId }) };
  }

  /** A download that fails leaves images made and charged: the same request sent again asks for them again. */
  private async downloadMade(address: string, parent: Call, requestId: string | undefined, signal: AbortSignal | undefined): Promise<Uint8Array> {
    try {
      return await this.download(address, parent, requestId, signal);
    } catch (error) {
      // A cancelled download too: the images are made and paid for all the same.
      if (parent.fingerprint && error instanceof ServiceError && error.kind !== 'bad_response') this.unfinished.remember(parent.fingerprint, parent.clientRequestId);
      throw error;
    }
  }

  /** An image the service answered with by address: fetched without the key, at most MAX_IMAGE_BYTES. */
  private async download(address: string, parent: Call, requestId: string | undefined, signal: AbortSignal | undefined): Promise<Uint8Array> {
    const dataUrl = /^data:image\/[\w.+-]+;base64,(.*)$/s.exec(address);
    if (dataUrl) return Buffer.from(dataUrl[1] as string, 'base64');
    let url: URL;
    try {
      url = new URL(address);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(url.protocol);
    } catch {
      throw this.fail(parent, undefined, { kind: 'bad_response', requestId, serviceMessage: 'an image address in the answer is not an http(s) URL' });
    }
    // Logged by origin and path only: a signed address carries its token in the query.
    const call: Call = { method: 'GET', url: url.href, endpoint: `${url.origin}${url.pathname}`, model: parent.model, stream: false, clientRequestId: parent.clientRequestId, signal, anonymous: true };
    for await (const bytes of this.attempts(call, (response, attempt) => this.readBytes(call, response, attempt))) return bytes;
    throw new Error('unreachable: a download either yields its bytes or fails');
  }

  private async *readBytes(call: Call, response: Response, attempt: Attempt): AsyncGenerator<Uint8Array, Failure | undefined> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_IMAGE_BYTES) return { kind: 'bad_response', status: response.statusCode, serviceMessage: `the image is larger than ${MAX_IMAGE_BYTES} bytes` };
      chunks.push(chunk);
    }
    this.log('info', call, attempt, { status: response.statusCode, note: `bytes=${size}` });
    yield Buffer.concat(chunks);
    return undefined;
  }

  private async callJson<T>(call: Call, schema: z.ZodMiniType<T>): Promise<{ data: T; requestId?: string }> {
    const parse = (json: unknown) => {
      const parsed = schema.safeParse(json);
      return parsed.success ? parsed.data : undefined;
    };
    for await (const result of this.attempts(call, (response, attempt) => this.readJson(call, response, attempt, parse))) return result;
    throw new Error('unreachable: an answer either yields its result or fails');
  }

  /**
   * One logical request: attempts until one succeeds, fails in a way that is not retried, or
   * fails after its output reached the caller (spec, Errors 3: that break is reported, never
   * replaced by a new answer). `read` turns a successful response into what the caller gets,
   * and returns the failure when reading it fails.
   */
  private async *attempts<T>(call: Call, read: (response: Response, attempt: Attempt) => AsyncGenerator<T, Failure | undefined, undefined>): AsyncGenerator<T, void, undefined> {
    const budget = new RetryBudget(this.maxRetries, call.method === 'GET');
    for (let retry = 0; ; retry++) {
      const attempt = this.startAttempt(call, retry + 1);
      let failure: Failure | undefined;
      try {
        const sent = this.send(call, attempt);
        // Armed once the request is on its way: nothing can fire in between, and the first word waits for less.
        attempt.arm();
        const response = await sent;
        // Delegated, not re-yielded: one hop less for every event. A caller that stops reading
        // early closes the reader too (or its idle watchdog would tick on for ever).
        // A redirect is a failure too, but for a download (no key goes with it).
        failure = response.statusCode >= (call.anonymous ? 400 : 300) ? await this.failureFromResponse(response) : yield* read(response, attempt);
      } catch (error) {
        failure = this.thrownFailure(error, attempt);
      } finally {
        attempt.end();
      }
      if (failure === undefined) return;
      if (failure.delivered) throw this.fail(call, attempt, failure);
      await this.retryOrThrow(call, attempt, failure, budget);
    }
  }

  private async *readJson<T>(call: Call, response: Response, attempt: Attempt, parse: (json: unknown) => T | undefined): AsyncGenerator<{ data: T; requestId?: string }, Failure | undefined> {
    const requestId = publicToken(headerValue(response.headers, 'x-request-id'), this.apiKey);
    const data = parse(parseJson(await response.body.text()));
    if (data === undefined) return { kind: 'bad_response', status: response.statusCode, requestId, serviceMessage: 'the response has an unexpected shape' };
    this.log('info', call, attempt, { status: response.statusCode, requestId });
    yield { data, requestId };
    return undefined;
  }

  private async *readStream(call: Call, response: Response, attempt: Attempt, reader: StreamReader): AsyncGenerator<ChatStreamEvent, Failure | undefined> {
    const requestId = publicToken(headerValue(response.headers, 'x-request-id'), this.apiKey);
    const watchdog = new IdleWatchdog(this.idleTimeoutMs, () => attempt.stop('idle'));
    let partialText = '';
    let hadOutput = false;
    try {
      for await (const parts of decodeEventStream(watchdog.watch(response.body), reader)) {
        if (!hadOutput && parts.some((p) => p.type !== 'end')) {
          // Errors 2: a thinking model may be silent for long before its first output, so until
          // then the request timeout governs; from here the between-delta watchdog does.
          hadOutput = true;
          attempt.clearTimeout();
          watchdog.start();
        }
        for (const event of eventsOf(parts, requestId)) {
          if (event.type === 'delta') partialText += event.text;
          if (event.type === 'done') this.log('info', call, attempt, { status: response.statusCode, requestId, note: `finish=${event.finishReason ?? '-'}` });
          yield event;
        }
      }
      return undefined;
    } catch (error) {
      const failure = this.streamFailure(error, attempt, hadOutput);
      // Every part before the failure was yielded: output reached the caller once there was any.
      return { ...failure, status: response.statusCode, requestId, delivered: hadOutput, ...(partialText !== '' && { partialText }) };
    } finally {
      watchdog.stop();
    }
  }

  private newCall(
    method: Call['method'],
    path: string,
    extra: { query?: string; model?: string; body?: Call['body']; fingerprint?: string; stream?: boolean; signal?: AbortSignal; onRetry?: Call['onRetry'] },
  ): Call {
    // Every request with a body is a generation (text or images).
    const fingerprint = extra.fingerprint ?? (typeof extra.body === 'string' ? `${path}\n${extra.body}` : undefined);
    const repeated = fingerprint === undefined ? undefined : this.unfinished.take(fingerprint);
    const clientRequestId = repeated ?? randomUUID();
    const call: Call = {
      method,
      url: `${this.baseUrl ?? ''}${path}${extra.query ? `?${extra.query}` : ''}`,
      endpoint: `${this.basePath}${path}`,
      model: extra.model,
      body: extra.body,
      stream: extra.stream ?? false,
      clientRequestId,
      fingerprint,
      repeated: repeated !== undefined,
      signal: extra.signal,
      onRetry: extra.onRetry,
    };
    if (repeated) this.log('info', call, undefined, { note: 'the same request as an unfinished generation: its client request id is sent again' });
    if (this.configProblem !== undefined) {
      throw this.fail(call, undefined, { kind: 'config', userMessage: this.configProblem, serviceMessage: this.configProblem });
    }
    if (call.signal?.aborted) throw this.fail(call, undefined, { kind: 'aborted' });
    return call;
  }

  private chatCall(request: ChatRequest, stream: boolean, options: RequestOptions): Call {
    const parsed = safeParseInEnglish(ChatRequestSchema(), request);
    if (!parsed.success) {
      const call = this.newCall('POST', '/chat/completions', { model: request.model, signal: options.signal });
      throw this.fail(call, undefined, { kind: 'invalid_request', serviceMessage: `request not sent: ${parsed.error.issues[0]?.message ?? 'invalid'}` });
    }
    const body = JSON.stringify(stream ? { ...parsed.data, stream: true } : parsed.data);
    return this.newCall('POST', '/chat/completions', { model: parsed.data.model, body, stream, signal: options.signal, onRetry: options.onRetry });
  }

  private startAttempt(call: Call, number: number): Attempt {
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
        timer = setTimeout(() => attempt.stop('timeout'), this.timeoutMs);
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

  private send(call: Call, attempt: Attempt): Promise<Response> {
    const headers: Record<string, string> = call.anonymous
      ? {}
      : {
          ...this.extraHeaders,
          authorization: `Bearer ${this.apiKey}`,
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
      dispatcher: sharedAgent,
      // Our own timers (timeoutMs, idleTimeoutMs) govern; undici's would cut long streams.
      headersTimeout: 0,
      bodyTimeout: 0,
    });
  }

  private async failureFromResponse(response: Response): Promise<Failure> {
    const status = response.statusCode;
    if (status < 400) return redirectFailure(response, this.apiKey);
    const headers = flatHeaders(response.headers);
    let body: z.infer<ReturnType<typeof ErrorBodySchema>>['error'] | undefined;
    try {
      const parsed = ErrorBodySchema().safeParse(parseJson(await response.body.text()));
      if (parsed.success) body = parsed.data.error;
    } catch {
      // An unreadable error body still leaves the status to go on.
    }
    // Everything here came from the server, which may echo the key back: masked, or dropped.
    const code = publicToken(body?.code, this.apiKey);
    return {
      kind: kindFor(status, code),
      ...((status === 408 || status === 429 || status >= 500) && { retryCase: 'refused' as const }),
      status,
      code,
      requestId: publicToken(headers['x-request-id'] ?? body?.request_id, this.apiKey),
      retryAfterMs: status === 429 || status === 408 || status >= 500 ? parseRetryAfter(response.headers) : undefined,
      serviceMessage: body?.message ? redactKey(body.message, this.apiKey) : undefined,
      headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, redactKey(value, this.apiKey)])),
    };
  }

  /** A failure thrown while sending or reading: who stopped the attempt decides its kind. */
  private thrownFailure(error: unknown, attempt: Attempt): Failure {
    if (attempt.stopped === 'aborted') return { kind: 'aborted', cause: error };
    if (attempt.stopped === 'timeout') return { kind: 'timeout', retryCase: 'ambiguous', serviceMessage: `no answer within ${this.timeoutMs} ms`, cause: error };
    const code = errorCodeOf(error);
    return { kind: 'network', retryCase: code !== undefined && UNSENT_CODES.has(code) ? 'unsent' : 'ambiguous', serviceMessage: describeError(error), cause: error };
  }

  private streamFailure(error: unknown, attempt: Attempt, hadOutput: boolean): Failure {
    if (error instanceof StreamFault) {
      if (error.reason === 'malformed') return { kind: 'bad_response', serviceMessage: error.serviceMessage, cause: error };
      if (error.reason === 'error_event') {
        const serviceMessage = error.serviceMessage ? redactKey(error.serviceMessage, this.apiKey) : 'the stream reported an error';
        const code = publicToken(error.code, this.apiKey);
        const kind = kindForCode(code);
        // A balance, key or length problem keeps its own advice after output: sending again would fail the same way.
        return { kind: hadOutput && !KEEPS_ADVICE_AFTER_OUTPUT.has(kind) ? 'stream_interrupted' : kind, code, serviceMessage, cause: error };
      }
      const serviceMessage = 'the stream ended without [DONE] or a finish reason';
      return hadOutput ? { kind: 'stream_interrupted', serviceMessage } : { kind: 'network', retryCase: 'ambiguous', serviceMessage };
    }
    if (attempt.stopped === 'idle') {
      const serviceMessage = `the stream was silent for ${this.idleTimeoutMs} ms`;
      return hadOutput ? { kind: 'stream_interrupted', serviceMessage, cause: error } : { kind: 'timeout', retryCase: 'ambiguous', serviceMessage, cause: error };
    }
    const failure = this.thrownFailure(error, attempt);
    if (!hadOutput) return failure;
    // Errors 3: a break after output is reported, never retried.
    const { retryCase: _, ...reported } = failure;
    return failure.kind === 'network' ? { ...reported, kind: 'stream_interrupted' } : reported;
  }

  private async retryOrThrow(call: Call, attempt: Attempt, failure: Failure, budget: RetryBudget): Promise<void> {
    // Stopped while the failure was read (its body read gave up quietly): nothing more is waited for or sent.
    if (call.signal?.aborted) throw this.fail(call, attempt, stoppedFailure(failure));
    const delay = failure.kind === 'aborted' ? undefined : budget.next(failure);
    if (delay === undefined) throw this.fail(call, attempt, failure);
    this.log('warn', call, attempt, { ...failure, note: `retrying in ${Math.round(delay)} ms (${failure.retryCase})` });
    call.onRetry?.({ kind: failure.kind, delayMs: delay, attempt: attempt.number + 1 });
    await this.sleep(delay, call, attempt, failure);
  }

  private sleep(ms: number, call: Call, attempt: Attempt, failure: Failure): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(timer);
        reject(this.fail(call, attempt, stoppedFailure(failure)));
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
  private fail(call: Call, attempt: Attempt | undefined, failure: Failure): ServiceError {
    const diagnostics: DiagnosticsRecord = {
      time: localIsoTime(),
      method: call.method,
      endpoint: call.endpoint,
      model: call.model,
      status: failure.status,
      code: failure.code,
      requestId: failure.requestId,
      clientRequestId: call.clientRequestId,
      keyPrefix: this.keyPrefix,
      kind: failure.kind,
      attempts: attempt?.number ?? 0,
    };
    const error = new ServiceError({ ...failure, clientRequestId: call.clientRequestId, diagnostics });
    // The service may have made this answer (or made it before and has not delivered it yet): the
    // same request sent again asks for it, not for another. Not an unreadable one: it would come again as it was.
    const undelivered = call.repeated || failure.retryCase === 'ambiguous' || failure.kind === 'stream_interrupted';
    if (call.fingerprint && undelivered && failure.kind !== 'bad_response') this.unfinished.remember(call.fingerprint, call.clientRequestId);
    this.log(failure.kind === 'aborted' ? 'info' : 'error', call, attempt, failure);
    return error;
  }

  private log(
    level: keyof ClientLogger,
    call: Call,
    attempt: Attempt | undefined,
    outcome: { status?: number; code?: string; requestId?: string; kind?: string; serviceMessage?: string; note?: string },
  ): void {
    if (!this.logger) return;
    const fields = [
      `${call.method} ${call.endpoint || '(no base URL)'}`,
      `model=${call.model ?? '-'}`,
      `status=${outcome.status ?? '-'}`,
      `code=${outcome.code ?? '-'}`,
      outcome.kind ? `kind=${outcome.kind}` : '',
      `request_id=${outcome.requestId ?? '-'}`,
      `client_request_id=${call.clientRequestId}`,
      `attempt=${attempt?.number ?? 0}/${this.maxRetries + 1}`,
      `duration=${attempt ? Math.round(performance.now() - attempt.startedAt) : 0}ms`,
      `time=${localIsoTime()}`,
      `key=${this.keyPrefix}`,
      outcome.note ?? '',
      outcome.serviceMessage ? `message=${JSON.stringify(outcome.serviceMessage)}` : '',
    ];
    this.logger[level](fields.filter((f) => f !== '').join(' '));
  }
}

/** Kinds whose advice still holds when the failure came after part of the answer. */
const KEEPS_ADVICE_AFTER_OUTPUT: ReadonlySet<ErrorKind> = new Set(['payment', 'auth', 'too_long']);

function stoppedFailure(failure: Failure): Failure {
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
  const advice = 'check the Multi-Model AI base URL setting (it must be the service API address itself, ending with /v1)';
  return {
    kind: 'config',
    status: response.statusCode,
    serviceMessage: redactKey(`redirected to ${target ?? '(no usable location)'}`, apiKey),
    userMessage: `The service address answered with a redirect${target ? ` to ${redactKeys(redactKey(target, apiKey))}` : ''}, which is not followed, so your key is not sent elsewhere: ${advice}.`,
  };
}

/** A batch of parts as events: neighbouring text (and reasoning) joined into one event. */
function* eventsOf(parts: ReplyPart[], requestId: string | undefined): Generator<ChatStreamEvent, void, undefined> {
  let pending: { type: 'delta' | 'reasoning'; text: string } | undefined;
  for (const part of parts) {
    if ((part.type === 'delta' || part.type === 'reasoning') && pending?.type === part.type) {
      pending.text += part.text;
      continue;
    }
    if (pending) yield pending;
    pending = undefined;
    if (part.type === 'delta' || part.type === 'reasoning') pending = { type: part.type, text: part.text };
    else if (part.type === 'tool_call') yield part;
    else {
      const done: ChatStreamEvent = { type: 'done', finishReason: part.finishReason, requestId };
      if (part.usage) done.usage = part.usage;
      if (part.reasoningBlocks) done.reasoningBlocks = part.reasoningBlocks;
      yield done;
    }
  }
  if (pending) yield pending;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function headerValue(headers: Response['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function flatHeaders(headers: Response['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
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
