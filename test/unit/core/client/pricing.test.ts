import * as assert from 'node:assert/strict';
import { costOfUsage, formatRub } from '../../../../src/core/client/pricing';
import { ModelEntrySchema } from '../../../../src/core/client/schemas';

const entry = (pricing: unknown) => ModelEntrySchema().parse({ id: 'acme/chat-large', available: true, pricing });
const usage = { prompt_tokens: 2000, completion_tokens: 500, total_tokens: 2500 };

describe('cost from catalog prices (spec, Limits 3 and 4)', () => {
  it('prices usage at RUB per million tokens', () => {
    assert.equal(costOfUsage(entry({ currency: 'RUB', prompt: '250', completion: '1000' }), usage), 1);
  });

  it('gives no cost, never a guess, without prices, in another currency or when unreadable', () => {
    for (const pricing of [undefined, {}, { currency: 'USD', prompt: '1', completion: '2' }, { currency: 'RUB', prompt: 'soon', completion: '2' }, { prompt: '1' }]) {
      assert.equal(costOfUsage(entry(pricing), usage), undefined, JSON.stringify(pricing));
    }
  });

  it('formats small amounts with enough digits to show them', () => {
    assert.deepEqual([formatRub(1), formatRub(0.0425), formatRub(0.00576), formatRub(0.0000123), formatRub(0)], ['≈ 1.00 ₽', '≈ 0.04 ₽', '≈ 0.0058 ₽', '≈ 0.000012 ₽', '≈ 0.00 ₽']);
  });
});
