// An answer that ended at its token limit (chat completions' finish reason `length`, Messages'
// `max_tokens`, Responses' `incomplete`) reads like a whole answer but is not one: the chat
// says so on the turn, and a refactoring never offers such code to apply.
import type { ReplyOutcome } from './streamReply';

const SETTING = 'the setting Multi-Model AI: Max Tokens';

export function reachedLengthLimit(outcome: ReplyOutcome): boolean {
  return outcome.status === 'done' && outcome.finishReason === 'length';
}

export const LENGTH_LIMIT_NOTICE = `The answer stopped at its length limit: send "continue" for the rest, or raise ${SETTING}.`;

export const CODE_CUT_OFF_MESSAGE = `The answer stopped at its length limit before the code was complete, so it cannot be applied: raise ${SETTING}, or refactor a smaller selection.`;
