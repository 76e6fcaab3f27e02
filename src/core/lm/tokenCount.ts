// VS Code budgets a conversation by the provider's token counts, so everything a message sends
// counts: the text, the tool calls' names and arguments (an edit tool carries a whole file), the
// tool results and the images.
import type { TextMessage } from '../client/textRequest';
import { estimateTokens } from '../reply/contextFit';

/**
 * An image is priced by its pixels, which its bytes do not tell without decoding it: the common
 * APIs charge some 85 to 1,600 tokens a picture, and Anthropic's cap is near 1,600. Each image is
 * counted at that top, so screenshots do not overrun VS Code's budget.
 */
export const IMAGE_TOKENS = 1_600;

function sentText(message: TextMessage): string {
  if (message.role !== 'assistant') return message.content;
  return message.content + (message.toolCalls ?? []).map((call) => call.name + call.arguments).join('');
}

export function estimateMessageTokens(messages: readonly TextMessage[]): number {
  const images = messages.reduce((sum, m) => sum + (m.role === 'user' ? (m.images?.length ?? 0) : 0), 0);
  return estimateTokens(messages.map((m) => ({ role: 'user' as const, content: sentText(m) }))) + images * IMAGE_TOKENS;
}
