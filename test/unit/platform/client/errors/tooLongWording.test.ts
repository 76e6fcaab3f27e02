import * as assert from 'node:assert/strict';
import { tooLongReport } from '#src/platform/client/errors/tooLongWording';

describe('tooLongWording', () => {
  it('reads the numbers of each wording: the tokens sent and the context the model takes', () => {
    const messages = [
      'prompt is too long: 219898 tokens > 200000 maximum',
      'anthropic error: prompt is too long: 219898 tokens > 200000 maximum',
      'prompt is too long: 219898 tokens > 200000 maximum (request id: 20251128101502987654321fedcba09)',
      'input length and `max_tokens` exceed context limit: 197000 + 8192 > 200000, decrease input length or `max_tokens` and try again',
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens. Please reduce the length of the messages.",
      "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion).",
      "This model's maximum context length is 32768 tokens. However, you requested 1000 output tokens and your prompt contains at least 32000 input tokens, for a total of at least 33000 tokens.",
      'Your input exceeds the context window of this model. Please adjust your input and try again.',
      'prompt is too long',
    ];
    assert.deepEqual(messages.map(tooLongReport), [
      { usedTokens: 219898, contextTokens: 200000 },
      { usedTokens: 219898, contextTokens: 200000 },
      { usedTokens: 219898, contextTokens: 200000 },
      { usedTokens: 205192, contextTokens: 200000 },
      { usedTokens: 130512, contextTokens: 128000 },
      { usedTokens: 5000, contextTokens: 4096 },
      { usedTokens: 33000, contextTokens: 32768 },
      {},
      {},
    ]);
  });

  it('another message is not a too-long refusal', () => {
    assert.deepEqual(['messages: field required', 'The model is overloaded.', '', undefined].map(tooLongReport), [undefined, undefined, undefined, undefined]);
  });
});
