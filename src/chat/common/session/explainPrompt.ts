// Explain Selection: the request that asks the model to explain a piece of code, with
// where it comes from (file, language, lines) so the answer can refer to it.
import * as l10n from '@vscode/l10n';
import { fenceCode } from '../../../platform/text/codeFence';
import { contextTooLarge } from '../attachments/contextBlock';
import { linesText } from '../../../platform/text/lineRange';
import { chipLabel, type ContextItem } from '../conversation/conversation';

export type ExplainCheck = { ok: true } | { ok: false; message: string };

/** What the person sees as their message (the chip shows the code). */
export function explainTitle(item: ContextItem): string {
  return `Explain ${chipLabel(item)}`;
}

/** Refuses empty and oversized selections with what to do instead. */
export function checkExplainable(item: ContextItem): ExplainCheck {
  if (item.text.trim() === '') return { ok: false, message: l10n.t('Select the code to explain first.') };
  const tooLarge = contextTooLarge([item]);
  return tooLarge ? { ok: false, message: tooLarge } : { ok: true };
}

export function buildExplainPrompt(item: ContextItem): string {
  return [
    `Explain the following ${item.languageId} code from ${item.path} (${linesText(item)}).`,
    'Say what it does and why, step by step, for a developer reading it for the first time.',
    'Point out anything surprising: edge cases, possible bugs, performance or security concerns.',
    'Keep it concise. When showing code, use fenced blocks with the language.',
    '',
    fenceCode(item.text, item.languageId),
  ].join('\n');
}
