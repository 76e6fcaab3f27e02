// The largest selection Refactor Selection sends. The reply must repeat the whole code, so
// the limit is about what a model writes back in one answer (about 3,000 tokens), lower
// than what a chat message may carry.
import * as l10n from '@vscode/l10n';
import { displayLocale } from '../../platform/format/displayLanguage';
import { formatInteger } from '../../platform/format/localeFormat';

export const MAX_REFACTOR_CHARS = 12_000;

export type RefactorCheck = { ok: true } | { ok: false; message: string };

export function checkRefactorable(text: string): RefactorCheck {
  if (text.trim() === '') return { ok: false, message: l10n.t('Select the code to refactor first.') };
  if (text.length <= MAX_REFACTOR_CHARS) return { ok: true };
  const lines = text.split('\n').length;
  const locale = displayLocale();
  return {
    ok: false,
    message: l10n.t(
      'This selection is too large to refactor: {0} lines, {1} characters (the limit is {2}). Select a smaller part, such as one function, and try again.',
      formatInteger(lines, locale),
      formatInteger(text.length, locale),
      formatInteger(MAX_REFACTOR_CHARS, locale),
    ),
  };
}
