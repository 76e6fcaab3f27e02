// How added context (selections, files) becomes part of a user message, and how much of it
// one message may carry: a clear refusal beats a request the service will reject.
import * as l10n from '@vscode/l10n';
import { displayLocale } from '../../../platform/format/displayLanguage';
import { formatInteger } from '../../../platform/format/localeFormat';
import { answerReserve } from '../../../platform/reply/contextFit';
import { CHARS_PER_TOKEN } from '../../../platform/reply/tokenEstimate';
import { fenceCode } from '../../../platform/text/codeFence';
import { linesText } from '../../../platform/text/lineRange';
import { isMention, type ContextItem } from '../conversation/conversation';

/** Characters of code one message may carry when the model's context is unknown (about 6,000 tokens). */
export const MAX_CONTEXT_CHARS = 24_000;

/**
 * Characters of code one message may carry to a model of `contextLength` tokens, counted as the
 * context fit counts: half of what the answer's room leaves, so that the system prompt, the
 * question and the conversation before it keep the other half.
 */
export function codeBudget(contextLength: number | undefined, maxTokens?: number): number {
  if (contextLength === undefined) return MAX_CONTEXT_CHARS;
  const tokens = (contextLength - answerReserve(contextLength, maxTokens)) / 2;
  return Math.max(0, Math.floor(tokens * CHARS_PER_TOKEN));
}

function describe(item: ContextItem): string {
  if (item.kind !== 'file') return `${item.path}, ${linesText(item)} (${item.languageId})`;
  if (item.note === undefined) return `File ${item.path} (${item.languageId})`;
  // The chip's note is in the person's language; the model is told in English, from the lines it has.
  const sent = item.text.split('\n').length - (item.text.endsWith('\n') ? 1 : 0);
  return `File ${item.path} (${item.languageId}; only lines 1-${sent} of ${item.endLine} are sent, the rest did not fit the context)`;
}

export function contextSection(item: ContextItem): string {
  // A mention is headed as quoted material and fenced already.
  if (isMention(item.kind)) return item.text;
  // So is a web page: its heading says where it came from and that it is quoted material.
  if (item.kind === 'url') return item.text;
  return `${describe(item)}:\n${fenceCode(item.text, item.languageId)}`;
}

/** The message content sent for `text` with `items` attached: the code first, the question last. */
export function userContent(text: string, items: readonly ContextItem[]): string {
  // Images travel as images, not text.
  const code = items.filter((item) => item.kind !== 'image');
  if (code.length === 0) return text;
  return `${code.map(contextSection).join('\n\n')}\n\n${text}`;
}

/** Why `items` cannot be sent in one message of at most `limit` characters of code, or undefined when they fit. */
export function contextTooLarge(items: readonly ContextItem[], limit = MAX_CONTEXT_CHARS): string | undefined {
  const chars = items.reduce((sum, item) => sum + item.text.length, 0);
  if (chars <= limit) return undefined;
  const lines = items.filter((item) => item.kind !== 'image').reduce((sum, item) => sum + item.endLine - item.startLine + 1, 0);
  const locale = displayLocale();
  const counts = [formatInteger(lines, locale), formatInteger(chars, locale), formatInteger(limit, locale)];
  if (items.length !== 1)
    return l10n.t('The added code is too large to send: {0} lines, {1} characters (the limit is {2}). Select a smaller part and try again.', ...counts);
  return items[0]?.kind === 'file'
    ? l10n.t('This file is too large to send: {0} lines, {1} characters (the limit is {2}). Select a smaller part and try again.', ...counts)
    : l10n.t('This selection is too large to send: {0} lines, {1} characters (the limit is {2}). Select a smaller part and try again.', ...counts);
}
