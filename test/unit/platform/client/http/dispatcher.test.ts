import * as assert from 'node:assert/strict';
import { Agent, ProxyAgent } from 'undici';
import { routesFor } from '#src/platform/client/http/dispatcher';
import { DIRECT_NETWORK } from '#src/platform/client/http/proxyChoice';

describe('core dispatcher', () => {
  const env = {};

  it('clients with equal network settings share their routes, and one origin keeps its connection pool', () => {
    const routes = routesFor({ ...DIRECT_NETWORK, noProxy: ['internal.corp'] }, env);
    assert.equal(routesFor({ ...DIRECT_NETWORK, noProxy: ['internal.corp'] }, env), routes);
    assert.notEqual(routesFor({ ...DIRECT_NETWORK, noProxy: ['other.corp'] }, env), routes);
    const first = routes.for('https://api.example.com/v1/models');
    assert.equal(routes.for('https://api.example.com/v1/chat/completions'), first);
    assert.ok(first.dispatcher instanceof Agent);
    assert.equal(first.choice.kind, 'direct');
  });

  it('a proxied origin gets undici ProxyAgent, an address in noProxy the direct Agent', () => {
    const routes = routesFor({ ...DIRECT_NETWORK, proxy: 'http://proxy.corp:3128', noProxy: ['internal.corp'] }, env);
    const proxied = routes.for('https://api.example.com/v1/models');
    assert.ok(proxied.dispatcher instanceof ProxyAgent);
    assert.equal(proxied.choice.kind === 'proxy' && proxied.choice.proxy.host, 'proxy.corp:3128');
    const direct = routes.for('https://llm.internal.corp/v1/models');
    assert.ok(direct.dispatcher instanceof Agent && !(direct.dispatcher instanceof ProxyAgent));
  });

  it("keeps Node's own TLS defaults when no authority is added", () => {
    assert.equal(routesFor({ ...DIRECT_NETWORK, noProxy: ['x.test'] }, env).secureContext(), undefined);
  });
});
