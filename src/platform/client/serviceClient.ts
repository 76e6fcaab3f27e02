// The extension's whole conversation with the service. Each logical request gets one client
// request id (kept across its retries, so a retried generation can be recognised), each attempt
// one log line, and every failure one ServiceError with diagnostics (attempt.ts).
import * as l10n from '@vscode/l10n';
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { fail, logCall, runAttempts, type Call, type ClientLogger, type ClientSettings, type RetryWait } from './attempt/attempt';
import { validateBaseUrl } from './http/baseUrl';
import { routesFor } from './http/dispatcher';
import { maskKey } from './http/keyMasking';
import { checkImage, type ImageType } from './images/imageBytes';
import { ImageResultSchema, type ImageRequest } from './images/imageRequest';
import { downloadMade, imageUpload } from './images/imageTransfer';
import { commandTitle } from '../manifest/commandTitles';
import { Commands } from '../manifest/ids';
import { eventsOf, readJson, readStream } from './attempt/responseReaders';
import { DEFAULT_MAX_RETRIES } from './errors/retryPolicy';
import { DIRECT_NETWORK, type Environment, type NetworkSettings } from './http/proxyChoice';
import type { ModelList } from './catalog/schemas';
import { requestProblem, type TextRequest } from './transports/textRequest';
import type { Transport } from './transports/transport';
import type { ReplyPart, OnSkipped } from './streaming/replyPart';
import { UnfinishedGenerations } from './attempt/unfinishedGenerations';
import type { PayloadReader } from './catalog/catalogReader';
import { ownedModelListReader } from './catalog/catalogReader';
import { ServiceError } from './errors/serviceError';

export type { ClientLogger, RetryWait };
export { UnfinishedGenerations };

export interface ServiceClientOptions {
  baseUrl: string;
  apiKey: string;
  /** The key's name (Authentication 3), said with its masked prefix in logs, diagnostics and advice. */
  keyName?: string;
  /** The key's name in the display language, for the advice, when it differs from `keyName` (which the log keeps in English). */
  shownKeyName?: string;
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
   * The proxy and the trusted authorities (VS Code's `http.*`, multiModelAI.caCertificates).
   * Default: every request goes directly, trusting Node's default authorities.
   */
  network?: NetworkSettings;
  /** Where HTTPS_PROXY, HTTP_PROXY, NO_PROXY and NODE_EXTRA_CA_CERTS are read: default `process.env` with `network`, none without. */
  environment?: Environment;
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

export interface ChatOptions extends RequestOptions {
  /** False for a model whose supported_parameters lack `stream`: one whole answer, as the same events. */
  streaming?: boolean;
  /** Told what the reply's reader passes over (a block, item or part of a type not used, an unknown finish reason). */
  onSkipped?: OnSkipped;
}

export interface ModelFilters {
  outputModalities?: string;
  supportedParameters?: string;
}

/** Images as the service made them, checked to be images (spec, Errors 2: made and charged once). */
export interface GeneratedImages {
  images: { bytes: Uint8Array; type: ImageType }[];
  requestId?: string;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

export class ServiceClient {
  private readonly baseUrl: string | undefined;
  /** The base URL's path (e.g. /v1), the prefix of every endpoint in logs and diagnostics. */
  private readonly basePath: string;
  /** What the person is told, and the English the log gets. */
  private readonly configProblem: { userMessage: string; serviceMessage: string } | undefined;
  private readonly settings: ClientSettings;

  constructor(options: ServiceClientOptions) {
    const apiKey = options.apiKey.trim();
    this.settings = {
      apiKey,
      keyPrefix: maskKey(apiKey),
      keyName: options.keyName,
      shownKeyName: options.shownKeyName ?? options.keyName,
      maxRetries: Math.max(0, Math.floor(options.maxRetries ?? DEFAULT_MAX_RETRIES)),
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
      headers: options.headers ?? {},
      logger: options.logger,
      unfinished: options.unfinished ?? new UnfinishedGenerations(),
      routes: routesFor(options.network ?? DIRECT_NETWORK, options.environment ?? (options.network ? process.env : {})),
    };
    // Config mistakes are reported by every call (before any request), not thrown here,
    // so they reach the person through the same path as every other failure.
    const base = validateBaseUrl(options.baseUrl);
    this.baseUrl = base.ok ? base.baseUrl : undefined;
    this.basePath = base.ok ? new URL(base.baseUrl).pathname : '';
    this.configProblem = !base.ok
      ? { userMessage: base.message, serviceMessage: 'the base URL was refused by its check' }
      : apiKey === ''
        ? { userMessage: l10n.t("No API key is set: set one with '{0}'.", commandTitle(Commands.setApiKey)), serviceMessage: 'no API key is set' }
        : /^[\x21-\x7e]+$/.test(apiKey)
          ? undefined
          : {
              userMessage: l10n.t("The API key holds spaces or unusual characters: paste it again with '{0}'.", commandTitle(Commands.setApiKey)),
              serviceMessage: 'the API key holds spaces or unusual characters',
            };
  }

  async listModels(filters: ModelFilters = {}, options: RequestOptions = {}): Promise<ModelList> {
    const query = new URLSearchParams();
    if (filters.outputModalities) query.set('output_modalities', filters.outputModalities);
    if (filters.supportedParameters) query.set('supported_parameters', filters.supportedParameters);
    const call = this.newCall('GET', '/models', { query: query.toString(), signal: options.signal });
    let list: ModelList;
    try {
      // The body was parsed here and is read only here: its entries are completed in place.
      list = (await this.callJson(call, ownedModelListReader)).data;
    } catch (error) {
      if (!(error instanceof ServiceError) || (error.status !== 404 && error.status !== 405)) throw error;
      return this.withoutModelList(error, call, options.signal);
    }
    if (list.dropped) logCall(this.settings, 'info', call, undefined, { note: `left out ${list.dropped} catalog entries without an id` });
    return list;
  }

  /**
   * GET /models answered 404 or 405: a wrong address, or a gateway that serves chat without a
   * model list (typedModels.ts). Chat tells them apart: a request the service must refuse (no
   * messages, spec Errors 1) is sent once, never charged. Any answer but 404 or 405 means chat is
   * there, and the list is empty and says why; a 401 is the key's, told as such; no chat (or no
   * answer), and the list's own failure stands.
   */
  private async withoutModelList(listing: ServiceError, listCall: Call, signal: AbortSignal | undefined): Promise<ModelList> {
    const probe = this.newCall('POST', '/chat/completions', { body: JSON.stringify({ model: '', messages: [] }), signal });
    probe.probe = true;
    let answered: number | undefined;
    try {
      // Any success will do: nothing of its body is read.
      // eslint-disable-next-line require-yield
      const nothing = async function* (): AsyncGenerator<never, undefined> {
        return undefined;
      };
      for await (const _ of runAttempts({ ...this.settings, maxRetries: 0 }, probe, nothing));
      answered = 200;
    } catch (error) {
      if (error instanceof ServiceError && (error.kind === 'aborted' || error.kind === 'auth')) throw error;
      if (!(error instanceof ServiceError) || error.status === undefined) throw listing;
      answered = error.status;
    }
    if (answered === 404 || answered === 405) throw listing;
    const unlisted = { endpoint: listCall.endpoint, status: listing.status as number };
    logCall(this.settings, 'info', listCall, undefined, {
      note: `no model list here (${unlisted.status}), but POST ${probe.endpoint} answers (${answered}): models are named by hand`,
    });
    return { object: 'list', data: [], unlisted };
  }

  /**
   * A reply through one text interface (chat completions, Responses or Messages), as the same
   * events: text and reasoning as they arrive (a batch per network chunk, the very first part
   * alone), each tool call once its arguments are whole, then one `done`. With `streaming: false`
   * (spec, Endpoints 5: `stream` is an optional field too) one plain request gives the same events.
   */
  async *streamText(transport: Transport, request: TextRequest, options: ChatOptions = {}): AsyncGenerator<ReplyPart, void, undefined> {
    const streaming = options.streaming !== false;
    const problem = requestProblem(request);
    if (problem !== undefined) {
      const call = this.newCall('POST', transport.path, { model: request.model, signal: options.signal });
      throw fail(this.settings, call, undefined, { kind: 'invalid_request', serviceMessage: `request not sent: ${problem}` });
    }
    const body = JSON.stringify(transport.body(request, streaming));
    const call = this.newCall('POST', transport.path, { model: request.model, body, stream: streaming, signal: options.signal, onRetry: options.onRetry });
    const settings = this.settings;
    if (streaming) {
      yield* runAttempts(settings, call, (response, attempt) => readStream(settings, call, response, attempt, transport.streamReader(options.onSkipped)));
      return;
    }
    for await (const { data, requestId } of runAttempts(settings, call, (response, attempt) =>
      readJson(settings, call, response, attempt, (json) => transport.parse(json, options.onSkipped)),
    )) {
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
    const { path, body, fingerprint } = imageUpload(request);
    const call = this.newCall('POST', path, { model: request.model, body, fingerprint, signal: options.signal, onRetry: options.onRetry });
    const { data, requestId } = await this.callJson(call, ImageResultSchema());
    const images: GeneratedImages['images'] = [];
    for (const item of data.data) {
      const bytes = item.b64_json
        ? Buffer.from(item.b64_json, 'base64')
        : await downloadMade({ settings: this.settings, address: item.url as string, parent: call, requestId, signal: options.signal });
      const checked = checkImage(bytes);
      if ('problem' in checked)
        throw fail(this.settings, call, undefined, {
          kind: 'bad_response',
          requestId,
          serviceMessage: `an image in the answer is not usable: ${checked.problem}`,
        });
      images.push({ bytes, type: checked.type });
    }
    return { images, ...(requestId !== undefined && { requestId }) };
  }

  private async callJson<T>(call: Call, schema: Pick<z.ZodMiniType<T>, 'safeParse'> | PayloadReader<T>): Promise<{ data: T; requestId?: string }> {
    const parse = (json: unknown) => {
      const parsed = schema.safeParse(json);
      return parsed.success ? parsed.data : undefined;
    };
    const settings = this.settings;
    for await (const result of runAttempts(settings, call, (response, attempt) => readJson(settings, call, response, attempt, parse))) return result;
    throw new Error('unreachable: an answer either yields its result or fails');
  }

  private newCall(
    method: Call['method'],
    path: string,
    extra: { query?: string; model?: string; body?: Call['body']; fingerprint?: string; stream?: boolean; signal?: AbortSignal; onRetry?: Call['onRetry'] },
  ): Call {
    // Every request with a body is a generation (text or images).
    const fingerprint = extra.fingerprint ?? (typeof extra.body === 'string' ? `${path}\n${extra.body}` : undefined);
    const repeated = fingerprint === undefined ? undefined : this.settings.unfinished.take(fingerprint);
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
    if (repeated)
      logCall(this.settings, 'info', call, undefined, { note: 'the same request as an unfinished generation: its client request id is sent again' });
    if (this.configProblem !== undefined) {
      throw fail(this.settings, call, undefined, { kind: 'config', ...this.configProblem });
    }
    if (call.signal?.aborted) throw fail(this.settings, call, undefined, { kind: 'aborted' });
    return call;
  }
}
