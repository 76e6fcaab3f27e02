import * as assert from 'node:assert/strict';
import { extractCode, fencedBlocks, languageMatches } from '#src/refactor/common/extractCode';

const reply = (...lines: string[]) => lines.join('\n');

describe('extractCode', () => {
  it('takes the block in the selection language over other blocks', () => {
    const text = reply('Run this first:', '```bash', 'npm i', '```', 'Then:', '```ts', 'const a = 1;', '```', 'Done.');
    assert.equal(extractCode(text, 'typescript', true), 'const a = 1;');
  });

  it('matches language aliases both ways', () => {
    assert.ok(languageMatches('py', 'python'));
    assert.ok(languageMatches('tsx', 'typescriptreact'));
    assert.ok(languageMatches('go', 'go'));
    assert.ok(!languageMatches('js', 'typescript'));
  });

  it('falls back to an unlabelled block, then to the first block', () => {
    assert.equal(extractCode(reply('```json', '{}', '```', '```', 'x = 1', '```'), 'python', true), 'x = 1');
    assert.equal(extractCode(reply('```json', '{}', '```'), 'python', true), '{}');
  });

  it('uses the whole reply, blank edges trimmed, when there is no fence', () => {
    assert.equal(extractCode('\n\n  return a + b;\n\n', 'typescript', true), '  return a + b;');
  });

  it('keeps inner backticks of a longer fence and tilde fences', () => {
    const text = reply('````md', '```js', 'x', '```', '````');
    assert.equal(extractCode(text, 'markdown', true), reply('```js', 'x', '```'));
    assert.equal(extractCode(reply('~~~ruby', 'puts 1', '~~~'), 'ruby', true), 'puts 1');
  });

  it('reads CRLF replies', () => {
    assert.equal(extractCode('```go\r\nfunc a() {}\r\n```\r\n', 'go', true), 'func a() {}');
  });

  it('an unclosed block at the end of a complete reply still counts', () => {
    assert.equal(extractCode(reply('```ts', 'let a = 1;', 'let b'), 'typescript', true), 'let a = 1;\nlet b');
  });

  describe('while streaming', () => {
    it('gives nothing before a fence opens (the prose may come first)', () => {
      assert.equal(extractCode('Here is the refactored', 'typescript', false), undefined);
    });

    it('gives the open block so far, including its partial last line', () => {
      assert.equal(extractCode(reply('Sure.', '```ts', 'const a = 1;', 'const b ='), 'typescript', false), 'const a = 1;\nconst b =');
    });

    it('holds back a last line that may be the closing fence arriving', () => {
      assert.equal(extractCode(reply('```ts', 'a();', '``'), 'typescript', false), 'a();');
    });

    it('settles on the closed block once it ends', () => {
      assert.equal(extractCode(reply('```ts', 'a();', '```', 'Note: '), 'typescript', false), 'a();');
    });
  });

  it('fencedBlocks reports open and closed blocks with their language', () => {
    assert.deepEqual(fencedBlocks(reply('```Python extra', 'x', '```', '```', 'y')), [
      { lang: 'python', body: 'x', closed: true },
      { lang: '', body: 'y', closed: false },
    ]);
  });
});
