// The price before sending in words, as the chat's composer and the commands' progress say it:
// "≈ 0.42 ₽ to send · up to 3.10 ₽ for the answer" (the answer's part only where anything bounds it).
import * as l10n from '@vscode/l10n';
import { displayLocale } from '../format/displayLanguage';
import { formatRub, type Locale } from '../format/localeFormat';
import type { RequestPrice } from './requestPrice';

export function priceLine(sendRub: number, answerUpToRub: number | undefined, locale: Locale): string {
  const send = formatRub(sendRub, locale);
  if (answerUpToRub === undefined)
    return l10n.t({ message: '{0} to send', args: [send], comment: ['{0} an amount in roubles: what sending the message costs'] });
  return l10n.t({
    message: '{0} to send · up to {1} for the answer',
    args: [send, formatRub(answerUpToRub, locale, false)],
    comment: ['{0} what sending the message costs, {1} the most its answer can cost, amounts in roubles'],
  });
}

/** A command's progress as its request goes: its price, then what it waits for. */
export function pricedWait(price: RequestPrice, waiting: string): string {
  return `${priceLine(price.inputRub, price.answerUpToRub, displayLocale())} · ${waiting}`;
}
