// Renders the hostile corpus in headless Chromium, in a page with the webview's
// strict CSP, and checks that nothing ran, loaded or was blocked by the CSP
// (the CSP is the last wall: the renderer must not rely on it).
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { chromium, type BrowserContext } from 'playwright-core';
import { bundlePageScript, CHROMIUM_FLAGS } from '../support/chromium';
import { findHazards } from '../unit/chat/page/fixtures/inertDom';

describe('markdown rendering in Chromium under the webview CSP', () => {
  let server: Server;
  let context: BrowserContext;
  let profile: string;
  let pageUrl: string;

  before(async () => {
    const script = (await bundlePageScript(join(import.meta.dirname, 'fixtures/hostilePage.ts'))).replace(/<\/script/gi, '<\\/script');
    const nonce = randomBytes(16).toString('base64');
    const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; img-src data:`;
    const html =
      `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head>` +
      `<body><div id="out"></div><script nonce="${nonce}">${script}</script></body></html>`;
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
      response.end(html);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    profile = await mkdtemp(join(tmpdir(), 'markdown-browser-test-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--headless', ...CHROMIUM_FLAGS],
    });
  });

  after(async () => {
    await context?.close();
    await new Promise((resolve) => server?.close(resolve));
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  it('runs no script, opens no dialog, requests nothing but the page, violates no CSP rule', async () => {
    const page = await context.newPage();
    const requests: string[] = [];
    const dialogs: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(pageUrl);
    await page.waitForFunction(() => (window as unknown as { __result: { done: boolean } }).__result?.done, null, { timeout: 60_000 });

    const state = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: unknown }).__pwned,
      ...(window as unknown as { __result: { markdownViolations: string[]; rawHtmlViolations: string[] } }).__result,
      location: location.href,
      html: document.getElementById('out')!.innerHTML,
      cases: document.querySelectorAll('[data-case]').length,
    }));
    assert.equal(state.pwned, undefined, 'a payload ran');
    assert.deepEqual(dialogs, []);
    assert.deepEqual(errors, []);
    assert.deepEqual(state.markdownViolations, []);
    assert.deepEqual(
      state.rawHtmlViolations.filter((v) => !/^(?:script-src-attr|style-src-elem|style-src-attr) inline$/.test(v)),
      [],
    );
    assert.deepEqual(
      requests.filter((url) => !url.startsWith('data:')),
      [pageUrl],
    );
    assert.equal(state.location, pageUrl, 'the page navigated');
    assert.ok(state.cases > 30, `only ${state.cases} cases rendered`);

    const rendered = new JSDOM(`<div id="out">${state.html}</div>`).window.document.getElementById('out')!;
    const cases = Array.from(rendered.querySelectorAll('[data-case]'));
    for (const container of cases) {
      container.removeAttribute('data-case');
      for (const wrapper of Array.from(container.querySelectorAll('.md-block, .md-tail'))) wrapper.removeAttribute('class');
      assert.deepEqual(findHazards(container), [], container.outerHTML);
    }
    assert.ok(rendered.querySelector('img[src^="data:image/png"]'), 'the embedded image is shown');
    assert.ok(rendered.querySelector('a[data-href="https://evil.example/autolink"]'), 'web links are kept for the host to open');
  });
});
