import * as assert from 'node:assert/strict';
import { cacheTokens, cachePrices, cachesWhenAsked, costOfUsage, pricedUsage } from '#src/platform/client/catalog/pricing';
import { ModelEntrySchema, type Usage } from '#src/platform/client/catalog/schemas';
import { chatCompletions } from '#src/platform/client/transports/chatCompletions';
import { messages } from '#src/platform/client/transports/messages';
import { responses } from '#src/platform/client/transports/responses';
import type { Transport } from '#src/platform/client/transports/transport';
import type { ReplyPart } from '#src/platform/client/streaming/replyPart';

const entry = (pricing: unknown) => ModelEntrySchema().parse({ id: 'acme/chat-large', available: true, pricing });
const usage = { prompt_tokens: 2000, completion_tokens: 500, total_tokens: 2500 };

describe('cost from catalog prices (spec, Limits 3 and 4)', () => {
  it('prices usage per token, the unit of the catalog whose field names the spec uses', () => {
    assert.equal(costOfUsage(entry({ currency: 'RUB', prompt: '0.00025', completion: '0.001' }), usage), 1);
    // OpenRouter's gpt-4o entry: 1 M tokens in and 1 M out.
    const million = { prompt_tokens: 1_000_000, completion_tokens: 1_000_000, total_tokens: 2_000_000 };
    assert.equal(costOfUsage(entry({ prompt: '0.0000025', completion: '0.00001' }), million), 12.5);
  });

  it('reads a price per thousand or per million tokens when the entry names that unit', () => {
    assert.deepEqual(
      [entry({ unit: 'per_million_tokens', prompt: '250', completion: '1000' }), entry({ unit: '1K_tokens', prompt: '0.25', completion: '1' })].map((e) =>
        costOfUsage(e, usage),
      ),
      [1, 1],
    );
  });

  it('gives no cost, never a guess, without prices, in another currency or unit, variable or when unreadable', () => {
    for (const pricing of [
      undefined,
      {},
      { currency: 'USD', prompt: '1', completion: '2' },
      { currency: 'RUB', prompt: 'soon', completion: '2' },
      { prompt: '1' },
      { prompt: '-1', completion: '-1' },
      { unit: 'per_request', prompt: '1', completion: '1' },
    ]) {
      assert.equal(costOfUsage(entry(pricing), usage), undefined, JSON.stringify(pricing));
    }
  });
});

describe('prompt caching prices', () => {
  // Anthropic-like prices per token: input 0.0003 ₽, reads 0.1×, writes 1.25×, output 0.0015 ₽.
  const cachingModel = entry({ prompt: '0.0003', completion: '0.0015', input_cache_read: '0.00003', input_cache_write: '0.000375' });
  const end = (transport: Transport, body: unknown): Usage => {
    const last = transport.parse(body)?.at(-1);
    assert.ok(last?.type === 'end' && last.usage, JSON.stringify(last));
    return last.usage;
  };
  const rounded = (priced: { costRub: number; savedRub: number } | undefined) =>
    priced && { costRub: Number(priced.costRub.toFixed(6)), savedRub: Number(priced.savedRub.toFixed(6)) };

  it('reads Messages cache reads and writes apart from its input and prices each at its own price', () => {
    const usage = end(messages, {
      content: [{ type: 'text', text: 'ok' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 200, output_tokens: 100, cache_read_input_tokens: 18_000, cache_creation_input_tokens: 1_000 },
    });
    assert.deepEqual(usage, {
      prompt_tokens: 19_200,
      completion_tokens: 100,
      total_tokens: 19_300,
      prompt_tokens_details: { cached_tokens: 18_000, cache_write_tokens: 1_000 },
    });
    // 200 × 0.0003 + 18,000 × 0.00003 + 1,000 × 0.000375 + 100 × 0.0015; saved 18,000 × 0.00027 − 1,000 × 0.000075.
    assert.deepEqual(rounded(pricedUsage(cachingModel, usage)), { costRub: 1.125, savedRub: 4.785 });
  });

  it('reads the cache counts of a Messages stream from message_start, completed by message_delta', () => {
    const reader = messages.streamReader();
    const parts: ReplyPart[] = [];
    for (const [event, data] of [
      ['message_start', { type: 'message_start', message: { usage: { input_tokens: 200, output_tokens: 1, cache_read_input_tokens: 18_000 } } }],
      ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
      ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'ok' } }],
      ['content_block_stop', { type: 'content_block_stop', index: 0 }],
      ['message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 100, cache_creation_input_tokens: 1_000 } }],
      ['message_stop', { type: 'message_stop' }],
    ] as const)
      reader.read({ event, data: JSON.stringify(data) }, parts);
    const last = parts.at(-1);
    assert.ok(last?.type === 'end');
    assert.deepEqual(last.usage, {
      prompt_tokens: 19_200,
      completion_tokens: 100,
      total_tokens: 19_300,
      prompt_tokens_details: { cached_tokens: 18_000, cache_write_tokens: 1_000 },
    });
  });

  it('reads chat completions cached tokens inside its prompt tokens', () => {
    const usage = end(chatCompletions, {
      choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: 19_200,
        completion_tokens: 100,
        total_tokens: 19_300,
        prompt_tokens_details: { cached_tokens: 18_000, cache_write_tokens: 1_000 },
      },
    });
    assert.deepEqual(cacheTokens(usage), { read: 18_000, write: 1_000 });
    assert.deepEqual(rounded(pricedUsage(cachingModel, usage)), { costRub: 1.125, savedRub: 4.785 });
  });

  it('reads Responses cached tokens inside its input tokens', () => {
    const usage = end(responses, {
      status: 'completed',
      output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'ok' }] }],
      usage: { input_tokens: 19_200, output_tokens: 100, input_tokens_details: { cached_tokens: 18_200 } },
    });
    assert.deepEqual(cacheTokens(usage), { read: 18_200, write: 0 });
    // 1,000 × 0.0003 + 18,200 × 0.00003 + 100 × 0.0015; saved 18,200 × 0.00027.
    assert.deepEqual(rounded(pricedUsage(cachingModel, usage)), { costRub: 0.996, savedRub: 4.914 });
  });

  it('reads Responses cache writes (OpenRouter names them cache_write_tokens) inside its input tokens', () => {
    const usage = end(responses, {
      status: 'completed',
      output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'ok' }] }],
      usage: { input_tokens: 19_200, output_tokens: 100, input_tokens_details: { cached_tokens: 0, cache_write_tokens: 19_000 } },
    });
    assert.deepEqual(cacheTokens(usage), { read: 0, write: 19_000 });
    // 200 × 0.0003 + 19,000 × 0.000375 + 100 × 0.0015; saved −19,000 × 0.000075: a write costs more.
    assert.deepEqual(rounded(pricedUsage(cachingModel, usage)), { costRub: 7.335, savedRub: -1.425 });
  });

  it('prices cached input at the input price where the catalog gives no cache prices', () => {
    const plain = entry({ prompt: '0.0003', completion: '0.0015' });
    const usage = { prompt_tokens: 19_200, completion_tokens: 100, total_tokens: 19_300, prompt_tokens_details: { cached_tokens: 18_000 } };
    assert.deepEqual(rounded(pricedUsage(plain, usage)), { costRub: 5.91, savedRub: 0 });
    assert.deepEqual([cachesWhenAsked(plain), cachesWhenAsked(cachingModel)], [false, true]);
  });

  it('reads cache prices in the unit of the text prices', () => {
    assert.deepEqual(cachePrices(entry({ unit: 'per_million_tokens', prompt: '300', completion: '1500', input_cache_read: '30' })), { read: 0.00003 });
    assert.deepEqual(cachePrices(entry({ currency: 'USD', prompt: '1', completion: '1', input_cache_read: '0.1' })), {});
  });
});
