// The client behind a real proxy on loopback and against the emulator over TLS with an authority
// made at test time: what goes through the proxy, what goes around it, and what each failure says.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { FIXTURE_KEYS, startEmulator, type RunningEmulator } from '../../../emulator/index';
import { collectingLogger } from '../../../support/collectingLogger';
import { startLoopbackProxy, useLoopbackProxy } from '../../../support/loopbackProxy';
import { makeTestAuthority, type TestAuthority } from '../../../support/testAuthority';
import { useEmulator } from '../../../support/useEmulator';
import { ServiceClient, type ServiceClientOptions } from '#src/platform/client/serviceClient';
import { DIRECT_NETWORK, type NetworkSettings } from '#src/platform/client/http/proxyChoice';
import { TRANSPORTS } from '#src/platform/client/transports/index';
import { type TextRequest } from '#src/platform/client/transports/textRequest';
import { rejection, run } from './textOutcome';

const chat: TextRequest = { model: 'acme/chat-large', messages: [{ role: 'user', content: 'Hello through the proxy' }], options: {} };

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('core client behind a proxy and with company certificates', () => {
  const { emulator, control } = useEmulator();
  const log = collectingLogger();
  const open = useLoopbackProxy();
  const guarded = useLoopbackProxy({ user: 'alice', password: 'wonder land' });
  beforeEach(() => {
    log.lines.length = 0;
  });

  const client = (network: Partial<NetworkSettings>, options: Partial<ServiceClientOptions> = {}) =>
    new ServiceClient({
      baseUrl: emulator.baseUrl,
      apiKey: FIXTURE_KEYS.alpha,
      logger: log.logger,
      network: { ...DIRECT_NETWORK, ...network },
      environment: {},
      ...options,
    });
  const emulatorHost = () => new URL(emulator.origin).host;

  it('sends the catalog, a streamed answer and an image by address (its download too) through http.proxy', async () => {
    const through = client({ proxy: open.url });
    assert.ok((await through.listModels()).data.length > 0);
    const outcome = await run(through.streamText(TRANSPORTS['chat-completions'], chat));
    assert.equal(outcome.error, undefined);
    assert.ok(outcome.text.length > 0);
    const made = await through.createImages({ model: 'pixel/image-gen', prompt: 'a lighthouse', options: { response_format: 'url' } });
    assert.equal(made.images.length, 1);
    assert.ok(open.connects.length >= 1);
    assert.deepEqual([...new Set(open.connects.map((c) => c.target))], [emulatorHost()]);
    const recorded = await control.requests();
    assert.deepEqual(
      recorded.map((r) => `${r.method} ${r.path} ${r.status}`),
      ['GET /v1/models 200', 'POST /v1/chat/completions 200', 'POST /v1/images/generations 200'],
    );
    const download = log.lines.find((line) => line.includes('/__emulator/files/'));
    assert.ok(download?.includes(`proxy=${open.host}`), download);
    assert.ok(
      log.lines.every((line) => line.includes(`proxy=${open.host}`)),
      log.lines.join('\n'),
    );
  });

  it('sends an address matched by http.noProxy directly', async () => {
    const around = client({ proxy: open.url, noProxy: ['127.0.0.1'] });
    assert.ok((await around.listModels()).data.length > 0);
    assert.deepEqual(open.connects, []);
    assert.ok(
      log.lines.every((line) => !line.includes('proxy=')),
      log.lines.join('\n'),
    );
  });

  it('takes the proxy from HTTP_PROXY when http.proxy is empty', async () => {
    const fromEnv = client({}, { environment: { HTTP_PROXY: open.url } });
    await fromEnv.listModels();
    assert.deepEqual(
      open.connects.map((c) => c.target),
      [emulatorHost()],
    );
  });

  it('authenticates to the proxy with the credentials in http.proxy, or with http.proxyAuthorization', async () => {
    const withUrl = `http://alice:${encodeURIComponent('wonder land')}@${guarded.host}`;
    await client({ proxy: withUrl }).listModels();
    const header = `Basic ${Buffer.from('alice:wonder land').toString('base64')}`;
    await client({ proxy: guarded.url, proxyAuthorization: header }).listModels();
    assert.deepEqual(
      guarded.connects.map((c) => c.authorized),
      [true, true],
    );
  });

  it('a wrong proxy password is a 407 with advice naming the proxy and the setting, never sent again, the password nowhere', async () => {
    const error = await rejection(client({ proxy: `http://alice:wrong-secret@${guarded.host}` }).listModels());
    assert.equal(error.kind, 'proxy');
    assert.equal(error.status, 407);
    assert.equal(
      error.userMessage,
      `The proxy ${guarded.host} asked for credentials and did not accept the ones sent (HTTP 407): put the user name and password in http.proxy (http://user:password@host:port) or the header value in http.proxyAuthorization, then try again.`,
    );
    assert.equal(error.diagnostics.attempts, 1);
    assert.equal(error.diagnostics.proxy, `${guarded.host} (http.proxy)`);
    assert.deepEqual(await control.requests(), []);
    const everything = `${error.message} ${error.userMessage} ${JSON.stringify(error.diagnostics)} ${log.lines.join('\n')}`;
    assert.ok(!everything.includes('wrong-secret'), everything);
    assert.ok(
      log.lines.some((line) => line.includes(`kind=proxy`) && line.includes(`proxy=${guarded.host}`)),
      log.lines.join('\n'),
    );
  });

  it('a proxy that cannot be reached is retried as never sent, then named with its setting', async () => {
    const port = await closedPort();
    const error = await rejection(client({ proxy: `http://127.0.0.1:${port}` }, { maxRetries: 1 }).listModels());
    assert.equal(error.kind, 'proxy');
    assert.equal(error.diagnostics.attempts, 2);
    assert.equal(error.answerLost, false);
    assert.equal(
      error.userMessage,
      `The proxy 127.0.0.1:${port} (set in http.proxy) could not be reached: check http.proxy, or clear it if this network needs no proxy, then try again.`,
    );
  });

  it('a proxy that refuses the tunnel is named with its status and the service it was asked for', async () => {
    const port = await closedPort();
    const error = await rejection(client({ proxy: open.url }, { baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 0 }).listModels());
    assert.equal(error.kind, 'proxy');
    assert.equal(error.status, 500);
    assert.equal(
      error.userMessage,
      `The proxy ${open.host} refused to connect to 127.0.0.1:${port} (HTTP 500): ask your network administrator to allow it, or, if the service is reached without the proxy, add it to http.noProxy.`,
    );
  });

  it('an address sent around the proxy by noProxy that cannot be reached says which pattern sent it there', async () => {
    const port = await closedPort();
    const error = await rejection(
      client({ proxy: open.url, noProxy: ['127.0.0.0/8'] }, { baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 0 }).listModels(),
    );
    assert.equal(error.kind, 'network');
    assert.equal(
      error.userMessage,
      `The service address matches "127.0.0.0/8" in http.noProxy, so it was reached directly instead of through the proxy ${open.host}, and could not be reached: remove "127.0.0.0/8" from http.noProxy, then try again.`,
    );
    assert.equal(error.diagnostics.proxy, 'none');
  });

  describe('the emulator over TLS with an authority made at test time', () => {
    let authority: TestAuthority;
    let secure: RunningEmulator;
    before(async function () {
      this.timeout(20_000);
      authority = await makeTestAuthority();
      secure = await startEmulator({ tls: authority.server });
    });
    after(() => secure.close());

    const tlsClient = (network: Partial<NetworkSettings>) => client(network, { baseUrl: secure.baseUrl, maxRetries: 0 });

    it('refuses the untrusted certificate, naming its authority and the setting', async () => {
      const error = await rejection(tlsClient({}).listModels());
      assert.equal(error.kind, 'certificate');
      assert.equal(
        error.userMessage,
        `The service's certificate is issued by "${authority.name}", an authority this editor does not trust: set multiModelAI.caCertificates to a PEM file holding that authority's certificate (your IT department has it), then try again.`,
      );
    });

    it('names the authority through the proxy too', async () => {
      const error = await rejection(tlsClient({ proxy: open.url }).listModels());
      assert.equal(error.kind, 'certificate');
      assert.ok(error.userMessage.includes(`"${authority.name}"`), error.userMessage);
    });

    it('an https proxy is verified under http.proxyStrictSSL: its untrusted certificate is named, then trusted with the authority added', async () => {
      const tlsProxy = await startLoopbackProxy({ tls: authority.server });
      try {
        const through = (network: Partial<NetworkSettings>) => client({ proxy: tlsProxy.url, ...network }, { maxRetries: 0 }).listModels();
        const error = await rejection(through({}));
        assert.equal(error.kind, 'certificate');
        assert.equal(
          error.userMessage,
          `The proxy ${tlsProxy.host} presents a certificate issued by "${authority.name}", an authority this editor does not trust: set multiModelAI.caCertificates to a PEM file holding that authority's certificate (your IT department has it), then try again.`,
        );
        assert.ok((await through({ extraCertificates: [authority.caCertificate] })).data.length > 0);
        // VS Code's own switch for the proxy's certificate; the service's is verified whatever it says.
        assert.ok((await through({ proxyStrictSSL: false })).data.length > 0);
        assert.equal(tlsProxy.connects.length, 2);
      } finally {
        await tlsProxy.close();
      }
    });

    it('http.proxyStrictSSL off never lets an untrusted service certificate through', async () => {
      const error = await rejection(tlsClient({ proxy: open.url, proxyStrictSSL: false }).listModels());
      assert.equal(error.kind, 'certificate');
    });

    it('trusts it once the extra certificates hold the authority, directly and through the proxy', async () => {
      assert.ok((await tlsClient({ extraCertificates: [authority.caCertificate] }).listModels()).data.length > 0);
      assert.ok((await tlsClient({ extraCertificates: [authority.caCertificate], proxy: open.url }).listModels()).data.length > 0);
      assert.deepEqual(
        open.connects.map((c) => c.target),
        [new URL(secure.origin).host],
      );
    });
  });
});
