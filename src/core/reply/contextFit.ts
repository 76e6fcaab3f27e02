// Spec, Limits 3: a model's limits are read from the live catalog. A conversation longer than
// the model's context is trimmed from its oldest turns before it is sent, instead of being
// refused by the service; the system prompt and the message being answered always stay.
import type { ChatMessage } from '../client/schemas';

/**
 * There is no tokenizer endpoint, so tokens are estimated from characters: 2.8 a token. Against
 * o200k_base it over-counts mixed prose and code by 1.3 to 1.5 times, Russian prose by 1.3 and
 * indented JSON by 1.05, and never under-counts (test/unit/core/reply/tokenEstimate.test.ts):
 * a trimmed request fits, and VS Code's budget holds.
 */
const CHARS_PER_TOKEN = 2.8;
/** What each message costs beyond its text (role and separators), as chat APIs count it. */
const TOKENS_PER_MESSAGE = 4;
/** Room kept for the answer when the person set no max_tokens: a quarter of the context, at most this. */
const DEFAULT_ANSWER_RESERVE = 4_096;

export function estimateTokens(messages: readonly ChatMessage[]): number {
  return messages.reduce((sum, m) => sum + Math.ceil(m.content.length / CHARS_PER_TOKEN) + TOKENS_PER_MESSAGE, 0);
}

export interface Fitted {
  messages: ChatMessage[];
  /** How many earlier messages were left out. */
  dropped: number;
}

/**
 * The messages that fit `contextLength` with room for the answer: whole exchanges are dropped
 * from the oldest (a user message with the answers after it), so the model never sees an
 * answer without its question. Unchanged when the context is unknown or everything fits.
 */
export function fitToContext(messages: readonly ChatMessage[], contextLength: number | undefined, maxTokens?: number): Fitted {
  if (contextLength === undefined) return { messages: [...messages], dropped: 0 };
  const budget = contextLength - (maxTokens ?? Math.min(DEFAULT_ANSWER_RESERVE, Math.floor(contextLength / 4)));
  const head = messages[0]?.role === 'system' ? messages.slice(0, 1) : [];
  let rest = messages.slice(head.length);
  let dropped = 0;
  while (rest.length > 1 && estimateTokens([...head, ...rest]) > budget) {
    // The oldest exchange: its user message and every non-user message up to the next one.
    let end = 1;
    while (end < rest.length - 1 && rest[end]?.role !== 'user') end++;
    rest = rest.slice(end);
    dropped += end;
  }
  return { messages: [...head, ...rest], dropped };
}
