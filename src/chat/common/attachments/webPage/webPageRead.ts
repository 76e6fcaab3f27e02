// A web page read and made text, in one module loaded on the first page (loadWebPageReader):
// it brings undici and the Markdown converter, which activation does without.
import { routesFor } from '../../../../platform/client/http/dispatcher';
import type { Environment, NetworkSettings } from '../../../../platform/client/http/proxyChoice';
import type { GuardDeps } from './addressGuard';
import { fetchPage } from './pageFetch';
import { pageText } from './pageMarkdown';
import type { PageFailure } from './pageRules';
import type { ReadPage } from './webPageChip';

export interface WebPageReadOptions {
  /** VS Code's proxy and certificate settings: the page goes the way the service's requests go. */
  network: NetworkSettings;
  /** Where HTTPS_PROXY, NO_PROXY and NODE_EXTRA_CA_CERTS are read, as the service client reads them. */
  environment: Environment;
  guard: GuardDeps;
  signal?: AbortSignal;
}

/** The page at `address` as text, or why it was not read. */
export async function readWebPage(address: string, options: WebPageReadOptions): Promise<{ ok: true; page: ReadPage } | { ok: false; failure: PageFailure }> {
  // The routes the service client of the same settings uses: one connection pool, one proxy, one trust.
  const routes = routesFor(options.network, options.environment);
  const read = await fetchPage(address, { routes, guard: options.guard, ...(options.signal && { signal: options.signal }) });
  if (!read.ok) return read;
  const { page } = read;
  return { ok: true, page: { address, url: page.url, bytes: page.bytes.length, truncated: page.truncated, ...pageText(page) } };
}
