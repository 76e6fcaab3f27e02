import * as assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';
import { renderMarkdown } from '../../../src/webview/markdown/markdownRenderer';
import { createSanitizer } from '../../../src/webview/markdown/sanitizer';
import { hostileHtml, hostileMarkdown } from './fixtures/hostileMarkdown';
import { findHazards } from './fixtures/inertDom';

describe('sanitizer', () => {
  const dom = new JSDOM('<!doctype html><body></body>');
  const sanitizer = createSanitizer(dom.window);

  function inert(html: string): Element {
    const root = dom.window.document.createElement('div');
    root.append(sanitizer.sanitizeToFragment(html));
    return root;
  }

  describe('over rendered hostile markdown', () => {
    for (const { name, text } of hostileMarkdown) {
      it(`leaves nothing that runs or loads: ${name}`, () => {
        const root = inert(renderMarkdown(text).html);
        assert.deepEqual(findHazards(root), []);
        assert.equal(sanitizer.sanitize(renderMarkdown(text).html), root.innerHTML);
      });
    }
  });

  describe('over raw hostile HTML (the second wall alone)', () => {
    for (const { name, text } of hostileHtml) {
      it(`leaves nothing that runs or loads: ${name}`, () => {
        assert.deepEqual(findHazards(inert(text)), []);
      });
    }
  });

  it('turns allowed links into data-href without navigation, and drops the others', () => {
    const root = inert(renderMarkdown('[web](https://example.com/a) [mail](mailto:a@example.com) [rel](docs/x.md) [js](javascript:alert(1))').html);
    const links = Array.from(root.querySelectorAll('a'));
    assert.deepEqual(links.map((a) => [a.textContent, a.getAttribute('data-href'), a.hasAttribute('href')]), [
      ['web', 'https://example.com/a', false],
      ['mail', 'mailto:a@example.com', false],
      ['rel', null, false],
    ]);
    assert.match(root.innerHTML, /\[js\]\(javascript:alert\(1\)\)/, 'markdown-it leaves a javascript: link as text');
    assert.equal(links[0]!.getAttribute('role'), 'link');
    assert.equal(links[0]!.getAttribute('tabindex'), '0');
  });

  it('keeps embedded raster images and the code block markup', () => {
    const root = inert(renderMarkdown('![dot](data:image/png;base64,AAAA)\n\n```ts\nlet a\n```').html);
    assert.equal(root.querySelector('img')?.getAttribute('src'), 'data:image/png;base64,AAAA');
    const block = root.querySelector('.code-block');
    assert.equal(block?.getAttribute('data-lang'), 'ts');
    assert.equal(block?.getAttribute('data-code-index'), '0');
    assert.equal(block?.querySelector('.code-toolbar .code-lang')?.textContent, 'TypeScript');
    assert.ok(block?.querySelector('pre > code.hljs.language-ts span.hljs-keyword'));
  });

  it('drops id and name, so output cannot clobber page globals', () => {
    const root = inert('<img id="x" name="y" src="data:image/png;base64,AAAA"><a id="z" href="https://example.com">z</a>');
    assert.equal(root.querySelectorAll('[id], [name]').length, 0);
  });
});
