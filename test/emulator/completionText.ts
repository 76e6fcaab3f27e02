// The text a text endpoint answers with, cut to the caller's token limit, and its usage counts.
import { countTokens, generateReply, tokenize } from './replies';

export interface Completion {
  deltas: string[];
  text: string;
  /** True when the token limit cut the reply short. */
  truncated: boolean;
  promptTokens: number;
}

export type TextContent = string | { type: string; text?: string }[] | null | undefined;

export function contentText(content: TextContent): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text ?? '').join('');
}

/**
 * The reply to a conversation: a scripted text when one is given, else generated from the
 * last user message; `prompts` are every message's text, counted for usage.
 */
export function complete(prompts: string[], lastUser: string, maxTokens?: number, scripted?: string): Completion {
  const all = scripted === undefined ? generateReply(lastUser) : tokenize(scripted);
  const truncated = maxTokens !== undefined && all.length > maxTokens;
  const deltas = truncated ? all.slice(0, maxTokens) : all;
  return {
    deltas,
    text: deltas.join(''),
    truncated,
    promptTokens: promptTokens(prompts),
  };
}

/** Usage's prompt_tokens: the words of every message, plus 4 per message. */
export function promptTokens(prompts: string[]): number {
  return prompts.reduce((sum, p) => sum + countTokens(p) + 4, 0);
}
