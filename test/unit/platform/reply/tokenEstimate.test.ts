// The token estimate (there is no tokenizer endpoint) against a real tokenizer, o200k_base from
// gpt-tokenizer, on Russian prose, English prose and code (fixtures/tokenCorpus): close at the
// 90th percentile in each, and with the trim's margin never under the real count (a trimmed
// request must fit, VS Code's budget must hold).
import * as assert from 'node:assert/strict';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { IMAGE_TOKENS, TRIM_MARGIN, boundTokens, estimateTokens, textTokens } from '#src/platform/reply/tokenEstimate';
import { CORPUS_LANGUAGES, errorP90, measure } from '../../../support/tokenCorpus';
import { generateReply } from '../../../emulator/replies';

describe('token estimate against o200k_base, per language (the price before sending)', () => {
  const limits: Record<(typeof CORPUS_LANGUAGES)[number], number> = { russian: 0.1, english: 0.1, code: 0.12 };
  for (const language of CORPUS_LANGUAGES) {
    it(`${language}: within ${limits[language] * 100} % at the 90th percentile over 1,000-character passages`, () => {
      const measured = measure(language, 1_000);
      assert.ok(measured.length >= 25, `${language}: ${measured.length} passages`);
      const p90 = errorP90(measured);
      assert.ok(p90 <= limits[language], `${language}: error ${p90.toFixed(3)} at the 90th percentile`);
    });
  }

  it('counts the classes o200k_base splits by: words, Cyrillic, digit groups, punctuation runs, indentation, camelCase, emoji', () => {
    assert.deepEqual(
      [
        textTokens('The quick brown fox'),
        textTokens('Привет, мир'),
        textTokens('12345678'),
        textTokens('a => b;'),
        textTokens('if (x) {\n    return y;\n}'),
        textTokens('estimateTokens'),
        textTokens('😀😀'),
      ],
      [4, 4, 3, 4, 10, 2, 3],
    );
  });

  it('beats 2.8 characters a token on English prose, which that rule over-counted by half', () => {
    const measured = measure('english', 1_000);
    const real = measured.reduce((sum, m) => sum + m.real, 0);
    const estimated = measured.reduce((sum, m) => sum + m.estimated, 0);
    assert.ok(Math.abs(estimated - real) / real < 0.1, `estimated ${estimated}, real ${real}`);
  });
});

describe('token estimate with the trim margin (Limits 3: trimming; provideTokenCount)', () => {
  const texts: [string, string][] = [
    ['TypeScript answer with code', generateReply('Explain closures in TypeScript [[tokens:400]]').join('')],
    ['Python answer with code', generateReply('Write a Python binary search [[tokens:400]]').join('')],
    [
      'JSON',
      JSON.stringify({ model: 'acme/chat-large', messages: [{ role: 'user', content: 'hi' }], max_tokens: 512, tools: [{ name: 'read_file' }] }, null, 2),
    ],
  ];
  for (const language of CORPUS_LANGUAGES) {
    it(`${language}: never under the real count on 300-character passages`, () => {
      const under = measure(language, 300).filter(({ real, estimated }) => Math.ceil(estimated * TRIM_MARGIN) < real);
      assert.deepEqual(under, []);
    });
  }
  for (const [name, text] of texts) {
    it(`${name}: never under, at most 1.6 times over`, () => {
      const real = encode(text).length;
      const bound = boundTokens([{ role: 'user', content: text }]) - Math.ceil(4 * TRIM_MARGIN);
      const ratio = bound / real;
      assert.ok(ratio >= 1 && ratio <= 1.6, `${name}: bound ${bound}, real ${real}, ratio ${ratio.toFixed(2)}`);
    });
  }
});

describe('token estimate of what a message sends (VS Code budgets by it)', () => {
  it('counts the tool calls: an edit tool carrying a file of 4,000 words is some 4,000 tokens, not 4', () => {
    const args = JSON.stringify({ path: 'a.ts', content: 'let x = 1;\n'.repeat(1_000) });
    const real = encode(args).length + encode('create_file').length;
    const estimated = estimateTokens([{ role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'create_file', arguments: args }] }]) - 4;
    assert.ok(Math.abs(estimated - real) / real < 0.2, `estimated ${estimated}, real ${real}`);
  });

  it('counts tool results by their text and each image at the most an image costs', () => {
    const image = { mimeType: 'image/png', data: 'iVBORw==' };
    assert.equal(IMAGE_TOKENS, 1_600);
    assert.deepEqual(
      [
        estimateTokens([{ role: 'tool', toolCallId: 'c1', content: 'word '.repeat(500) }]),
        estimateTokens([{ role: 'user', content: 'What is this?', images: [image, image] }]),
      ],
      [504, 4 + 4 + 2 * 1_600],
    );
  });

  it('adds 4 a message, and the margin a quarter of it all', () => {
    const messages = [
      { role: 'user' as const, content: 'word '.repeat(100) },
      { role: 'assistant' as const, content: 'word '.repeat(96) },
    ];
    assert.deepEqual([estimateTokens(messages), boundTokens(messages)], [204, 255]);
  });
});

describe('token estimate of text that is no prose (with the trim margin)', () => {
  const cases: [string, string][] = [
    ['a run of one letter', 'y'.repeat(2_000)],
    ['a hex digest', '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'.repeat(30)],
    ['camelCase identifiers', 'thisIsAVeryLongCamelCaseIdentifierName '.repeat(100)],
    ['emoji', '😀🎉👍 '.repeat(200)],
    ['URLs', 'https://example.com/some/path/to/resource?query=value&other=thing '.repeat(50)],
  ];
  for (const [name, text] of cases) {
    it(`${name}: never under`, () => {
      const real = encode(text).length;
      const bound = Math.ceil(textTokens(text) * TRIM_MARGIN);
      assert.ok(bound >= real, `${name}: bound ${bound}, real ${real}`);
    });
  }
});
