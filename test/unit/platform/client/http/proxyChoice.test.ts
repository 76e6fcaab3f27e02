import * as assert from 'node:assert/strict';
import {
  chooseProxy,
  DIRECT_NETWORK,
  matchesNoProxy,
  networkFacts,
  proxyHost,
  splitNoProxy,
  type NetworkSettings,
} from '#src/platform/client/http/proxyChoice';

const HTTPS = 'https://api.example.com/v1/models';
const HTTP = 'http://127.0.0.1:8080/v1/models';
const settings = (overrides: Partial<NetworkSettings>): NetworkSettings => ({ ...DIRECT_NETWORK, ...overrides });

/** The choice in one line: `direct`, `direct around HOST by PATTERN (SETTING)` or `HOST (SOURCE)`. */
function chosen(address: string, network: Partial<NetworkSettings>, env: Record<string, string> = {}): string {
  const choice = chooseProxy(address, settings(network), env);
  if (choice.kind === 'proxy') return `${choice.proxy.host} (${choice.proxy.source})`;
  return choice.bypassed ? `direct around ${choice.bypassed.proxy.host} by ${choice.bypassed.pattern} (${choice.bypassed.setting})` : 'direct';
}

describe('core proxy choice', () => {
  const table: [string, string, Partial<NetworkSettings>, Record<string, string>, string][] = [
    ['nothing set', HTTPS, {}, {}, 'direct'],
    ['http.proxy', HTTPS, { proxy: 'http://proxy.corp:3128' }, {}, 'proxy.corp:3128 (http.proxy)'],
    ['http.proxy without a scheme', HTTPS, { proxy: 'proxy.corp:3128' }, {}, 'proxy.corp:3128 (http.proxy)'],
    ['http.proxy without a port', HTTPS, { proxy: 'http://proxy.corp' }, {}, 'proxy.corp:80 (http.proxy)'],
    ['http.proxy over the environment', HTTPS, { proxy: 'http://proxy.corp:3128' }, { HTTPS_PROXY: 'http://env:1' }, 'proxy.corp:3128 (http.proxy)'],
    ['HTTPS_PROXY for https', HTTPS, {}, { HTTPS_PROXY: 'http://env:8443' }, 'env:8443 (HTTPS_PROXY)'],
    ['https_proxy before HTTPS_PROXY', HTTPS, {}, { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:2' }, 'lower:1 (https_proxy)'],
    ['HTTP_PROXY for https when HTTPS_PROXY is absent', HTTPS, {}, { HTTP_PROXY: 'http://env:8080' }, 'env:8080 (HTTP_PROXY)'],
    ['HTTPS_PROXY not for http', HTTP, {}, { HTTPS_PROXY: 'http://env:8443' }, 'direct'],
    ['HTTP_PROXY for http', HTTP, {}, { HTTP_PROXY: 'http://env:8080' }, 'env:8080 (HTTP_PROXY)'],
    ['http.proxySupport off, http.proxy set', HTTPS, { proxy: 'http://proxy.corp:3128', proxySupport: 'off' }, {}, 'direct'],
    ['http.proxySupport off, HTTPS_PROXY set', HTTPS, { proxySupport: 'off' }, { HTTPS_PROXY: 'http://env:1' }, 'direct'],
    ['http.proxySupport fallback', HTTPS, { proxy: 'http://proxy.corp:3128', proxySupport: 'fallback' }, {}, 'proxy.corp:3128 (http.proxy)'],
    [
      'http.noProxy around http.proxy',
      HTTPS,
      { proxy: 'http://proxy.corp:3128', noProxy: ['example.com'] },
      {},
      'direct around proxy.corp:3128 by example.com (http.noProxy)',
    ],
    [
      'NO_PROXY around http.proxy',
      HTTPS,
      { proxy: 'http://proxy.corp:3128' },
      { NO_PROXY: 'localhost, .example.com' },
      'direct around proxy.corp:3128 by .example.com (NO_PROXY)',
    ],
    ['no_proxy around HTTPS_PROXY', HTTPS, {}, { HTTPS_PROXY: 'http://env:1', no_proxy: '*' }, 'direct around env:1 by * (NO_PROXY)'],
    ['http.noProxy that does not match', HTTPS, { proxy: 'http://proxy.corp:3128', noProxy: ['internal.corp'] }, {}, 'proxy.corp:3128 (http.proxy)'],
    [
      'an address range in http.noProxy',
      HTTP,
      { proxy: 'http://proxy.corp:3128', noProxy: ['127.0.0.0/8'] },
      {},
      'direct around proxy.corp:3128 by 127.0.0.0/8 (http.noProxy)',
    ],
  ];
  for (const [name, address, network, env, expected] of table) {
    it(`${name}: ${expected}`, () => assert.equal(chosen(address, network, env), expected));
  }

  it('names a proxy by host and port only, never by its credentials', () => {
    const choice = chooseProxy(HTTPS, settings({ proxy: 'http://alice:s3cret@proxy.corp:3128' }), {});
    assert.equal(choice.kind === 'proxy' && choice.proxy.host, 'proxy.corp:3128');
    assert.equal(proxyHost('https://bob:pw@secure.proxy'), 'secure.proxy:443');
    assert.deepEqual(networkFacts(choice, HTTPS), { proxy: 'proxy.corp:3128', proxySource: 'http.proxy', target: 'api.example.com' });
  });

  describe('noProxy patterns', () => {
    const cases: [string, string, string, boolean][] = [
      ['*', 'anything.test', '443', true],
      ['example.com', 'example.com', '443', true],
      ['example.com', 'api.example.com', '443', true],
      ['example.com', 'notexample.com', '443', false],
      ['.example.com', 'example.com', '443', true],
      ['.example.com', 'deep.api.example.com', '443', true],
      ['*.example.com', 'api.example.com', '443', true],
      ['EXAMPLE.com', 'Api.Example.COM', '443', true],
      ['example.com:8443', 'example.com', '8443', true],
      ['example.com:8443', 'example.com', '443', false],
      ['10.0.0.0/8', '10.20.30.40', '80', true],
      ['10.0.0.0/8', '11.0.0.1', '80', false],
      ['192.168.1.0/24', '192.168.1.77', '80', true],
      ['192.168.1.0/24', 'example.com', '80', false],
      ['127.0.0.1', '127.0.0.1', '9000', true],
      ['[::1]', '[::1]', '443', true],
      ['', 'example.com', '443', false],
    ];
    for (const [pattern, host, port, expected] of cases) {
      it(`"${pattern}" ${expected ? 'matches' : 'does not match'} ${host}:${port}`, () => assert.equal(matchesNoProxy(host, port, pattern), expected));
    }

    it('NO_PROXY is split at commas and spaces', () => {
      assert.deepEqual(splitNoProxy(' localhost,.corp  10.0.0.0/8,,'), ['localhost', '.corp', '10.0.0.0/8']);
      assert.deepEqual(splitNoProxy(undefined), []);
    });
  });
});
