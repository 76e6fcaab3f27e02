// The token estimate (there is no tokenizer endpoint) against a real tokenizer, o200k_base from
// gpt-tokenizer, on mixed prose and code: it must never count fewer tokens than there are (a
// trimmed request must fit, VS Code's budget must hold), and not grossly more. The measured
// over-count is written down in the README ("Use the models in VS Code's chat").
import * as assert from 'node:assert/strict';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { IMAGE_TOKENS, estimateTokens } from '#src/platform/reply/tokenEstimate';
import { generateReply } from '../../../emulator/replies';

const RUSSIAN =
  'Расширение хранит ключ API только в защищённом хранилище VS Code. Если баланс исчерпан, сообщение называет ключ по его маске ' +
  'и подсказывает, где пополнить счёт. Запрос, который мог дойти до сервиса, повторяется не более одного раза с тем же идентификатором.';
const JSON_TEXT = JSON.stringify(
  { model: 'acme/chat-large', messages: [{ role: 'user', content: 'hi' }], max_tokens: 512, tools: [{ name: 'read_file' }] },
  null,
  2,
);

const CORPUS: [string, string][] = [
  ['TypeScript answer with code', generateReply('Explain closures in TypeScript [[tokens:400]]').join('')],
  ['Python answer with code', generateReply('Write a Python binary search [[tokens:400]]').join('')],
  ['Go answer with code', generateReply('How do I debounce in Go? [[tokens:400]]').join('')],
  ['Russian prose', RUSSIAN],
  ['JSON', JSON_TEXT],
];

describe('token estimate against o200k_base (provideTokenCount, and Limits 3: trimming)', () => {
  for (const [name, text] of CORPUS) {
    it(`${name}: never under, at most 1.6 times over`, () => {
      const real = encode(text).length;
      const estimated = estimateTokens([{ role: 'user', content: text }]) - 4;
      const ratio = estimated / real;
      assert.ok(ratio >= 1 && ratio <= 1.6, `${name}: estimated ${estimated}, real ${real}, ratio ${ratio.toFixed(2)}`);
    });
  }
});

describe('token estimate of what a message sends (VS Code budgets by it)', () => {
  it('counts the tool calls: an edit tool carrying a 28 000-character file is some 10 000 tokens, not 4', () => {
    const args = JSON.stringify({ path: 'a.ts', content: 'x'.repeat(28_000) });
    // "create_file" and 28 028 characters of JSON at 2.8 a token, and 4 for the message.
    assert.equal(estimateTokens([{ role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'create_file', arguments: args }] }]), 10_018);
  });

  it('counts tool results by their text and each image at the most an image costs', () => {
    const image = { mimeType: 'image/png', data: 'iVBORw==' };
    assert.equal(IMAGE_TOKENS, 1_600);
    assert.deepEqual(
      [
        estimateTokens([{ role: 'tool', toolCallId: 'c1', content: 'y'.repeat(2_000) }]),
        estimateTokens([{ role: 'user', content: 'What is this?', images: [image, image] }]),
      ],
      [719, 5 + 4 + 2 * 1_600],
    );
  });

  it('estimates 2.8 characters a token plus 4 a message', () => {
    assert.equal(
      estimateTokens([
        { role: 'user', content: 'u'.repeat(280) },
        { role: 'assistant', content: 'a'.repeat(281) },
      ]),
      100 + 4 + 101 + 4,
    );
  });
});
