import * as assert from 'node:assert/strict';
import { usageText } from '#src/chat/page/usageText';
import { useEnglish, useRussian } from '../../l10n/displayLanguage';

const cachedUsage = { prompt_tokens: 19_200, completion_tokens: 100, total_tokens: 19_300, prompt_tokens_details: { cached_tokens: 18_200 } };

describe("an answer's usage line", () => {
  afterEach(useEnglish);

  it('says the tokens read from the cache and what they saved, in English', () => {
    useEnglish();
    assert.equal(usageText(cachedUsage, 0.996, 4.1), '19,200 in · 100 out tokens · ≈ 1.00 ₽ · cached 18,200 · saved ≈ 4.10 ₽');
  });

  it('says the tokens read from the cache and what they saved, in Russian', () => {
    useRussian();
    assert.equal(
      usageText(cachedUsage, 0.996, 4.1),
      // Russian groups digits with a no-break space.
      'Токены: 19\u00a0200 на входе · 100 на выходе · ≈ 1,00 ₽ · из кэша 18\u00a0200 · сэкономлено ≈ 4,10 ₽',
    );
  });

  it('leaves out a saving of nothing, and the cache where none was read', () => {
    useEnglish();
    assert.equal(usageText(cachedUsage, 5.91, 0), '19,200 in · 100 out tokens · ≈ 5.91 ₽ · cached 18,200');
    assert.equal(usageText({ prompt_tokens: 1204, completion_tokens: 81, total_tokens: 1285 }, 0.02), '1,204 in · 81 out tokens · ≈ 0.02 ₽');
  });
});
