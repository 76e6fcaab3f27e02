// A connection that failed because of the way it went: a proxy that cannot be reached, refuses
// the tunnel or asks for credentials (407), a certificate issued by an authority not trusted, or
// an address sent around the proxy by noProxy that cannot be reached directly. Each is a request
// that never reached the service ("could not be sent").
import type { Route } from '../http/dispatcher';
import type { Failure } from './serviceError';
import { networkFacts } from '../http/proxyChoice';

/** OpenSSL's names for a chain that ends at an authority the connection does not trust. */
const UNTRUSTED_CODES = new Set([
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
]);

/** Connection failures that prove nothing reached the other end. */
export const UNSENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

// undici's ProxyAgent reports a tunnel the proxy refused only in its message.
const TUNNEL_REFUSED = /^Proxy response \((\d{3})\) !== 200/;

/** The failure when the route explains it, else undefined. `description`: the error's code and message, for the log. */
export function routeFailure(error: unknown, code: string | undefined, route: Route, address: string, description: string): Failure | undefined {
  const network = networkFacts(route.choice, address);
  if (code !== undefined && UNTRUSTED_CODES.has(code)) {
    // Over plain http only the proxy speaks TLS; to an https service it is taken to be the service's (TLS inspection).
    const proxyCertificate = route.choice.kind === 'proxy' && route.choice.proxy.url.startsWith('https:') && address.startsWith('http:');
    return { kind: 'certificate', serviceMessage: description, network: { ...network, ...(proxyCertificate && { proxyCertificate }) }, cause: error };
  }
  if (route.choice.kind === 'proxy') {
    const refused = TUNNEL_REFUSED.exec(error instanceof Error ? error.message : '');
    if (refused) {
      const status = Number(refused[1]);
      // A 5xx from the proxy is its own trouble reaching the service, which may pass; a 4xx is its policy or credentials.
      return {
        kind: 'proxy',
        status,
        ...(status >= 500 && { retryCase: 'unsent' as const }),
        serviceMessage: `${description} (proxy ${network.proxy})`,
        network,
        cause: error,
      };
    }
    // Through a proxy, the only connection this machine opens is the one to the proxy.
    if (code !== undefined && UNSENT_CODES.has(code))
      return { kind: 'proxy', retryCase: 'unsent', serviceMessage: `${description} (proxy ${network.proxy})`, network, cause: error };
    return undefined;
  }
  if (network.bypass && code !== undefined && UNSENT_CODES.has(code))
    return { kind: 'network', retryCase: 'unsent', serviceMessage: description, network, cause: error };
  return undefined;
}
