// What the status bar item says and does, from what the shell knows right now. It always
// shows something: a missing address, key or model is named, and clicking fixes it.
import * as l10n from '@vscode/l10n';
import { displayLocale } from '../../platform/format/displayLanguage';
import { formatRub, plural } from '../../platform/format/localeFormat';
import { commandTitle } from '../../platform/manifest/commandTitles';
import { Commands } from '../../platform/manifest/ids';
import type { ModelEntry } from '../../platform/client/catalog/schemas';
import type { FixAction } from '../../platform/actions/actions';
import { capabilitiesText, shortModelName } from '../../platform/models/modelPickItems';

export type StatusBarAction = Extract<FixAction, 'setBaseUrl' | 'setApiKey' | 'selectModel'>;

export interface StatusBarInput {
  hasBaseUrl: boolean;
  hasKey: boolean;
  modelId?: string;
  /** The catalog entry of `modelId`, once the catalog has been read. */
  entry?: ModelEntry;
  /** Set when the catalog was read and `modelId` cannot be used: why. */
  unusableReason?: string;
  /** Set when the catalog could not be read: what to do. */
  catalogProblem?: string;
  /** Set when the address in effect is the legacy one (multiModelAI.legacyBaseUrl). */
  legacyBaseUrl?: string;
  /** What priced answers made with the key in use cost since VS Code started. */
  spend?: { rub: number; answers: number };
  /** The key in use: its name and masked prefix (`work · sk_live_0123…`). */
  keyLabel?: string;
  /** The key's name, shown beside the model when more than one key is stored. */
  keyName?: string;
  /** The key in use is at 80 % of its budget or past it: what to say (spendCheck.ts). */
  budgetWarning?: string;
}

export interface StatusBarView {
  text: string;
  /** What a screen reader says for the item: its own words, not the text's icon names ("sparkle"). */
  accessibleLabel: string;
  tooltip: string;
  action: StatusBarAction;
  warning: boolean;
}

const pickAnother = (): string => l10n.t('Click to pick another model.');

export function statusBarView(input: StatusBarInput): StatusBarView {
  if (!input.hasBaseUrl) {
    return {
      text: `$(gear) ${l10n.t('Multi-Model AI: set address')}`,
      accessibleLabel: l10n.t('Multi-Model AI: the service address is not set'),
      tooltip: l10n.t('The service address (multiModelAI.baseUrl) is not set. Click to enter it.'),
      action: 'setBaseUrl',
      warning: true,
    };
  }
  if (!input.hasKey) {
    return {
      text: `$(key) ${l10n.t('Multi-Model AI: set API key')}`,
      accessibleLabel: l10n.t('Multi-Model AI: no API key is stored'),
      tooltip: l10n.t('No API key is stored. Click to set it.'),
      action: 'setApiKey',
      warning: true,
    };
  }
  if (!input.modelId) {
    return {
      text: `$(sparkle) ${l10n.t('Select model')}`,
      accessibleLabel: l10n.t('Multi-Model AI: no model is selected'),
      tooltip: l10n.t('No model is selected. Click to pick one from the live catalog.'),
      action: 'selectModel',
      warning: true,
    };
  }
  const name = shortModelName(input.modelId);
  if (input.unusableReason) {
    return {
      text: `$(warning) ${name}`,
      accessibleLabel: l10n.t('Multi-Model AI: model {0}. {1}', input.modelId, input.unusableReason),
      tooltip: `${input.modelId}\n${input.unusableReason}\n${pickAnother()}`,
      action: 'selectModel',
      warning: true,
    };
  }
  const lines = [input.modelId];
  if (input.keyLabel) lines.push(l10n.t('Key: {0}', input.keyLabel));
  if (input.entry) lines.push(l10n.t('Accepts: {0}', capabilitiesText(input.entry)));
  if (input.catalogProblem) lines.push(l10n.t('Could not read the model list: {0}', input.catalogProblem));
  if (input.legacyBaseUrl)
    lines.push(l10n.t("Uses the legacy address {0}: '{1}' offers the current one.", input.legacyBaseUrl, commandTitle(Commands.verifyConnection)));
  if (input.spend && input.spend.answers > 0) lines.push(spendLine(input.spend));
  if (input.budgetWarning) lines.push(input.budgetWarning);
  lines.push(pickAnother());
  const icon = input.budgetWarning ? '$(warning)' : '$(sparkle)';
  const text = input.keyName ? `${icon} ${name} · $(key) ${input.keyName}` : `${icon} ${name}`;
  const label = input.keyName ? l10n.t('Multi-Model AI: model {0}, key {1}', input.modelId, input.keyName) : l10n.t('Multi-Model AI: model {0}', input.modelId);
  const accessibleLabel = input.budgetWarning ? `${label}. ${input.budgetWarning}` : label;
  return { text, accessibleLabel, tooltip: lines.join('\n'), action: 'selectModel', warning: input.budgetWarning !== undefined };
}

function spendLine(spend: { rub: number; answers: number }): string {
  const locale = displayLocale();
  const answers = plural(spend.answers, locale, {
    one: l10n.t({ message: '{0} answer', comment: ['plural: one'] }),
    few: l10n.t({ message: '{0} answers', comment: ['plural: few'] }),
    many: l10n.t({ message: '{0} answers', comment: ['plural: many'] }),
    other: l10n.t({ message: '{0} answers', comment: ['plural: other'] }),
  });
  return l10n.t(
    "Spent since VS Code started: {0} ({1}, at the catalog's prices; answers stopped or cut off report no usage, so they are not counted)",
    formatRub(spend.rub, locale),
    answers,
  );
}
