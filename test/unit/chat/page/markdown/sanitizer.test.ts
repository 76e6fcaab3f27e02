import * as assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';
import { renderMarkdown } from '#src/chat/page/markdown/markdownRenderer';
import { createSanitizer } from '#src/chat/page/markdown/sanitizer';
import { hostileHtml, hostileMarkdown } from '../fixtures/hostileMarkdown';
import { findHazards } from '../fixtures/inertDom';

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

    it('sanitizeEach: every piece of hostile HTML sanitised together, nothing runs or loads', () => {
      const fragments = sanitizer.sanitizeEach(hostileHtml.map(({ text }) => text));
      assert.equal(fragments.length, hostileHtml.length);
      const root = dom.window.document.createElement('div');
      for (const fragment of fragments) root.append(fragment);
      assert.deepEqual(findHazards(root), []);
    });
  });

  describe('sanitizeEach', () => {
    const shown = (fragments: DocumentFragment[]) =>
      fragments.map((fragment) => {
        const root = dom.window.document.createElement('div');
        root.append(fragment);
        return root.innerHTML;
      });

    it('gives each piece its own fragment, as sanitised alone', () => {
      const pieces = [
        '<p>one <img src="https://tracker.example/x.png" onerror="alert(1)"></p>',
        '<pre><code class="language-ts">let a = 1;</code></pre>',
        '',
        '<p><a href="javascript:alert(1)">js</a> <a href="https://example.com">web</a> zero\u200bwidth</p>',
      ];
      assert.deepEqual(shown(sanitizer.sanitizeEach(pieces)), [
        '<p>one </p>',
        '<pre><code class="language-ts">let a = 1;</code></pre>',
        '',
        '<p><a>js</a> <a data-href="https://example.com" role="link" tabindex="0">web</a> zero<span class="hidden-char hidden-invisible" title="U+200B ZERO WIDTH SPACE: a hidden character in the answer, shown here, not copied">U+200B</span>width</p>',
      ]);
    });

    it('a piece that closes its wrapper early does not move into its neighbour: the pieces go one by one', () => {
      const pieces = ['<p>a</p>', '</div><p>b</p>', '<p>c</p>'];
      assert.deepEqual(shown(sanitizer.sanitizeEach(pieces)), ['<p>a</p>', '<p>b</p>', '<p>c</p>']);
    });
  });

  it('turns allowed links into data-href without navigation, and drops the others', () => {
    const root = inert(renderMarkdown('[web](https://example.com/a) [mail](mailto:a@example.com) [rel](docs/x.md) [js](javascript:alert(1))').html);
    const links = Array.from(root.querySelectorAll('a'));
    assert.deepEqual(
      links.map((a) => [a.textContent, a.getAttribute('data-href'), a.hasAttribute('href')]),
      [
        ['web', 'https://example.com/a', false],
        ['mail', 'mailto:a@example.com', false],
        ['rel', null, false],
      ],
    );
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

  it('makes a code block reachable by keyboard, named by its language; a bare <pre> stays as it came', () => {
    const root = inert(renderMarkdown('```ts\nlet a\n```\n\n```\nplain\n```').html + '<pre>bare</pre>');
    assert.deepEqual(
      Array.from(root.querySelectorAll('pre'), (pre) => [pre.getAttribute('tabindex'), pre.getAttribute('role'), pre.getAttribute('aria-label')]),
      [
        ['0', 'region', 'Code, TypeScript'],
        ['0', 'region', 'Code, Text'],
        [null, null, null],
      ],
    );
  });

  it('drops id and name, so output cannot clobber page globals', () => {
    const root = inert('<img id="x" name="y" src="data:image/png;base64,AAAA"><a id="z" href="https://example.com">z</a>');
    assert.equal(root.querySelectorAll('[id], [name]').length, 0);
  });
});
