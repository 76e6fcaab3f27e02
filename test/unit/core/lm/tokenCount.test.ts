import * as assert from 'node:assert/strict';
import { IMAGE_TOKENS, estimateMessageTokens } from '../../../../src/core/lm/tokenCount';

describe('token counts for VS Code', () => {
  it('count the tool calls: an edit tool carrying a 28 000-character file is some 10 000 tokens, not 4', () => {
    const args = JSON.stringify({ path: 'a.ts', content: 'x'.repeat(28_000) });
    // "create_file" and 28 028 characters of JSON at 2.8 a token, and 4 for the message.
    assert.equal(estimateMessageTokens([{ role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'create_file', arguments: args }] }]), 10_018);
  });

  it('count tool results by their text and each image at the most an image costs', () => {
    const image = { mimeType: 'image/png', data: 'iVBORw==' };
    assert.equal(IMAGE_TOKENS, 1_600);
    assert.deepEqual(
      [
        estimateMessageTokens([{ role: 'tool', toolCallId: 'c1', content: 'y'.repeat(2_000) }]),
        estimateMessageTokens([{ role: 'user', content: 'What is this?', images: [image, image] }]),
      ],
      [719, 5 + 4 + 2 * 1_600],
    );
  });
});
