import * as assert from 'node:assert/strict';
import { IncrementalMarkdown } from '#src/chat/page/markdown/incrementalRenderer';
import { renderMarkdown } from '#src/chat/page/markdown/markdownRenderer';
import { replies } from '../fixtures/replies';

function shown(markdown: IncrementalMarkdown): { html: string; codes: unknown[] } {
  return {
    html: markdown.committed.map((b) => b.html).join('') + markdown.tail.html,
    codes: [...markdown.committed.flatMap((b) => b.codes), ...markdown.tail.codes],
  };
}

function full(text: string): { html: string; codes: unknown[] } {
  const { html, codes } = renderMarkdown(text);
  return { html, codes: [...codes] };
}

function feed(pieces: readonly string[]): IncrementalMarkdown {
  const markdown = new IncrementalMarkdown();
  for (const piece of pieces) {
    markdown.append(piece);
    markdown.render();
  }
  return markdown;
}

describe('IncrementalMarkdown', () => {
  for (const [name, text] of Object.entries(replies)) {
    describe(`reply "${name}"`, () => {
      const expected = full(text);

      it('equals the full render for every split point', () => {
        for (let k = 0; k <= text.length; k++) {
          const markdown = new IncrementalMarkdown();
          markdown.append(text.slice(0, k));
          markdown.render();
          assert.deepEqual(shown(markdown), full(text.slice(0, k)), `prefix of ${k} chars`);
          markdown.append(text.slice(k));
          markdown.render();
          assert.deepEqual(shown(markdown), expected, `split at ${k}`);
        }
      });

      it('equals the full render of the prefix at every step, fed char by char', () => {
        const markdown = new IncrementalMarkdown();
        let fed = '';
        for (const ch of text) {
          fed += ch;
          markdown.append(ch);
          markdown.render();
          assert.deepEqual(shown(markdown), full(fed), `after ${JSON.stringify(fed.slice(-30))}`);
        }
        assert.equal(markdown.text(), text);
      });

      it('equals the full render when fed in uneven chunks', () => {
        let seed = 7;
        const pieces: string[] = [];
        for (let i = 0; i < text.length;) {
          seed = (seed * 1103515245 + 12345) % 2147483648;
          const size = 1 + (seed % 17);
          pieces.push(text.slice(i, i + size));
          i += size;
        }
        assert.deepEqual(shown(feed(pieces)), expected);
      });
    });
  }

  it('equals the full render at every step for random documents of tricky lines', () => {
    const lines = [
      '',
      '',
      'para text',
      '# h',
      '#',
      '===',
      '---',
      '- item',
      '  - nested',
      '1. one',
      '2) two',
      '> quote',
      '>',
      '```',
      '```js',
      '~~~',
      '    code',
      '| a | b |',
      '|---|---|',
      '[x]: /u',
      "'t",
      "t'",
      'see [x] and [y]',
      '[y]: https://e.com "t"',
      '***',
      '  cont',
      '\t- tab',
      '* a',
      '+ b',
      '10. ten',
      '>     code',
      '- ```',
      '  ```',
      '[x]:',
      '/url',
      'a | b',
      '-|-',
    ];
    let seed = 1;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    for (let doc = 0; doc < 200; doc++) {
      const text = Array.from({ length: 3 + random(10) }, () => lines[random(lines.length)]).join('\n');
      const markdown = new IncrementalMarkdown();
      for (let k = 1; k <= text.length; k++) {
        markdown.append(text[k - 1]!);
        markdown.render();
        assert.deepEqual(shown(markdown), full(text.slice(0, k)), JSON.stringify(text.slice(0, k)));
      }
    }
  });

  it('commits finished blocks, so the re-parsed tail stays small', () => {
    const section = (i: number) => `## Part ${i}\n\nSome text about part ${i}.\n\n\`\`\`js\nconsole.log(${i});\n\`\`\`\n\n`;
    const text = Array.from({ length: 50 }, (_, i) => section(i)).join('');
    const markdown = feed(text.match(/[\s\S]{1,5}/g) ?? []);
    assert.ok(markdown.committed.length >= 140, `only ${markdown.committed.length} blocks committed`);
    assert.ok(markdown.text().length === text.length);
    assert.ok(markdown.tail.html.length < 400, markdown.tail.html);
  });

  it('reports each committed block once', () => {
    const markdown = new IncrementalMarkdown();
    const seen: string[] = [];
    for (const ch of replies.explanation!) {
      markdown.append(ch);
      seen.push(...markdown.render().committed.map((b) => b.html));
    }
    assert.deepEqual(
      seen,
      markdown.committed.map((b) => b.html),
    );
  });

  it('keeps an unterminated fence in the tail and renders it as code', () => {
    const markdown = feed(['Intro.\n\n```py\nprint(1)\n', '\nprint(2)\n']);
    assert.equal(markdown.committed.length, 1);
    assert.match(markdown.tail.html, /^<div class="code-block" data-lang="py"/);
    assert.deepEqual(markdown.code(0), { lang: 'py', code: 'print(1)\n\nprint(2)\n' });
  });

  it('re-renders a committed block when a reference it uses is defined later', () => {
    const markdown = new IncrementalMarkdown();
    markdown.append('See [docs].\n\nMore text.\n\nEven more.\n\n');
    assert.equal(markdown.render().committed.length, 2);
    markdown.append('[docs]: https://example.com\n');
    const update = markdown.render();
    assert.deepEqual([...update.replaced.keys()], [0]);
    assert.equal(update.replaced.get(0)!.html, '<p>See <a href="https://example.com">docs</a>.</p>\n');
    assert.equal(markdown.render().replaced.size, 0, 'nothing changed since');
  });

  it('does not commit before a partial line that could still change', () => {
    const markdown = feed(['foo\n#']);
    assert.equal(markdown.committed.length, 0);
    markdown.append('hashtag\n\n');
    markdown.render();
    assert.deepEqual(shown(markdown), full('foo\n#hashtag\n\n'));
  });

  it('normalises CR LF split across pieces as a whole-text parse does', () => {
    const text = 'a\r\n\r\n```\r\ncode\r\n```\r\n\r\nb\rc\r\n';
    for (let k = 0; k <= text.length; k++) {
      const markdown = feed([text.slice(0, k), text.slice(k)]);
      assert.deepEqual(shown(markdown), full(text), `split at ${k}`);
    }
  });

  it('numbers code blocks across committed blocks and the tail', () => {
    const markdown = feed(['```a\n1\n```\n\n~~~b\n2\n~~~\n\n    3\n\n```c\n4']);
    assert.equal(markdown.codeCount, 4);
    assert.deepEqual(
      [0, 1, 2, 3].map((i) => markdown.code(i)),
      [
        { lang: 'a', code: '1\n' },
        { lang: 'b', code: '2\n' },
        { lang: '', code: '3\n' },
        { lang: 'c', code: '4' },
      ],
    );
    assert.equal(markdown.code(4), undefined);
  });
});
