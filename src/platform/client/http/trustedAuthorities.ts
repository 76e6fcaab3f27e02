// The certificate authorities a connection trusts, as VS Code's own requests do: Node's bundled
// ones and NODE_EXTRA_CA_CERTS, the operating system's store when `http.systemCertificates` is on
// and this Node can read it (`tls.getCACertificates('system')`, Node 22.15 and later; older ones
// go on without it), and the PEM bundle named by `multiModelAI.caCertificates`. Verification is
// never turned off: these only add authorities.
import * as tls from 'node:tls';
import { readCaBundle } from './caBundle';
import type { Environment } from './proxyChoice';

type CaSource = 'default' | 'system' | 'bundled' | 'extra';
const getCACertificates = (tls as { getCACertificates?: (type: CaSource) => string[] }).getCACertificates;

/** Whether this Node can read the operating system's store. */
export const SYSTEM_STORE_READABLE = typeof getCACertificates === 'function';

/**
 * The authorities to trust, or undefined when Node's default set is all there is (then Node's
 * own default, NODE_EXTRA_CA_CERTS included, applies untouched).
 */
export function trustedAuthorities(options: { systemCertificates: boolean; extraCertificates: readonly string[] }, env: Environment): string[] | undefined {
  const system = options.systemCertificates && getCACertificates ? getCACertificates('system') : [];
  if (system.length === 0 && options.extraCertificates.length === 0) return undefined;
  // An explicit list replaces Node's default: the default goes first, NODE_EXTRA_CA_CERTS with it.
  return [...new Set([...nodeDefault(env), ...system, ...options.extraCertificates])];
}

function nodeDefault(env: Environment): string[] {
  if (getCACertificates) return getCACertificates('default');
  const extraPath = env.NODE_EXTRA_CA_CERTS;
  const extra = extraPath ? readCaBundle(extraPath) : undefined;
  return [...tls.rootCertificates, ...(extra && 'certificates' in extra ? extra.certificates : [])];
}
