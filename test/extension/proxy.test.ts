// Proxy and company certificates in a real extension host: with VS Code's http.proxy set, the
// chat, the model quick-pick and an image reach the emulator through a real proxy on loopback;
// an address in http.noProxy goes directly; a wrong proxy password gets the 407 advice; the
// emulator over TLS with an authority made at test time is refused until multiModelAI.caCertificates names it.
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Commands, CONFIG_SECTION, Settings } from '#src/platform/manifest/ids';
import { FIXTURE_KEYS, startEmulator, type RunningEmulator } from '../emulator/index';
import { useLoopbackProxy } from '../support/loopbackProxy';
import { makeTestAuthority, type TestAuthority } from '../support/testAuthority';
import { useTestHandle } from '../support/useTestHandle';
import { arrangeChat, lastReply } from './chatHarness';
import { suiteEnv } from './env';
import { arrange, emulator, until } from './shellHarness';

interface Outcome {
  ok: boolean;
  message: string;
}

const http = () => vscode.workspace.getConfiguration('http');
const setHttp = (name: string, value: unknown) => http().update(name, value, vscode.ConfigurationTarget.Global);
const setCaCertificates = (path: string | undefined) =>
  vscode.workspace.getConfiguration(CONFIG_SECTION).update(Settings.caCertificates.slice(CONFIG_SECTION.length + 1), path, vscode.ConfigurationTarget.Global);

describe('Proxy and certificates: http.proxy, http.noProxy and multiModelAI.caCertificates', function () {
  this.timeout(60_000);
  const api = useTestHandle();
  const { baseUrl, emulatorOrigin } = suiteEnv();
  const open = useLoopbackProxy();
  const guarded = useLoopbackProxy({ user: 'alice', password: 'right-one' });
  afterEach(async () => {
    await setHttp('proxy', undefined);
    await setHttp('noProxy', undefined);
    await setCaCertificates(undefined);
  });

  const emulatorHost = () => new URL(emulatorOrigin).host;

  it('the chat, the model quick-pick and an image reach the emulator through the proxy', async () => {
    await arrangeChat(api);
    await setHttp('proxy', open.url);
    const verified = await vscode.commands.executeCommand<Outcome>(Commands.verifyConnection);
    assert.equal(verified.ok, true, verified.message);
    assert.ok(verified.message.endsWith(`Through the proxy ${open.host} (http.proxy).`), verified.message);

    await api.chat.host.session.send('Hello through the company proxy');
    assert.equal(lastReply(api).status, 'done');

    const closed = vscode.commands.executeCommand<string | undefined>(Commands.selectModel);
    const picker = await until(() => {
      const shown = api.modelPicker.current();
      return shown && !shown.busy && shown.items.length > 0 ? shown : undefined;
    }, 'the model picker to load');
    assert.ok(picker.items.some((item) => item.modelId === 'acme/chat-large'));
    picker.hide();
    await closed;

    const files = await vscode.commands.executeCommand<string[] | undefined>(Commands.generateImage, { prompt: `proxy lighthouse ${Date.now()}` });
    assert.equal(files?.length, 1);

    assert.deepEqual([...new Set(open.connects.map((c) => c.target))], [emulatorHost()]);
    const recorded = (await emulator().requests()).map((r) => `${r.method} ${r.path} ${r.status}`);
    for (const line of ['GET /v1/models 200', 'POST /v1/chat/completions 200', 'POST /v1/images/generations 200'])
      assert.ok(recorded.includes(line), `${line} in ${recorded.join(', ')}`);
    assert.ok(
      api.logLines().some((l) => l.line.startsWith('POST /v1/chat/completions') && l.line.includes(`proxy=${open.host}`)),
      'the log names the proxy',
    );
  });

  it('an address in http.noProxy goes directly', async () => {
    await arrangeChat(api);
    await setHttp('proxy', open.url);
    await setHttp('noProxy', ['127.0.0.1']);
    const verified = await vscode.commands.executeCommand<Outcome>(Commands.verifyConnection);
    assert.equal(verified.ok, true, verified.message);
    assert.ok(!verified.message.includes('proxy'), verified.message);
    await api.chat.host.session.send('Hello, directly');
    assert.equal(lastReply(api).status, 'done');
    assert.deepEqual(open.connects, []);
  });

  it('a wrong proxy password gets the 407 advice naming the proxy, and the password is nowhere', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha, model: 'acme/chat-large' });
    await setHttp('proxy', `http://alice:wrong-secret@${guarded.host}`);
    const verified = await vscode.commands.executeCommand<Outcome>(Commands.verifyConnection);
    assert.equal(verified.ok, false);
    assert.ok(
      verified.message.includes(
        `The proxy ${guarded.host} asked for credentials and did not accept the ones sent (HTTP 407): put the user name and password in http.proxy`,
      ),
      verified.message,
    );
    assert.deepEqual(
      guarded.connects.map((c) => c.authorized),
      [false],
    );
    assert.equal(api.lastDiagnostics()?.proxy, `${guarded.host} (http.proxy)`);
    const copied = await vscode.commands.executeCommand<string>(Commands.copyDiagnostics);
    assert.ok(copied.includes(`Proxy: ${guarded.host} (http.proxy)`), copied);
    const everything = `${verified.message}\n${copied}\n${api
      .logLines()
      .map((l) => l.line)
      .join('\n')}`;
    assert.ok(!everything.includes('wrong-secret'), 'the proxy password is in no message, diagnostics or log line');

    await setHttp('proxy', `http://alice:right-one@${guarded.host}`);
    const fixed = await vscode.commands.executeCommand<Outcome>(Commands.verifyConnection);
    assert.equal(fixed.ok, true, fixed.message);
  });

  describe('the emulator over TLS with a company authority', () => {
    let authority: TestAuthority;
    let secure: RunningEmulator;
    let caFile: string;
    before(async () => {
      authority = await makeTestAuthority('Example Corp Inspection CA');
      secure = await startEmulator({ tls: authority.server });
      caFile = join(mkdtempSync(join(tmpdir(), 'mmai-ca-')), 'corp-ca.pem');
      writeFileSync(caFile, authority.caCertificate);
    });
    after(() => secure.close());

    it('fails with the untrusted-certificate advice naming the authority until multiModelAI.caCertificates names it, then works', async () => {
      await arrange(api, { baseUrl: secure.baseUrl, key: FIXTURE_KEYS.alpha, model: 'acme/chat-large' });
      const refused = await vscode.commands.executeCommand<Outcome>(Commands.verifyConnection);
      assert.equal(refused.ok, false);
      assert.ok(
        refused.message.includes(
          `The service's certificate is issued by "Example Corp Inspection CA", an authority this editor does not trust: set multiModelAI.caCertificates to a PEM file`,
        ),
        refused.message,
      );
      await setCaCertificates(caFile);
      const trusted = await until(async () => {
        const outcome = await vscode.commands.executeCommand<Outcome>(Commands.verifyConnection);
        return outcome.ok ? outcome : undefined;
      }, 'the certificate setting to apply');
      assert.ok(trusted.message.startsWith(`Connected to ${secure.baseUrl} with key Default · sk_test_al…`), trusted.message);
    });
  });
});
