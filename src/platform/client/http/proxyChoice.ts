// Which way a request goes: straight to its address or through a proxy, chosen as VS Code
// chooses for its own requests. `http.proxySupport: off` sends everything directly; else
// `http.proxy` wins over the environment (HTTPS_PROXY for https, HTTP_PROXY for http, the
// lower-case spelling first, as curl reads them), and an address matched by `http.noProxy`
// or NO_PROXY goes directly. Plain data: the dispatcher (dispatcher.ts) follows the choice.

/** The network settings a client is made with: VS Code's `http.*` and the extra certificates. */
export interface NetworkSettings {
  /** `http.proxy`: empty or absent for none. May carry credentials: never logged or shown. */
  proxy?: string;
  /** `http.noProxy`: hosts that never go through the proxy. */
  noProxy: readonly string[];
  /** `http.proxyAuthorization`: the Proxy-Authorization header's value; never logged. */
  proxyAuthorization?: string;
  /** `http.proxyStrictSSL`: verify an https proxy's own certificate (the service's is always verified). */
  proxyStrictSSL: boolean;
  /** `http.proxySupport`: `off` sends every request directly. */
  proxySupport: string;
  /** `http.systemCertificates`: trust the operating system's certificate store too. */
  systemCertificates: boolean;
  /** The certificates of `multiModelAI.caCertificates`, one PEM each. */
  extraCertificates: readonly string[];
}

export const DIRECT_NETWORK: NetworkSettings = {
  noProxy: [],
  proxyStrictSSL: true,
  proxySupport: 'override',
  systemCertificates: false,
  extraCertificates: [],
};

export type Environment = Readonly<Record<string, string | undefined>>;

/** Where a proxy came from: the setting, or the environment variable's name. */
export type ProxySource = 'http.proxy' | 'HTTPS_PROXY' | 'HTTP_PROXY' | 'https_proxy' | 'http_proxy';

export interface ProxyInUse {
  /** The proxy's address as written, credentials included: for the dispatcher only. */
  url: string;
  /** host:port, what logs and messages show. */
  host: string;
  source: ProxySource;
}

export type ProxyChoice =
  | { kind: 'proxy'; proxy: ProxyInUse }
  /** `bypassed`: a proxy is set, and the noProxy pattern that sends this address around it. */
  | { kind: 'direct'; bypassed?: { proxy: ProxyInUse; pattern: string; setting: 'http.noProxy' | 'NO_PROXY' } };

export function chooseProxy(address: string, settings: NetworkSettings, env: Environment): ProxyChoice {
  if (settings.proxySupport === 'off') return { kind: 'direct' };
  const url = new URL(address);
  const proxy = proxyFor(url.protocol, settings, env);
  if (!proxy) return { kind: 'direct' };
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const fromSetting = settings.noProxy.find((pattern) => matchesNoProxy(url.hostname, port, pattern));
  if (fromSetting !== undefined) return { kind: 'direct', bypassed: { proxy, pattern: fromSetting, setting: 'http.noProxy' } };
  const fromEnv = splitNoProxy(env.no_proxy ?? env.NO_PROXY).find((pattern) => matchesNoProxy(url.hostname, port, pattern));
  if (fromEnv !== undefined) return { kind: 'direct', bypassed: { proxy, pattern: fromEnv, setting: 'NO_PROXY' } };
  return { kind: 'proxy', proxy };
}

function proxyFor(protocol: string, settings: NetworkSettings, env: Environment): ProxyInUse | undefined {
  const setting = settings.proxy?.trim();
  if (setting) return inUse(setting, 'http.proxy');
  const names: readonly ProxySource[] = protocol === 'https:' ? ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] : ['http_proxy', 'HTTP_PROXY'];
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return inUse(value, name);
  }
  return undefined;
}

function inUse(written: string, source: ProxySource): ProxyInUse {
  // A proxy written without a scheme (proxy.corp:3128) is an http one, as curl reads it.
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(written) ? written : `http://${written}`;
  return { url, host: proxyHost(url), source };
}

/** The route as diagnostics show it: `host:port (where it was set)`, or `none`; never credentials. */
export function routeLine(choice: ProxyChoice): string {
  return choice.kind === 'proxy' ? `${choice.proxy.host} (${choice.proxy.source})` : 'none';
}

/** host:port of a proxy address, never its credentials; the address as written when it cannot be read. */
export function proxyHost(address: string): string {
  try {
    const url = new URL(address);
    return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return '(unreadable proxy address)';
  }
}

/** NO_PROXY's list: entries separated by commas or spaces. */
export function splitNoProxy(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter((entry) => entry !== '');
}

/**
 * One noProxy pattern against a host and port: `*` matches everything; `example.com`,
 * `.example.com` and `*.example.com` match the domain and every name under it; `host:port`
 * only that port; `10.0.0.0/8` the addresses of an IPv4 range.
 */
export function matchesNoProxy(hostname: string, port: string, pattern: string): boolean {
  const entry = pattern.trim().toLowerCase();
  if (entry === '') return false;
  if (entry === '*') return true;
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const range = /^(\d+\.\d+\.\d+\.\d+)\/(\d+)$/.exec(entry);
  if (range) return inRange(host, range[1] as string, Number(range[2]));
  // [v6]:port, v6, name:port or name.
  const parts = /^\[(.*)\](?::(\d+))?$/.exec(entry) ?? (entry.split(':').length > 2 ? [entry, entry] : /^(.*?)(?::(\d+))?$/.exec(entry));
  const name = (parts?.[1] ?? entry).replace(/^\*?\./, '');
  if (parts?.[2] !== undefined && parts[2] !== port) return false;
  return host === name || host.endsWith(`.${name}`);
}

function inRange(host: string, network: string, bits: number): boolean {
  const address = ipv4(host);
  const base = ipv4(network);
  if (address === undefined || base === undefined || bits > 32) return false;
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (address & mask) >>> 0 === (base & mask) >>> 0;
}

function ipv4(text: string): number | undefined {
  const parts = text.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return undefined;
  return (((parts[0] as number) << 24) | ((parts[1] as number) << 16) | ((parts[2] as number) << 8) | (parts[3] as number)) >>> 0;
}

/** What a failure's advice tells about the way its request went. */
export interface NetworkFacts {
  /** The proxy the request went through (host:port), and where it was set. */
  proxy?: string;
  proxySource?: ProxySource;
  /** A proxy is set, and this address went around it by this pattern of this setting. */
  bypass?: { proxy: string; pattern: string; setting: string };
  /** The authority named by a certificate the connection refused. */
  issuer?: string;
  /** The refused certificate is the https proxy's own (the service itself was asked for over http). */
  proxyCertificate?: boolean;
  /** The service's host, as the proxy was asked for it. */
  target?: string;
}

/** The facts of a route to `address`, for advice, the log and diagnostics. */
export function networkFacts(choice: ProxyChoice, address: string): NetworkFacts {
  const target = new URL(address).host;
  if (choice.kind === 'proxy') return { proxy: choice.proxy.host, proxySource: choice.proxy.source, target };
  if (choice.bypassed) return { bypass: { proxy: choice.bypassed.proxy.host, pattern: choice.bypassed.pattern, setting: choice.bypassed.setting }, target };
  return { target };
}
