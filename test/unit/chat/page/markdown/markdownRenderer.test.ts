import * as assert from 'node:assert/strict';
import { renderMarkdown } from '#src/chat/page/markdown/markdownRenderer';

describe('renderMarkdown', () => {
  it('wraps fenced code with a toolbar naming the language, and returns its source', () => {
    const { html, codes } = renderMarkdown('```ts\nconst a = 1;\n```\n');
    assert.equal(
      html,
      '<div class="code-block" data-lang="ts" data-code-index="0"><div class="code-toolbar"><span class="code-lang">TypeScript</span></div>' +
        '<pre><code class="hljs language-ts"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>;\n</code></pre></div>\n',
    );
    assert.deepEqual(codes, [{ lang: 'ts', code: 'const a = 1;\n' }]);
  });

  it('knows common fence names and aliases', () => {
    const names = {
      py: 'Python',
      sh: 'Bash',
      zsh: 'Bash',
      js: 'JavaScript',
      json: 'JSON',
      html: 'HTML, XML',
      yml: 'YAML',
      rs: 'Rust',
      go: 'Go',
      cs: 'C#',
      cpp: 'C++',
      sql: 'SQL',
      diff: 'Diff',
      dockerfile: 'Dockerfile',
    };
    for (const [lang, name] of Object.entries(names)) {
      assert.match(renderMarkdown(`\`\`\`${lang}\nx\n\`\`\``).html, new RegExp(`<span class="code-lang">${name.replace('+', '\\+')}</span>`), lang);
    }
  });

  it('escapes code in unknown languages without guessing, and labels fences without one "Text"', () => {
    const unknown = renderMarkdown('```brainfudge\n<b>&</b>\n```').html;
    assert.match(unknown, /<span class="code-lang">brainfudge<\/span>/);
    assert.match(unknown, /<code class="hljs language-brainfudge">&lt;b&gt;&amp;&lt;\/b&gt;\n<\/code>/);
    const none = renderMarkdown('~~~\nlet x\n~~~').html;
    assert.match(none, /data-lang="" data-code-index="0"><div class="code-toolbar"><span class="code-lang">Text<\/span>/);
    assert.match(none, /<code class="hljs">let x\n<\/code>/);
  });

  it('treats indented code as a code block and numbers code blocks in order', () => {
    const { html, codes } = renderMarkdown('```js\na\n```\n\n- ```py\n  b\n  ```\n\npara\n\n    c\n');
    assert.deepEqual(
      [...html.matchAll(/data-code-index="(\d+)"/g)].map((m) => m[1]),
      ['0', '1', '2'],
    );
    assert.deepEqual(codes, [
      { lang: 'js', code: 'a\n' },
      { lang: 'py', code: 'b\n' },
      { lang: '', code: 'c\n' },
    ]);
  });

  it('escapes a hostile info string', () => {
    const { html } = renderMarkdown('```"><img src=x>\ncode\n```');
    assert.match(html, /data-lang="&quot;&gt;&lt;img"/);
    assert.doesNotMatch(html, /<img/);
  });

  it('keeps raw HTML as text', () => {
    assert.equal(renderMarkdown('<b onclick="x()">hi</b>').html, '<p>&lt;b onclick=&quot;x()&quot;&gt;hi&lt;/b&gt;</p>\n');
  });

  it('never emits a remote image, only its description; embedded images stay', () => {
    assert.equal(
      renderMarkdown('![a *chart*](https://example.com/c.png)').html,
      '<p><span class="image-removed" title="Images from the web are not loaded">a chart</span></p>\n',
    );
    assert.match(renderMarkdown('![dot](data:image/png;base64,AAAA)').html, /<img src="data:image\/png;base64,AAAA" alt="dot">/);
  });

  it('aligns table cells with classes, not inline styles', () => {
    const { html } = renderMarkdown('| a | b |\n|:-|-:|\n| 1 | 2 |');
    assert.match(html, /<th class="align-left">a<\/th>/);
    assert.match(html, /<td class="align-right">2<\/td>/);
    assert.doesNotMatch(html, /style=/);
  });

  it('linkifies bare URLs', () => {
    assert.match(renderMarkdown('see https://example.com/x').html, /<a href="https:\/\/example.com\/x">/);
  });
});
