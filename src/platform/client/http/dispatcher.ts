// The one place a request's connection comes from: undici's Agent for a direct address,
// its ProxyAgent (which tunnels with CONNECT) for one that goes through a proxy, each trusting
// the authorities of trustedAuthorities.ts. Every client with the same network settings shares them, so
// keep-alive connections survive a change of any other setting.
import { createSecureContext, type SecureContext } from 'node:tls';
import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import { trustedAuthorities } from './trustedAuthorities';
import { chooseProxy, type Environment, type NetworkSettings, type ProxyChoice, type ProxyInUse } from './proxyChoice';

export interface Route {
  dispatcher: Dispatcher;
  choice: ProxyChoice;
}

const KEEP_ALIVE_MS = 10_000;

/** The routes of one set of network settings, by origin. */
export class Routes {
  private readonly byOrigin = new Map<string, Route>();
  private direct?: Agent;
  private readonly proxies = new Map<string, ProxyAgent>();
  private context?: { value: SecureContext | undefined };

  constructor(
    readonly settings: NetworkSettings,
    readonly env: Environment,
  ) {}

  /** The route of a request to `address` (an absolute http(s) URL). */
  for(address: string): Route {
    const origin = originOf(address);
    let route = this.byOrigin.get(origin);
    if (!route) {
      const choice = chooseProxy(origin, this.settings, this.env);
      route = { choice, dispatcher: choice.kind === 'proxy' ? this.proxyAgent(choice.proxy) : this.directAgent() };
      this.byOrigin.set(origin, route);
    }
    return route;
  }

  /** The TLS settings every connection to the service is verified with (undefined: Node's defaults). */
  secureContext(): SecureContext | undefined {
    // Made once: parsing some hundred authorities costs milliseconds, too much for each connection.
    this.context ??= { value: authorities(this.settings, this.env) };
    return this.context.value;
  }

  private directAgent(): Agent {
    const secureContext = this.secureContext();
    this.direct ??= new Agent({ keepAliveTimeout: KEEP_ALIVE_MS, ...(secureContext && { connect: { secureContext } }) });
    return this.direct;
  }

  private proxyAgent(proxy: ProxyInUse): ProxyAgent {
    let agent = this.proxies.get(proxy.url);
    if (!agent) {
      const secureContext = this.secureContext();
      const token = this.settings.proxyAuthorization?.trim();
      agent = new ProxyAgent({
        uri: proxy.url,
        keepAliveTimeout: KEEP_ALIVE_MS,
        ...(token && { token }),
        // The service's certificate is always verified; http.proxyStrictSSL governs only an https proxy's own.
        requestTls: secureContext ? { secureContext } : {},
        proxyTls: { ...(secureContext && { secureContext }), rejectUnauthorized: this.settings.proxyStrictSSL },
      });
      this.proxies.set(proxy.url, agent);
    }
    return agent;
  }
}

function authorities(settings: NetworkSettings, env: Environment): SecureContext | undefined {
  const ca = trustedAuthorities(settings, env);
  return ca && createSecureContext({ ca });
}

function originOf(address: string): string {
  const at = address.indexOf('/', address.indexOf('//') + 2);
  return at === -1 ? address : address.slice(0, at);
}

// The routes of the last few network settings in use: a client remade for another setting shares them.
const recent: Routes[] = [];
const RECENT_LIMIT = 4;

/** The shared routes for these settings and environment (compared by value). */
export function routesFor(settings: NetworkSettings, env: Environment): Routes {
  const found = recent.find((routes) => sameSettings(routes.settings, settings) && routes.env === env);
  if (found) return found;
  const routes = new Routes(settings, env);
  recent.unshift(routes);
  recent.length = Math.min(recent.length, RECENT_LIMIT);
  return routes;
}

function sameSettings(a: NetworkSettings, b: NetworkSettings): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
