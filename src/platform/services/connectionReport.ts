// The sentence "Verify Connection" shows when the service answered.
import * as l10n from '@vscode/l10n';
import { displayLocale } from '../format/displayLanguage';
import { formatInteger, plural } from '../format/localeFormat';
import type { NoModelList } from '../client/catalog/catalogReader';
import { noModelListMessage } from '../client/catalog/typedModels';

/** `proxy`: the proxy the catalog was read through (host:port and where it was set), absent when none was. */
export function connectionReport(input: { baseUrl: string; keyLabel: string; usable: number; total: number; legacy?: boolean; proxy?: string }): string {
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
  const connected = input.proxy === undefined ? head : `${head} ${l10n.t('Through the proxy {0}.', input.proxy)}`;
  return input.usable === 0 ? `${connected} ${l10n.t('Ask your workspace admin to enable a text model.')}` : connected;
}

/** What Verify Connection says of an address that serves chat but no model list: models are typed by hand there. */
export function unlistedReport(input: { baseUrl: string; keyLabel: string; unlisted: NoModelList; proxy?: string }): string {
  const head = l10n.t('Connected to {0} with key {1}.', input.baseUrl, input.keyLabel);
  const through = input.proxy === undefined ? '' : ` ${l10n.t('Through the proxy {0}.', input.proxy)}`;
  return `${head}${through} ${noModelListMessage(input.unlisted)}`;
}
