// Names the authority behind a certificate the connection refused, so the person knows which
// one to add. Node gives the refusal without the certificate, so a second connection (through
// the same proxy, by undici's CONNECT) reads the chain the server presents and is closed at once:
// nothing is sent on it, and the refused connection stays refused.
import { isIP } from 'node:net';
import * as tls from 'node:tls';
import type { Duplex } from 'node:stream';
import { Client } from 'undici';
import type { Route } from './dispatcher';
import type { NetworkSettings } from './proxyChoice';

const PROBE_TIMEOUT_MS = 5_000;

/**
 * The issuer of the topmost certificate `address` presents (its common name, else its
 * organisation), or undefined; with `ofProxy`, of the https proxy's own certificate.
 */
export async function presentedIssuer(
  address: string,
  route: Route,
  settings: NetworkSettings,
  options: { ofProxy?: boolean; stop?: AbortSignal } = {},
): Promise<string | undefined> {
  const { stop } = options;
  if (options.ofProxy && route.choice.kind === 'proxy')
    return presentedIssuer(route.choice.proxy.url, { ...route, choice: { kind: 'direct' } }, settings, { stop });
  const url = new URL(address);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 443);
  // The person's Stop ends the look too.
  const signal = stop ? AbortSignal.any([stop, AbortSignal.timeout(PROBE_TIMEOUT_MS)]) : AbortSignal.timeout(PROBE_TIMEOUT_MS);
  let client: Client | undefined;
  try {
    let socket: Duplex | undefined;
    if (route.choice.kind === 'proxy') {
      const proxy = new URL(route.choice.proxy.url);
      client = new Client(proxy.origin, { connect: { rejectUnauthorized: settings.proxyStrictSSL } });
      const authorization = proxyAuthorization(proxy, settings);
      const tunnel = await client.connect({
        path: `${url.hostname}:${port}`,
        headers: { host: `${url.hostname}:${port}`, ...(authorization && { 'proxy-authorization': authorization }) },
        signal,
      });
      if (tunnel.statusCode !== 200) return undefined;
      socket = tunnel.socket;
    }
    return await readIssuer({ host, port, servername: isIP(host) ? undefined : host, socket }, signal);
  } catch {
    return undefined;
  } finally {
    void client?.destroy();
  }
}

function proxyAuthorization(proxy: URL, settings: NetworkSettings): string | undefined {
  const token = settings.proxyAuthorization?.trim();
  if (token) return token;
  if (!proxy.username) return undefined;
  return `Basic ${Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64')}`;
}

function readIssuer(options: { host: string; port: number; servername?: string; socket?: Duplex }, signal: AbortSignal): Promise<string | undefined> {
  return new Promise((resolve) => {
    // Only read, never trusted: the connection is closed as soon as the chain is known.
    const socket = tls.connect({ ...options, rejectUnauthorized: false });
    const done = (issuer: string | undefined) => {
      socket.destroy();
      resolve(issuer);
    };
    socket.once('secureConnect', () => done(topIssuer(socket.getPeerCertificate(true))));
    socket.once('error', () => done(undefined));
    if (signal.aborted) done(undefined);
    else signal.addEventListener('abort', () => done(undefined), { once: true });
  });
}

function topIssuer(certificate: tls.DetailedPeerCertificate): string | undefined {
  let top = certificate;
  for (let depth = 0; depth < 10 && top.issuerCertificate && top.issuerCertificate !== top; depth++) top = top.issuerCertificate;
  if (!top.issuer) return undefined;
  const name = top.issuer.CN ?? top.issuer.O;
  return (Array.isArray(name) ? name[0] : name) || undefined;
}
