// What to do about a request that went the wrong way: the proxy's host (never its credentials)
// and the setting to change, for a proxy that cannot be reached, refuses the tunnel or asks for
// credentials, an address sent around the proxy by noProxy, and an untrusted certificate.
import * as l10n from '@vscode/l10n';
import type { ErrorKind } from './errorKind';
import type { NetworkFacts } from '../http/proxyChoice';

export const CA_CERTIFICATES_SETTING = 'multiModelAI.caCertificates';

/** The advice for a proxy or certificate failure, or a direct one around a proxy; undefined when the way tells nothing. */
export function networkAdvice(facts: { kind: ErrorKind; status?: number; network?: NetworkFacts }): string | undefined {
  const { kind, status, network } = facts;
  if (kind === 'certificate' && network?.proxyCertificate && network.proxy !== undefined) return proxyCertificateAdvice(network.proxy, network.issuer);
  if (kind === 'certificate') return certificateAdvice(network?.issuer);
  if (kind === 'network' && network?.bypass) {
    const { proxy, pattern, setting } = network.bypass;
    return l10n.t(
      'The service address matches "{0}" in {1}, so it was reached directly instead of through the proxy {2}, and could not be reached: remove "{0}" from {1}, then try again.',
      pattern,
      setting,
      proxy,
    );
  }
  if (kind !== 'proxy') return undefined;
  if (network?.proxy === undefined) return l10n.t('The proxy could not be used: check http.proxy, http.noProxy and http.proxyAuthorization, then try again.');
  const { proxy, proxySource: setting = 'http.proxy', target = '' } = network;
  if (status === 407)
    return l10n.t(
      'The proxy {0} asked for credentials and did not accept the ones sent (HTTP 407): put the user name and password in {1} (http://user:password@host:port) or the header value in http.proxyAuthorization, then try again.',
      proxy,
      setting,
    );
  if (status !== undefined)
    return l10n.t(
      'The proxy {0} refused to connect to {1} (HTTP {2}): ask your network administrator to allow it, or, if the service is reached without the proxy, add it to http.noProxy.',
      proxy,
      target,
      status,
    );
  return l10n.t('The proxy {0} (set in {1}) could not be reached: check {1}, or clear it if this network needs no proxy, then try again.', proxy, setting);
}

function certificateAdvice(issuer: string | undefined): string {
  return issuer
    ? l10n.t(
        'The service\'s certificate is issued by "{0}", an authority this editor does not trust: set {1} to a PEM file holding that authority\'s certificate (your IT department has it), then try again.',
        issuer,
        CA_CERTIFICATES_SETTING,
      )
    : l10n.t(
        "The service's certificate is issued by an authority this editor does not trust: set {0} to a PEM file holding that authority's certificate (your IT department has it), then try again.",
        CA_CERTIFICATES_SETTING,
      );
}

function proxyCertificateAdvice(proxy: string, issuer: string | undefined): string {
  return issuer
    ? l10n.t(
        'The proxy {0} presents a certificate issued by "{1}", an authority this editor does not trust: set {2} to a PEM file holding that authority\'s certificate (your IT department has it), then try again.',
        proxy,
        issuer,
        CA_CERTIFICATES_SETTING,
      )
    : l10n.t(
        "The proxy {0} presents a certificate issued by an authority this editor does not trust: set {1} to a PEM file holding that authority's certificate (your IT department has it), then try again.",
        proxy,
        CA_CERTIFICATES_SETTING,
      );
}
