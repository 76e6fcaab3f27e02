import * as assert from 'node:assert/strict';
import { costOfUsage } from '#src/platform/client/catalog/pricing';
import { ModelEntrySchema } from '#src/platform/client/catalog/schemas';

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
