import * as assert from 'node:assert/strict';
import { formatAlternatives, formatDate, formatDateTime, formatInteger, formatPercent, formatRub, formatTime, plural } from '#src/platform/format/localeFormat';

// Russian groups digits with a no-break space (U+00A0), as Intl gives it in Node and Chromium alike.
const NBSP = '\u00a0';
const MODELS = { one: '{0} модель', few: '{0} модели', many: '{0} моделей', other: '{0} модели' };
const WHEN = Date.UTC(2026, 0, 5, 14, 3);

describe('locale formats', () => {
  it('integers: grouped by the locale, whatever the machine is set to', () => {
    assert.deepEqual(
      [0, 1234, 1234567, -1234, 1234.6].map((n) => formatInteger(n, 'en')),
      ['0', '1,234', '1,234,567', '-1,234', '1,235'],
    );
    assert.deepEqual(
      [0, 1234, 1234567].map((n) => formatInteger(n, 'ru')),
      ['0', `1${NBSP}234`, `1${NBSP}234${NBSP}567`],
    );
  });

  it("roubles: two decimals with the locale's separators; under a kopeck, enough digits to be more than zero", () => {
    const amounts = [8, 1, 0.0425, 0.00576, 0.0000123, 0, 1234.5];
    assert.deepEqual(
      amounts.map((a) => formatRub(a, 'en')),
      ['≈ 8.00 ₽', '≈ 1.00 ₽', '≈ 0.04 ₽', '≈ 0.0058 ₽', '≈ 0.000012 ₽', '≈ 0.00 ₽', '≈ 1,234.50 ₽'],
    );
    assert.deepEqual(
      amounts.map((a) => formatRub(a, 'ru')),
      ['≈ 8,00 ₽', '≈ 1,00 ₽', '≈ 0,04 ₽', '≈ 0,0058 ₽', '≈ 0,000012 ₽', '≈ 0,00 ₽', `≈ 1${NBSP}234,50 ₽`],
    );
  });

  it('shares in percent: no space before the sign in English, a no-break space in Russian; decimals only where asked', () => {
    assert.deepEqual(
      [0, 1, 25, 33.333, 100].map((n) => formatPercent(n, 'en')),
      ['0%', '1%', '25%', '33%', '100%'],
    );
    assert.deepEqual(
      [0, 1, 25, 100].map((n) => formatPercent(n, 'ru')),
      [`0${NBSP}%`, `1${NBSP}%`, `25${NBSP}%`, `100${NBSP}%`],
    );
    assert.deepEqual([formatPercent(33.333, 'en', 1), formatPercent(33.333, 'ru', 1), formatPercent(25, 'ru', 1)], ['33.3%', `33,3${NBSP}%`, `25${NBSP}%`]);
  });

  it('dates and times (the history list, the end of a wait), in the given time zone', () => {
    assert.equal(formatDate(WHEN, 'en', 'UTC'), 'Jan 5, 2026');
    assert.equal(formatDate(WHEN, 'ru', 'UTC'), '5 янв. 2026 г.');
    assert.equal(formatDateTime(WHEN, 'en', 'UTC'), 'Jan 5, 2026, 2:03 PM');
    assert.equal(formatDateTime(new Date(WHEN), 'ru', 'Europe/Moscow'), '5 янв. 2026 г., 17:03');
    assert.equal(formatTime(WHEN + 7000, 'en', 'UTC'), '2:03:07 PM');
    assert.equal(formatTime(WHEN + 7000, 'ru', 'UTC'), '14:03:07');
  });

  it('alternatives joined as the locale joins them', () => {
    assert.deepEqual(
      [
        formatAlternatives(['tools', 'tool_choice'], 'en'),
        formatAlternatives(['tools', 'tool_choice'], 'ru'),
        formatAlternatives(['a', 'b', 'c'], 'en'),
        formatAlternatives(['tools'], 'ru'),
      ],
      ['tools or tool_choice', 'tools или tool_choice', 'a, b, or c', 'tools'],
    );
  });

  it('Russian plural forms: 1 модель, 2 модели, 5 моделей, 11 моделей, 21 модель', () => {
    assert.deepEqual(
      [1, 2, 5, 11, 21, 22, 111, 0, 1234].map((n) => plural(n, 'ru', MODELS)),
      ['1 модель', '2 модели', '5 моделей', '11 моделей', '21 модель', '22 модели', '111 моделей', '0 моделей', `1${NBSP}234 модели`],
    );
  });

  it('English plural forms: one and other; a form left out falls back to other', () => {
    assert.deepEqual(
      [1, 2, 21, 0].map((n) => plural(n, 'en', { one: '{0} model', other: '{0} models' })),
      ['1 model', '2 models', '21 models', '0 models'],
    );
    assert.equal(plural(5, 'ru', { one: '{0} модель', other: '{0} моделей' }), '5 моделей');
  });
});
