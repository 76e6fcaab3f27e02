// A real HTTP proxy on loopback (the npm `proxy` package: CONNECT tunnels and plain requests),
// with or without Basic authentication, recording the CONNECTs it was asked for.
// `useLoopbackProxy()` gives a suite one, started before it, emptied of its records before each test.
import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createProxy } from 'proxy';
import { lateBound } from './lateBound';

export interface LoopbackProxy {
  /** http://127.0.0.1:PORT (https with `tls`), without credentials. */
  url: string;
  /** 127.0.0.1:PORT, as messages and the log name it. */
  host: string;
  /** Each CONNECT's target (host:port) and whether its credentials were accepted, in order. */
  readonly connects: { target: string; authorized: boolean }[];
  close(): Promise<void>;
}

export interface ProxyOptions {
  user?: string;
  password?: string;
  /** Serve the proxy itself over TLS (https://127.0.0.1:PORT) with this key and certificate. */
  tls?: { key: string; cert: string };
}

export async function startLoopbackProxy(options: ProxyOptions = {}): Promise<LoopbackProxy> {
  const connects: LoopbackProxy['connects'] = [];
  // The package's handlers take an https server's requests and CONNECTs as they take an http one's.
  const server = createProxy(options.tls ? (createTlsServer(options.tls) as unknown as ReturnType<typeof createServer>) : createServer());
  const expected = options.user === undefined ? undefined : `Basic ${Buffer.from(`${options.user}:${options.password ?? ''}`).toString('base64')}`;
  server.authenticate = (req) => {
    const authorized = expected === undefined || req.headers['proxy-authorization'] === expected;
    if (req.method === 'CONNECT') connects.push({ target: req.url ?? '', authorized });
    return authorized;
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${options.tls ? 'https' : 'http'}://${host}`,
    host,
    connects,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A proxy for the enclosing describe(): started in its before(), its CONNECT records cleared before each test, closed after. */
export function useLoopbackProxy(options: ProxyOptions = {}): LoopbackProxy {
  const proxy = lateBound<LoopbackProxy>('the loopback proxy');
  before(async () => proxy.set(await startLoopbackProxy(options)));
  beforeEach(() => {
    proxy.value.connects.length = 0;
  });
  after(() => proxy.current()?.close());
  return proxy.value;
}
