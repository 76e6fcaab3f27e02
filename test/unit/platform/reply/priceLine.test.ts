import * as assert from 'node:assert/strict';
import { priceLine, pricedWait } from '#src/platform/reply/priceLine';
import { useEnglish, useRussian } from '../../l10n/displayLanguage';

describe('priceLine: the price before sending in words', () => {
  afterEach(useEnglish);

  it('says the input and the bound of the answer, or the input alone when nothing bounds it', () => {
    useEnglish();
    assert.deepEqual([priceLine(0.42, 3.1, 'en'), priceLine(0.004, undefined, 'en')], ['≈ 0.42 ₽ to send · up to 3.10 ₽ for the answer', '≈ 0.0040 ₽ to send']);
  });

  it("puts a command's wait after it, and says it all in Russian", () => {
    useRussian();
    const price = { inputTokens: 1_680, inputRub: 0.42, answerTokens: 3_100, answerUpToRub: 3.1 };
    assert.equal(pricedWait(price, 'ожидание модели…'), '≈ 0,42 ₽ за отправку · до 3,10 ₽ за ответ · ожидание модели…');
  });
});
