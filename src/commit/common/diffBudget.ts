// How much of the staged diff one commit message request carries.
import { answerReserve } from '../../platform/reply/contextFit';
import { CHARS_PER_TOKEN } from '../../platform/reply/tokenEstimate';

/** The most diff text one commit message request carries (about 14,000 tokens), whatever the model's context. */
export const MAX_DIFF_CHARS = 40_000;

/**
 * Characters of diff a model's context leaves room for, counted as the context fit counts:
 * the answer's reserve and `promptTokens` (the rest of the prompt) come off first.
 */
export function diffBudget(contextLength: number | undefined, maxTokens: number | undefined, promptTokens: number): number {
  if (contextLength === undefined) return MAX_DIFF_CHARS;
  const tokens = contextLength - answerReserve(contextLength, maxTokens) - promptTokens;
  return Math.max(0, Math.min(MAX_DIFF_CHARS, Math.round(tokens * CHARS_PER_TOKEN)));
}
