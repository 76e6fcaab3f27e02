// Web pages read from real servers on loopback: the guard on every hop, redirects, the size and
// time limits, the types, what is never sent, and the service's proxy and trusted authorities.
import * as assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { GuardedRange } from '#src/chat/common/attachments/webPage/addressGuard';
import { fetchPage } from '#src/chat/common/attachments/webPage/pageFetch';
import { routesFor } from '#src/platform/client/http/dispatcher';
import { DIRECT_NETWORK, type NetworkSettings } from '#src/platform/client/http/proxyChoice';
import { useLoopbackProxy } from '../../../../../support/loopbackProxy';
import { makeTestAuthority, type TestAuthority } from '../../../../../support/testAuthority';

type Handler = (response: ServerResponse, headers: IncomingHttpHeaders) => void;

/** A loopback server answering each path with its handler, recording what it was asked. */
async function serve(handlers: Record<string, Handler>, tls?: { key: string; cert: string }) {
  const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
  const listener = (request: { url?: string; headers: IncomingHttpHeaders }, response: ServerResponse) => {
    seen.push({ path: request.url ?? '', headers: request.headers });
    const handler = handlers[request.url ?? ''];
    if (handler) handler(response, request.headers);
    else response.writeHead(404).end();
  };
  const server: Server = tls ? createTlsServer(tls, listener) : createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return { port, seen, origin: `${tls ? 'https' : 'http'}://127.0.0.1:${port}` };
}
const servers: Server[] = [];

const html =
  (body: string): Handler =>
  (response) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
const redirect =
  (to: string, status = 302): Handler =>
  (response) =>
    response.writeHead(status, { location: to, 'set-cookie': 'session=secret' }).end();

/** A person who lets every host be read (or none), recording what was asked. */
function person(answer = true) {
  const asked: [string, GuardedRange][] = [];
  return {
    asked,
    allow: (host: string, range: GuardedRange) => {
      asked.push([host, range]);
      return Promise.resolve(answer);
    },
  };
}

const direct = (network: Partial<NetworkSettings> = {}) => routesFor({ ...DIRECT_NETWORK, ...network }, {});

describe('web page reading', () => {
  afterEach(() => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      server.close();
    }
  });

  it('a loopback page is not requested until the person lets its host be read', async () => {
    const site = await serve({ '/': html('<p>local</p>') });
    const no = person(false);
    const refused = await fetchPage(`${site.origin}/`, { routes: direct(), guard: no });
    assert.deepEqual(refused, { ok: false, failure: { kind: 'refused', host: '127.0.0.1', range: 'loopback' } });
    assert.deepEqual([no.asked, site.seen.length], [[['127.0.0.1', 'loopback']], 0]);
    const read = await fetchPage(`${site.origin}/`, { routes: direct(), guard: person() });
    assert.ok(read.ok);
    assert.deepEqual(
      [read.page.type, read.page.charset, Buffer.from(read.page.bytes).toString(), read.page.truncated],
      ['text/html', 'utf-8', '<p>local</p>', false],
    );
  });

  it('each redirect is checked as its own host, at most 5 are followed, and no cookie, key or credential goes along', async () => {
    const site = await serve({
      '/0': redirect('/1', 301),
      '/1': redirect('/2', 303),
      '/2': redirect('/3', 307),
      '/3': redirect('/4', 308),
      '/4': redirect('/5'),
      '/5': html('<p>five hops</p>'),
      '/6': redirect('/0'),
    });
    const asked = person();
    const read = await fetchPage(`${site.origin}/0`, { routes: direct(), guard: asked });
    assert.ok(read.ok);
    assert.equal(read.page.url, `${site.origin}/5`);
    assert.equal(asked.asked.length, 6, 'every hop checked');
    assert.deepEqual(
      site.seen.map(({ headers }) => [headers.cookie, headers.authorization, headers.host]),
      Array.from({ length: 6 }, () => [undefined, undefined, `127.0.0.1:${site.port}`]),
    );
    const tooMany = await fetchPage(`${site.origin}/6`, { routes: direct(), guard: person() });
    assert.deepEqual(tooMany, { ok: false, failure: { kind: 'redirects', url: `${site.origin}/5` } });
  });

  it('a redirect from a public name to a loopback one is refused at that hop, and the loopback page is never requested', async () => {
    const target = await serve({ '/admin': html('<p>admin</p>') });
    const site = await serve({ '/': redirect(`http://inside.page-tests:${target.port}/admin`) });
    const guard = {
      // The first host stands for a public name: resolved to the loopback server, but let be read.
      resolve: (host: string) => Promise.resolve(host === 'outside.page-tests' || host === 'inside.page-tests' ? ['127.0.0.1'] : []),
      allow: (host: string) => Promise.resolve(host === 'outside.page-tests'),
    };
    const read = await fetchPage(`http://outside.page-tests:${site.port}/`, { routes: direct(), guard });
    assert.deepEqual(read, { ok: false, failure: { kind: 'refused', host: 'inside.page-tests', range: 'loopback' } });
    assert.deepEqual([site.seen.length, target.seen.length], [1, 0]);
  });

  it('a name is connected to at the address that was checked, with the name as its Host', async () => {
    const site = await serve({ '/': html('<p>pinned</p>') });
    // The name resolves nowhere but in the guard: the request can only have gone to the checked address.
    const guard = { resolve: () => Promise.resolve(['127.0.0.1']), allow: () => Promise.resolve(true) };
    const read = await fetchPage(`http://pinned.page-tests:${site.port}/`, { routes: direct(), guard });
    assert.ok(read.ok);
    assert.deepEqual(site.seen[0]?.headers.host, `pinned.page-tests:${site.port}`);
  });

  it('a redirect to another scheme is refused', async () => {
    const site = await serve({ '/': redirect('file:///etc/passwd') });
    assert.deepEqual(await fetchPage(`${site.origin}/`, { routes: direct(), guard: person() }), {
      ok: false,
      failure: { kind: 'scheme', url: 'file:///etc/passwd' },
    });
    assert.deepEqual(await fetchPage('ftp://127.0.0.1/', { routes: direct(), guard: person() }), {
      ok: false,
      failure: { kind: 'scheme', url: 'ftp://127.0.0.1/' },
    });
  });

  it('reads at most the size limit of a longer page, and stops reading there', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let written = 0;
    const site = await serve({
      '/big': (response) => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        const write = () => {
          while (written < 50 * 1024 * 1024) {
            written += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', write);
          }
          response.end();
        };
        response.on('error', () => undefined);
        write();
      },
    });
    const read = await fetchPage(`${site.origin}/big`, { routes: direct(), guard: person(), maxBytes: 100_000 });
    assert.ok(read.ok);
    assert.deepEqual([read.page.bytes.length, read.page.truncated], [100_000, true]);
    assert.ok(written < 50 * 1024 * 1024, 'the rest of the page was not sent for');
  });

  it('a page that does not arrive in time fails as a timeout', async () => {
    const site = await serve({ '/slow': () => undefined });
    const read = await fetchPage(`${site.origin}/slow`, { routes: direct(), guard: person(), timeoutMs: 200 });
    assert.deepEqual(read, { ok: false, failure: { kind: 'timeout', url: `${site.origin}/slow` } });
  });

  it('HTML, Markdown and text are read; another type and an error status are refused', async () => {
    const site = await serve({
      '/md': (response) => response.writeHead(200, { 'content-type': 'text/markdown' }).end('# Notes'),
      '/png': (response) => response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10)),
      '/none': (response) => response.writeHead(200).end('?'),
    });
    const read = await fetchPage(`${site.origin}/md`, { routes: direct(), guard: person() });
    assert.deepEqual(read.ok && [read.page.type, Buffer.from(read.page.bytes).toString()], ['text/markdown', '# Notes']);
    assert.deepEqual(await fetchPage(`${site.origin}/png`, { routes: direct(), guard: person() }), {
      ok: false,
      failure: { kind: 'type', type: 'image/png', url: `${site.origin}/png` },
    });
    assert.deepEqual(await fetchPage(`${site.origin}/none`, { routes: direct(), guard: person() }), {
      ok: false,
      failure: { kind: 'type', type: '(none)', url: `${site.origin}/none` },
    });
    assert.deepEqual(await fetchPage(`${site.origin}/gone`, { routes: direct(), guard: person() }), {
      ok: false,
      failure: { kind: 'status', status: 404, url: `${site.origin}/gone` },
    });
  });

  describe('through the service connection', () => {
    const proxy = useLoopbackProxy();
    let authority: TestAuthority;
    before(async () => {
      authority = await makeTestAuthority();
    });

    it('goes through http.proxy, which is asked for the page by name', async () => {
      const site = await serve({ '/': html('<p>proxied</p>') });
      const asked = person();
      const routes = routesFor({ ...DIRECT_NETWORK, proxy: proxy.url }, {});
      const read = await fetchPage(`http://localhost:${site.port}/`, { routes, guard: asked });
      assert.ok(read.ok);
      assert.deepEqual(proxy.connects, [{ target: `localhost:${site.port}`, authorized: true }]);
      assert.deepEqual(asked.asked, [['localhost', 'loopback']]);
    });

    it('trusts the added authorities, and checks the certificate against the page name, not the address connected to', async () => {
      const site = await serve({ '/': html('<p>secure</p>') }, authority.server);
      const routes = direct({ extraCertificates: [authority.caCertificate] });
      const read = await fetchPage(`https://localhost:${site.port}/`, { routes, guard: person() });
      assert.ok(read.ok);
      const guard = { resolve: () => Promise.resolve(['127.0.0.1']), allow: () => Promise.resolve(true) };
      const other = await fetchPage(`https://other.page-tests:${site.port}/`, { routes, guard });
      assert.deepEqual(other, { ok: false, failure: { kind: 'network', code: 'ERR_TLS_CERT_ALTNAME_INVALID', url: `https://other.page-tests:${site.port}/` } });
      const untrusted = await fetchPage(`https://localhost:${site.port}/`, { routes: direct(), guard: person() });
      assert.deepEqual(untrusted, { ok: false, failure: { kind: 'network', code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', url: `https://localhost:${site.port}/` } });
    });
  });
});
