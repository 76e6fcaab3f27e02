import * as assert from 'node:assert/strict';
import { networkAdvice } from '#src/platform/client/errors/networkAdvice';

describe('core network advice', () => {
  it('a 407 names the proxy and the variable it came from', () => {
    assert.equal(
      networkAdvice({ kind: 'proxy', status: 407, network: { proxy: 'proxy.corp:3128', proxySource: 'HTTPS_PROXY', target: 'api.example.com' } }),
      'The proxy proxy.corp:3128 asked for credentials and did not accept the ones sent (HTTP 407): put the user name and password in HTTPS_PROXY (http://user:password@host:port) or the header value in http.proxyAuthorization, then try again.',
    );
  });

  it('a refused tunnel names the proxy, the status and the service host', () => {
    assert.equal(
      networkAdvice({ kind: 'proxy', status: 403, network: { proxy: 'proxy.corp:3128', proxySource: 'http.proxy', target: 'api.example.com' } }),
      'The proxy proxy.corp:3128 refused to connect to api.example.com (HTTP 403): ask your network administrator to allow it, or, if the service is reached without the proxy, add it to http.noProxy.',
    );
  });

  it('an untrusted certificate whose authority could not be read still names the setting', () => {
    assert.equal(
      networkAdvice({ kind: 'certificate', network: { target: 'api.example.com' } }),
      "The service's certificate is issued by an authority this editor does not trust: set multiModelAI.caCertificates to a PEM file holding that authority's certificate (your IT department has it), then try again.",
    );
  });

  it('a network failure that the way does not explain gets no network advice', () => {
    assert.equal(networkAdvice({ kind: 'network', network: { target: 'api.example.com' } }), undefined);
    assert.equal(networkAdvice({ kind: 'timeout' }), undefined);
  });
});
