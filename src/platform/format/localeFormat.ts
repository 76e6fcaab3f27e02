// Numbers, money, dates and plural forms in the user's language: the one place that formats
// them. The locale always comes from the caller (vscode.env.language on the host, the page's
// init message on the page), so nothing here depends on the machine's own locale.

/** A locale tag such as "en", "ru" or "pt-br", as VS Code names its display language. */
export type Locale = string;

/** "1,234" / "1 234" (Intl's group separator for the locale: a no-break space in Russian). */
export function formatInteger(n: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);
}

/** "21.3" / "21,3": a number with at most `fractionDigits` decimals (sizes in megabytes). */
export function formatDecimal(n: number, locale: Locale, fractionDigits = 1): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: fractionDigits }).format(n);
}

/**
 * "25%" / "25 %": a share given in percent (25 for a quarter), with at most `fractionDigits`
 * decimals; Russian puts a no-break space before the sign, as Intl writes it.
 */
export function formatPercent(percent: number, locale: Locale, fractionDigits = 0): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: fractionDigits }).format(percent / 100);
}

/**
 * "≈ 8.00 ₽" / "≈ 8,00 ₽" (without the sign where `approximate` is false: a bound); an amount under
 * a kopeck keeps enough digits to show more than zero.
 */
export function formatRub(amount: number, locale: Locale, approximate = true): string {
  const digits = amount === 0 || amount >= 0.01 ? 2 : Math.min(6, 1 - Math.floor(Math.log10(amount)));
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount);
  return approximate ? `≈ ${number} ₽` : `${number} ₽`;
}

/** "300 ₽" / "12,40 ₽": an amount set or bounded rather than measured; whole roubles without kopecks. */
export function formatRubAmount(amount: number, locale: Locale): string {
  const digits = Number.isInteger(Math.round(amount * 100) / 100) ? 0 : 2;
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount)} ₽`;
}

/** "Jan 5, 2026" / "5 янв. 2026 г."; `timeZone` defaults to the machine's. */
export function formatDate(time: Date | number, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(time);
}

/** "Jan 5, 2026, 2:03 PM" / "5 янв. 2026 г., 14:03"; `timeZone` defaults to the machine's. */
export function formatDateTime(time: Date | number, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(time);
}

/** "2:03:07 PM" / "14:03:07": a time of day, to the second (when a wait ends). */
export function formatTime(time: Date | number, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'medium', timeZone }).format(time);
}

/** "tools or tool_choice" / "tools или tool_choice": names that are alternatives, joined as the locale joins them. */
export function formatAlternatives(items: readonly string[], locale: Locale): string {
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(items);
}

/**
 * The forms of a counted phrase, by Intl.PluralRules category, with {0} where the number goes:
 * English needs `one` and `other`; Russian `one` (1, 21 модель), `few` (2, 22 модели),
 * `many` (5, 11 моделей) and `other` (fractions). A category left out falls back to `other`.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** "1 модель", "2 модели", "5 моделей": the form the locale's rules pick for the whole number `n`, with `n` formatted. */
export function plural(n: number, locale: Locale, forms: PluralForms): string {
  const form = forms[new Intl.PluralRules(locale).select(n)] ?? forms.other;
  return form.replace('{0}', formatInteger(n, locale));
}
