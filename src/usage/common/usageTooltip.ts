// The status bar tooltip's usage section: what the key in use spent today and this month, from
// the usage record.
import * as l10n from '@vscode/l10n';
import { displayLocale } from '../../platform/format/displayLanguage';
import { formatRub } from '../../platform/format/localeFormat';

export function keySpendLines(keyName: string, spend: { today: number; month: number }): string {
  const locale = displayLocale();
  return [
    l10n.t('Key {0} spent today: {1}', keyName, formatRub(spend.today, locale)),
    l10n.t('Key {0} spent this month: {1}', keyName, formatRub(spend.month, locale)),
  ].join('\n');
}
