import * as assert from 'node:assert/strict';
import { ModelEntrySchema } from '#src/platform/client/catalog/schemas';
import type { TextMessage } from '#src/platform/client/transports/textRequest';
import { answerBound, requestPrice } from '#src/platform/reply/requestPrice';

const entry = (fields: Record<string, unknown>) => ModelEntrySchema().parse({ id: 'acme/chat-large', available: true, ...fields });
const priced = (extra: Record<string, unknown> = {}) =>
  entry({
    context_length: 10_000,
    top_provider: { max_completion_tokens: 2_000 },
    pricing: { prompt: '0.001', completion: '0.004', input_cache_read: '0.0001' },
    ...extra,
  });
/** 100 short words: 100 tokens of text and 4 for the message, by the project's estimate. */
const messages: TextMessage[] = [{ role: 'user', content: 'word '.repeat(100) }];
const round = (price: ReturnType<typeof requestPrice>) => price && Object.fromEntries(Object.entries(price).map(([k, v]) => [k, Math.round(v * 1e6) / 1e6]));

describe('requestPrice: the price before sending (spec, Limits 3 and 4)', () => {
  it('prices the input at the input price and bounds the answer by the output limit', () => {
    assert.deepEqual(round(requestPrice(priced(), { messages })), { inputTokens: 104, inputRub: 0.104, answerTokens: 2_000, answerUpToRub: 8 });
  });

  it('bounds the answer by max_tokens when it is lower', () => {
    assert.deepEqual(round(requestPrice(priced(), { messages, maxTokens: 500 })), { inputTokens: 104, inputRub: 0.104, answerTokens: 500, answerUpToRub: 2 });
  });

  it('prices the part known to be cached at the cache-read price', () => {
    assert.deepEqual(round(requestPrice(priced(), { messages, cachedTokens: 50 })), {
      inputTokens: 104,
      inputRub: 0.059,
      answerTokens: 2_000,
      answerUpToRub: 8,
    });
    // More cached than sent is a stale count: the whole input at most.
    assert.deepEqual(round(requestPrice(priced(), { messages, cachedTokens: 1_000 })), {
      inputTokens: 104,
      inputRub: 0.0104,
      answerTokens: 2_000,
      answerUpToRub: 8,
    });
  });

  it('bounds the answer by what is left of the context when nothing else does', () => {
    assert.equal(answerBound(entry({ context_length: 1_000 }), 104), 896);
    assert.equal(answerBound(entry({ context_length: 100 }), 104), 0);
    assert.equal(answerBound(entry({ max_output_tokens: 300, context_length: 1_000 }), 104), 300);
  });

  it('gives the input alone when nothing bounds the answer, and nothing without prices', () => {
    assert.deepEqual(round(requestPrice(entry({ pricing: { prompt: '0.001', completion: '0.004' } }), { messages })), { inputTokens: 104, inputRub: 0.104 });
    assert.equal(requestPrice(entry({ context_length: 10_000 }), { messages }), undefined);
    assert.equal(requestPrice(entry({ pricing: { prompt: '-1', completion: '0.004' } }), { messages }), undefined);
  });
});
