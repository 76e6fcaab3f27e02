// The page's language, which the host sends in its first message (session/init): the bundle
// VS Code loaded for its display language, and that language. Set before anything is rendered;
// a page never told (a bench feeding it a conversation straight away) speaks English.
import * as l10n from '@vscode/l10n';
import type { Locale } from '../core/format/localeFormat';

let locale: Locale = 'en';

export function setPageLanguage(contents: Record<string, string>, language: Locale): void {
  l10n.config({ contents });
  locale = language;
}

/** The locale the page formats numbers, money and dates in. */
export const pageLocale = (): Locale => locale;
