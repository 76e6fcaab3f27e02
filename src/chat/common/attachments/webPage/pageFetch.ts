// Reads a web page for the chat: http and https only, through the connection the service's
// requests use (the proxy and the trusted authorities of src/platform/client/http), without the
// key, cookies or the service's extra headers; at most MAX_PAGE_BYTES (the rest is not read) in
// PAGE_TIMEOUT_MS. Every hop, redirects included, passes the address guard first, and a direct
// connection goes to the address the guard checked, under the page's own name for TLS and Host.
import { request } from 'undici';
import type { Routes } from '../../../../platform/client/http/dispatcher';
import { checkHost, type GuardDeps } from './addressGuard';
import { MAX_PAGE_BYTES, MAX_REDIRECTS, PAGE_TIMEOUT_MS, PAGE_TYPES, webAddress, type PageRead, type PageType } from './pageRules';

export interface PageFetchOptions {
  /** The connection the service's requests use, so a page goes through the same proxy and trust. */
  routes: Routes;
  guard: GuardDeps;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBytes?: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const ACCEPT = 'text/html,application/xhtml+xml,text/markdown;q=0.9,text/plain;q=0.8';

/** Reads the page at `address`, following at most MAX_REDIRECTS redirects, each checked. */
export async function fetchPage(address: string, options: PageFetchOptions): Promise<PageRead> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? PAGE_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout.signal, options.signal]) : timeout.signal;
  let url = webAddress(address);
  if (!url) return { ok: false, failure: { kind: 'scheme', url: address } };
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const next = await readHop(url, options, signal);
      if ('failure' in next || 'page' in next) return next;
      const location = webAddress(next.location, url.href);
      if (!location) return { ok: false, failure: { kind: 'scheme', url: next.location } };
      url = location;
    }
    return { ok: false, failure: { kind: 'redirects', url: url.href } };
  } catch (error) {
    options.signal?.throwIfAborted();
    if (timeout.signal.aborted) return { ok: false, failure: { kind: 'timeout', url: url.href } };
    return { ok: false, failure: { kind: 'network', code: errorCode(error), url: url.href } };
  } finally {
    clearTimeout(timer);
  }
}

async function readHop(url: URL, options: PageFetchOptions, signal: AbortSignal): Promise<PageRead | { location: string }> {
  const route = options.routes.for(url.href);
  const verdict = await checkHost(url, options.guard, route.choice.kind === 'proxy');
  if (!verdict.ok)
    return {
      ok: false,
      failure: verdict.reason === 'refused' ? { kind: 'refused', host: url.hostname, range: verdict.range } : { kind: 'unresolved', host: url.hostname },
    };
  const response = await request(connectTo(url, verdict.address), {
    method: 'GET',
    // Host names the page, so the server and TLS (undici's servername comes from it) see its own name.
    headers: { host: url.host, accept: ACCEPT, 'user-agent': 'Multi-Model-AI (VS Code extension)' },
    dispatcher: route.dispatcher,
    signal,
    headersTimeout: 0,
    bodyTimeout: 0,
  });
  const location = response.headers.location;
  if (REDIRECTS.has(response.statusCode) && typeof location === 'string') {
    await response.body.dump();
    return { location };
  }
  if (response.statusCode >= 300) {
    await response.body.dump();
    return { ok: false, failure: { kind: 'status', status: response.statusCode, url: url.href } };
  }
  const contentType = String(response.headers['content-type'] ?? '');
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!(PAGE_TYPES as readonly string[]).includes(type)) {
    await response.body.dump();
    return { ok: false, failure: { kind: 'type', type: type || '(none)', url: url.href } };
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
  const { bytes, truncated } = await readAtMost(response.body, options.maxBytes ?? MAX_PAGE_BYTES);
  return { ok: true, page: { url: url.href, type: type as PageType, bytes, truncated, ...(charset !== undefined && { charset }) } };
}

/** The address a request goes to: the checked address under the page's scheme and port, or the page's own through a proxy. */
function connectTo(url: URL, address: string | undefined): string {
  if (address === undefined) return url.href;
  const pinned = new URL(url.href);
  pinned.hostname = address.includes(':') ? `[${address}]` : address;
  return pinned.href;
}

async function readAtMost(body: AsyncIterable<Buffer>, limit: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early closes the body: what lies past the limit is never downloaded.
  for await (const chunk of body) {
    if (size + chunk.length > limit) {
      chunks.push(chunk.subarray(0, limit - size));
      return { bytes: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { bytes: Buffer.concat(chunks), truncated: false };
}

function errorCode(error: unknown): string {
  const withCode = (value: unknown): string | undefined =>
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string' ? (value as { code: string }).code : undefined;
  return withCode(error) ?? withCode((error as { cause?: unknown } | undefined)?.cause) ?? (error instanceof Error ? error.name : 'unknown');
}
