// An answer that ended at its token limit (chat completions' finish reason `length`, Messages'
// `max_tokens`, Responses' `incomplete`) reads like a whole answer but is not one: the chat
// says so on the turn, and a refactoring never offers such code to apply.
import * as l10n from '@vscode/l10n';
import type { ReplyOutcome } from './streamReply';

export function reachedLengthLimit(outcome: ReplyOutcome): boolean {
  return outcome.status === 'done' && outcome.finishReason === 'length';
}

// The setting is named as the Settings editor shows it (from its id, multiModelAI.maxTokens), and
// each message comes with the button that opens it (the action openMaxTokensSetting).

/** The chat's note under such an answer. */
export const lengthLimitNotice = (): string =>
  l10n.t('The answer stopped at its length limit: send "continue" for the rest, or raise the setting Multi Model AI: Max Tokens.');

/** Why a refactoring cut off at its limit is not offered. */
export const codeCutOffMessage = (): string =>
  l10n.t(
    'The answer stopped at its length limit before the code was complete, so it cannot be applied: raise the setting Multi Model AI: Max Tokens, or refactor a smaller selection.',
  );
