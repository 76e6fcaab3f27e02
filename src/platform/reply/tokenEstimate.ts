// Tokens a request costs, estimated: there is no tokenizer endpoint. The context fit trims by it
// (spec, Limits 3), and VS Code budgets a conversation by the provider's counts, so everything a
// message sends counts: the text, the tool calls' names and arguments (an edit tool carries a
// whole file), the tool results and the images.
import type { TextMessage } from '../client/transports/textRequest';

/**
 * 2.8 characters a token. Against o200k_base it over-counts mixed prose and code by 1.3 to 1.5
 * times, Russian prose by 1.3 and indented JSON by 1.05, and never under-counts
 * (test/unit/platform/reply/tokenEstimate.test.ts): a trimmed request fits, and VS Code's budget holds.
 */
export const CHARS_PER_TOKEN = 2.8;
/** What each message costs beyond its text (role and separators), as chat APIs count it. */
const TOKENS_PER_MESSAGE = 4;

/**
 * An image is priced by its pixels, which its bytes do not tell without decoding it: the common
 * APIs charge some 85 to 1,600 tokens a picture, and Anthropic's cap is near 1,600. Each image is
 * counted at that top, so screenshots do not overrun a budget.
 */
export const IMAGE_TOKENS = 1_600;

/** The characters a message sends as text: its content, and an assistant's tool calls. */
function sentChars(message: TextMessage): number {
  if (message.role !== 'assistant' || !message.toolCalls) return message.content.length;
  return message.toolCalls.reduce((sum, call) => sum + call.name.length + call.arguments.length, message.content.length);
}

export function estimateTokens(messages: readonly TextMessage[]): number {
  return messages.reduce((sum, m) => {
    const images = m.role === 'user' ? (m.images?.length ?? 0) : 0;
    return sum + Math.ceil(sentChars(m) / CHARS_PER_TOKEN) + TOKENS_PER_MESSAGE + images * IMAGE_TOKENS;
  }, 0);
}
