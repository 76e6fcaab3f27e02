import * as assert from 'node:assert/strict';
import { generateReply, requestedLength, tokenize } from '../../emulator/replies';

describe('emulator reply generator', () => {
  it('tokenize splits into words with trailing whitespace and joins back exactly', () => {
    const text = '  Lead space.\n\n- item one\n```ts\n\tconst x = 1;  \n```\n';
    const tokens = tokenize(text);
    assert.equal(tokens.join(''), text);
    assert.ok(
      tokens.slice(1).every((t) => /^\S/.test(t)),
      'every delta after the first starts with a word',
    );
    assert.deepEqual(tokenize(''), []);
    assert.deepEqual(tokenize('   '), ['   ']);
  });

  it('gives the same deltas for the same prompt', () => {
    assert.deepEqual(generateReply('Sort a list in Rust'), generateReply('Sort a list in Rust'));
    assert.match(generateReply('Sort a list in Rust').join(''), /```rust\nfn /);
  });

  it('prefers a fenced block language over a language named in prose', () => {
    const reply = generateReply('In Python terms, what does this do?\n```js\nconst a = 1;\n```').join('');
    assert.match(reply, /```js\n\/\/ Refactored[^\n]*\nconst a = 1;\n```/);
  });

  it('honours [[tokens:N]] exactly, small or large, and keeps code fences closed', () => {
    for (const n of [1, 7, 60, 999, 20_000]) {
      const tokens = generateReply(`Write code [[tokens:${n}]]`);
      assert.equal(tokens.length, n);
      assert.equal((tokens.join('').match(/```/g) ?? []).length % 2, 0, `fences balanced for ${n}`);
    }
    assert.equal(requestedLength('no directive'), undefined);
  });
});
