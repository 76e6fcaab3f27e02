// The sentence "Verify Connection" shows when the service answered.
import * as l10n from '@vscode/l10n';
import { displayLocale } from '../format/displayLanguage';
import { formatInteger, plural } from '../format/localeFormat';

export function connectionReport(input: { baseUrl: string; keyLabel: string; usable: number; total: number; legacy?: boolean }): string {
  const locale = displayLocale();
  const models = plural(input.usable, locale, {
    one: l10n.t({ message: '{0} usable text model', comment: ['plural: one'] }),
    few: l10n.t({ message: '{0} usable text models', comment: ['plural: few'] }),
    many: l10n.t({ message: '{0} usable text models', comment: ['plural: many'] }),
    other: l10n.t({ message: '{0} usable text models', comment: ['plural: other'] }),
  });
  const total = formatInteger(input.total, locale);
  const head = input.legacy
    ? l10n.t('Connected to the legacy address {0} with key {1}: {2} (of {3} in the catalog).', input.baseUrl, input.keyLabel, models, total)
    : l10n.t('Connected to {0} with key {1}: {2} (of {3} in the catalog).', input.baseUrl, input.keyLabel, models, total);
  return input.usable === 0 ? `${head} ${l10n.t('Ask your workspace admin to enable a text model.')}` : head;
}
