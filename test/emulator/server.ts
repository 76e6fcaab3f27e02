// The HTTP server and the order every API request goes through: record, auth, rate limit,
// route, queued fault, handler.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { authenticate, maskKey } from './auth';
import type { CatalogShape } from './catalogShapes';
import { CONTROL_PREFIX, handleControl } from './controlApi';
import { Exchange, MAX_BODY_BYTES } from './exchange';
import { defaultCodeFor, isBodyFault } from './faults';
import { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './rateLimiter';
import { parseRequestBody } from './requestBody';
import { resolveRoute } from './router';
import { EmulatorState } from './state';
import type { EndpointName, RecordedRequest } from './requestLog';

const TEXT_ENDPOINTS: readonly EndpointName[] = ['chat', 'responses', 'messages'];

export interface EmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Per key; default 1000 requests per 60 000 ms. */
  rateLimit?: RateLimitOptions;
  /** The shape GET /v1/models publishes; default the spec's. */
  catalogShape?: CatalogShape;
  /** Start in cache mode (POST /__emulator/cache switches it; reset restores this); default off. */
  cache?: boolean;
  /** Serve over TLS with this key and certificate (https://127.0.0.1:PORT). */
  tls?: { key: string; cert: string };
}

export interface RunningEmulator {
  /** http://127.0.0.1:PORT/v1 (https with `tls`) */
  baseUrl: string;
  /** http://127.0.0.1:PORT */
  origin: string;
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const state = new EmulatorState(options.rateLimit ?? DEFAULT_RATE_LIMIT, options.catalogShape, options.cache);
  const lifetime = new AbortController();
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const ex = new Exchange(req, res, lifetime.signal);
    serve(ex, state).catch((error: unknown) => {
      if (res.headersSent) return ex.reset();
      ex.error(500, 'internal_error', `The emulator failed: ${String(error)}`);
    });
  };
  const server = options.tls ? createTlsServer(options.tls, listener) : createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${origin}/v1`,
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        lifetime.abort();
        server.close(() => resolve());
        // Keep-alive and streaming sockets would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}

async function serve(ex: Exchange, state: EmulatorState): Promise<void> {
  const url = new URL(ex.req.url ?? '/', 'http://emulator');
  if (url.pathname.startsWith(CONTROL_PREFIX)) return handleControl(ex, state, url.pathname);
  return serveApi(ex, state, url);
}

async function serveApi(ex: Exchange, state: EmulatorState, url: URL): Promise<void> {
  const method = ex.req.method ?? 'GET';
  const route = resolveRoute(method, url.pathname);
  const bytes = method === 'GET' ? Buffer.alloc(0) : await ex.readBytes();
  const body = bytes && (await parseRequestBody(bytes, ex.req.headers['content-type']));
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const clientRequestId = ex.req.headers['x-client-request-id'];
  const record: RecordedRequest = {
    requestId: ex.requestId,
    clientRequestId: typeof clientRequestId === 'string' ? clientRequestId : null,
    method,
    path: url.pathname,
    endpoint: route.kind === 'endpoint' ? route.endpoint : null,
    status: null,
    keyPrefix: null,
    model: typeof fields.model === 'string' ? fields.model : null,
    stream: fields.stream === true,
    receivedAt: new Date().toISOString(),
    fault: null,
    extraHeaders: Object.keys(ex.req.headers)
      .filter((name) => name.startsWith('x-') && name !== 'x-client-request-id')
      .sort(),
  };
  ex.record = record;
  ex.errorShape = state.errorShape;
  state.log.add(record);

  const auth = authenticate(ex.req.headers.authorization, state.servedWorkspace);
  if (!auth.ok) return ex.error(401, 'invalid_api_key', auth.message);
  record.keyPrefix = maskKey(auth.key);

  const rate = state.limiter.take(auth.key);
  if (!rate.allowed) {
    return ex.error(429, 'rate_limit_exceeded', `Too many requests for this key: retry after ${rate.retryAfterSeconds} s.`, {
      'retry-after': String(rate.retryAfterSeconds),
    });
  }

  switch (route.kind) {
    case 'doubled_version':
      return ex.error(
        404,
        'doubled_version_path',
        `The path ${url.pathname} contains /v1 twice: the base URL already ends with /v1, so the client must add only the rest (for example /chat/completions).`,
      );
    case 'not_found':
      return ex.error(404, 'not_found', `${method} ${url.pathname} is not an endpoint of this service: check the path against the API reference.`);
    case 'wrong_method':
      return ex.error(405, 'method_not_allowed', `${url.pathname} accepts ${route.allowed} only.`, { allow: route.allowed });
  }

  if (!bytes) {
    return ex.error(413, 'payload_too_large', `The request body is over ${MAX_BODY_BYTES / 1024 / 1024} MB: send a smaller one.`);
  }
  // A model that is down answers before any fault is taken: a queued fault acts on the next request that reaches a working model.
  const down = typeof fields.model === 'string' && TEXT_ENDPOINTS.includes(route.endpoint) ? state.downModels.get(fields.model) : undefined;
  if (down) {
    record.fault = 'model_down';
    return ex.error(down.status, down.code ?? defaultCodeFor(down.status), down.message ?? `Model "${String(fields.model)}" is down: try again later.`);
  }
  const fault = state.faults.take(route.endpoint);
  record.fault = fault?.type ?? null;
  switch (fault?.type) {
    case 'status':
      if (fault.body !== undefined) return ex.raw(fault.status, fault.body, fault.headers ?? {});
      return ex.error(
        fault.status,
        fault.code ?? defaultCodeFor(fault.status),
        fault.message ?? `Injected failure (${fault.status}).`,
        fault.headers,
        fault.metadata,
      );
    case 'rate_limit':
      return ex.error(429, 'rate_limit_exceeded', `Too many requests for this key: retry after ${fault.retryAfterSeconds} s.`, {
        'retry-after': String(fault.retryAfterSeconds),
      });
    case 'reset':
      return ex.reset();
    case 'slow_first_byte':
      if (!(await ex.sleep(fault.ms))) return;
  }
  await route.handler({
    ex,
    origin: `${'encrypted' in ex.req.socket ? 'https' : 'http'}://127.0.0.1:${ex.req.socket.localPort}`,
    body,
    query: url.searchParams,
    workspace: auth.workspace,
    key: auth.key,
    clientRequestId: record.clientRequestId,
    state,
    fault: fault && isBodyFault(fault) ? fault : undefined,
    quirk: fault?.type === 'quirk' ? fault.quirk : undefined,
  });
}
