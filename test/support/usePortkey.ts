// The Portkey AI Gateway from npm (`@portkey-ai/gateway`), started as its own process on loopback
// for a unit suite: a real gateway in front of the emulator, as a company puts one in front of
// the service. It takes the provider and the upstream from request headers, which a person sets
// in multiModelAI.requestHeaders; `headersFor` gives them. package.json pins its `hono` and
// `@hono/node-server` to the versions of its own lockfile: later ones fail every proxied request.
import * as path from 'node:path';
import { PROJECT_ROOT } from '../host/paths';
import { spawnGroup, type GroupProcess } from '../host/processGroup';
import { freePort } from '../host/freePort';

export interface PortkeySuite {
  /** The gateway's API address, ending with /v1: what a person sets as the base URL. */
  readonly baseUrl: string;
  /** The headers that route a request through the gateway to `upstream` (an address ending with /v1) as `provider`. */
  headersFor(upstream: string, provider?: 'openai' | 'anthropic'): Record<string, string>;
  /** What the gateway printed, for a failure's message. */
  output(): string;
}

const GATEWAY = path.join(PROJECT_ROOT, 'node_modules', '@portkey-ai', 'gateway', 'build', 'start-server.js');

/** Waits until the gateway answers its root ("AI Gateway says hey!"). */
async function untilReady(origin: string, gateway: GroupProcess, printed: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let exited = false;
  void gateway.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    try {
      if ((await fetch(origin)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the Portkey gateway did not start at ${origin}:\n${printed()}`);
}

/**
 * Starts the gateway for the enclosing describe() and stops it after:
 * `const portkey = usePortkey();` then `new ServiceClient({ baseUrl: portkey.baseUrl, headers: portkey.headersFor(emulator.baseUrl) })`.
 */
export function usePortkey(): PortkeySuite {
  let origin: string | undefined;
  const ready = (): string => {
    if (origin === undefined) throw new Error('the Portkey gateway is not ready: it starts in a before() hook');
    return origin;
  };
  let gateway: GroupProcess | undefined;
  let printed = '';
  before(async function () {
    this.timeout(40_000);
    const port = await freePort();
    // --headless: no log page; NODE_ENV production: no console UI routes.
    gateway = spawnGroup(process.execPath, [GATEWAY, `--port=${port}`, '--headless'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [gateway.child.stdout, gateway.child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (text: string) => (printed = (printed + text).slice(-20_000)));
    }
    origin = `http://127.0.0.1:${port}`;
    await untilReady(origin, gateway, () => printed);
  });
  after(async () => {
    await gateway?.stop();
  });
  return {
    get baseUrl() {
      return `${ready()}/v1`;
    },
    headersFor(upstream, provider = 'openai') {
      return {
        'x-portkey-provider': provider,
        'x-portkey-custom-host': upstream,
        // The key goes on as it came (the anthropic provider would send only x-api-key), and so
        // does the client request id, so the service recognises a repeat (Errors 2).
        'x-portkey-forward-headers': 'authorization,x-client-request-id',
      };
    },
    output: () => printed,
  };
}
