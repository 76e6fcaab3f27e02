// An answer's usage line: its tokens, what it cost at the catalog's prices, and what its input
// read from the cache saved, each part only where the service and the catalog say it.
import * as l10n from '@vscode/l10n';
import type { TurnUsage } from '../common/conversation/conversation';
import { formatInteger, formatRub } from '../../platform/format/localeFormat';
import { displayLocale } from '../../platform/format/displayLanguage';

/** "1,204 in · 81 out tokens · ≈ 0.02 ₽ · cached 18,200 · saved ≈ 4.10 ₽": the cost only when the catalog gave prices, the saving only when there was one. */
export function usageText(usage: TurnUsage, costRub?: number, savedRub?: number): string {
  const locale = displayLocale();
  const parts = [l10n.t('{0} in · {1} out tokens', formatInteger(usage.prompt_tokens, locale), formatInteger(usage.completion_tokens, locale))];
  if (costRub !== undefined) parts.push(formatRub(costRub, locale));
  const cached = usage.prompt_tokens_details?.cached_tokens ?? 0;
  if (cached > 0) parts.push(l10n.t({ message: 'cached {0}', args: [formatInteger(cached, locale)], comment: ['input tokens read from the prompt cache'] }));
  if (savedRub !== undefined && savedRub > 0)
    parts.push(l10n.t({ message: 'saved {0}', args: [formatRub(savedRub, locale)], comment: ['money the prompt cache saved, {0} an amount in roubles'] }));
  return parts.join(' · ');
}
