// The certificate authorities a connection trusts, as VS Code's own requests do: Node's bundled
// ones and NODE_EXTRA_CA_CERTS, the operating system's store when `http.systemCertificates` is on
// and this Node can read it (`tls.getCACertificates('system')`, Node 22.15 and later; older ones
// go on without it), and the PEM bundle named by `multiModelAI.caCertificates`. Verification is
// never turned off: these only add authorities.
import { readFileSync } from 'node:fs';
import * as tls from 'node:tls';
import type { Environment } from './proxyChoice';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The certificates in a PEM text, one each; anything between them is left out. */
export function certificatesIn(text: string): string[] {
  return text.match(PEM_CERTIFICATE) ?? [];
}

export type CaBundle = { certificates: string[] } | { problem: string };

/** Reads the PEM bundle at `path`: its certificates, or what is wrong with it (in English, for the log and the settings check). */
export function readCaBundle(path: string): CaBundle {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { problem: `${path} cannot be read (${typeof code === 'string' ? code : String(error)})` };
  }
  const certificates = certificatesIn(text);
  return certificates.length > 0 ? { certificates } : { problem: `${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----)` };
}

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
