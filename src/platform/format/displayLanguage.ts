// The display language the core words its texts in. The host sets it once at activation,
// before any core text is made: the locale that numbers, money and dates are formatted for,
// and the bundle `l10n.t` reads its translations from. Unset (the unit tests), both are English.
import * as l10n from '@vscode/l10n';
import type { Locale } from './localeFormat';

let current: Locale = 'en';

/** `locale`: vscode.env.language; `bundle`: vscode.l10n.bundle (undefined in English). */
export function setDisplayLanguage(locale: Locale, bundle: l10n.l10nJsonFormat | undefined): void {
  current = locale;
  l10n.config({ contents: bundle ?? {} });
}

/** The locale the core formats for: the host's display language, "en" until it is set. */
export function displayLocale(): Locale {
  return current;
}
