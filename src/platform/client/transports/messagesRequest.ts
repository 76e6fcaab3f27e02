// How a TextRequest is written for Messages: its messages as content blocks (thinking blocks sent
// back in front of the tool calls they led to), and max_tokens with the thinking budget.
import { marked } from './cacheBreakpoints';
import type { TextMessage, TextRequest } from './textRequest';
import type { ThinkingBlock } from '../streaming/replyPart';

/** Messages requires max_tokens; this is sent when the person set no limit. */
export const DEFAULT_MAX_TOKENS = 4096;
const THINKING_BUDGET: Record<string, number> = { low: 1024, medium: 4096, high: 16384 };
/** The smallest budget Messages accepts. */
const MIN_THINKING_BUDGET = 1024;

type AssistantMessage = Extract<TextMessage, { role: 'assistant' }>;

/** The thinking blocks an assistant turn with tool calls goes back with, when it had them. */
function thinkingBlocks(m: AssistantMessage): ThinkingBlock[] {
  return m.toolCalls?.length ? (m.reasoning?.blocks ?? []) : [];
}

/** A thinking block as it came: its text, signature or data (the streamed ones filled in as they arrive). */
export function blockOf(block: { type: string; thinking?: string | null; signature?: string | null; data?: string | null }): ThinkingBlock | undefined {
  if (block.type === 'thinking') return { type: 'thinking', thinking: block.thinking ?? '', signature: block.signature ?? '' };
  if (block.type === 'redacted_thinking' && block.data) return { type: 'redacted_thinking', data: block.data };
  return undefined;
}

/** The messages as turns of blocks; each message in `breakpoints` (by index) has one on its last block. */
export function wireMessages(messages: TextMessage[], breakpoints: ReadonlySet<number> = new Set()): { role: 'user' | 'assistant'; content: unknown[] }[] {
  const out: { role: 'user' | 'assistant'; content: unknown[] }[] = [];
  let index = 0;
  const push = (role: 'user' | 'assistant', blocks: unknown[]) => {
    // The interface refuses an empty turn (and joins neighbouring turns of a role itself).
    if (blocks.length === 0) return;
    if (breakpoints.has(index)) blocks[blocks.length - 1] = marked(blocks.at(-1) as object);
    const last = out.at(-1);
    // Consecutive tool results (and a user message after them) share one user turn.
    if (last?.role === role && role === 'user') last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const [i, m] of messages.entries()) {
    index = i;
    if (m.role === 'system') continue;
    if (m.role === 'tool') push('user', [{ type: 'tool_result', tool_use_id: m.toolCallId, content: m.content }]);
    else if (m.role === 'user') {
      const images = (m.images ?? []).map((i) => ({ type: 'image', source: { type: 'base64', media_type: i.mimeType, data: i.data } }));
      // An empty text block is refused too.
      push('user', m.content ? [...images, { type: 'text', text: m.content }] : images);
    } else if (m.role === 'assistant') {
      const blocks: unknown[] = [...thinkingBlocks(m)];
      if (m.content) blocks.push({ type: 'text', text: m.content });
      for (const c of m.toolCalls ?? []) blocks.push({ type: 'tool_use', id: c.id, name: c.name, input: parseArguments(c.arguments) });
      push('assistant', blocks);
    }
  }
  return out;
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/**
 * max_tokens and thinking for the reasoning_effort asked, as Messages accepts them: max_tokens
 * above the budget, a budget of at least 1024; no thinking while tool_choice forces a tool, nor
 * switched on inside a tool loop whose last calls went out without it (both refused). Thinking
 * left off is said so: some servers think by default.
 */
export function limits(request: TextRequest, maxTokens: unknown, effort: unknown): { max_tokens: number; thinking?: Record<string, unknown> } {
  const limit = typeof maxTokens === 'number' ? maxTokens : undefined;
  const wanted = typeof effort === 'string' ? THINKING_BUDGET[effort] : undefined;
  if (wanted === undefined) return { max_tokens: limit ?? DEFAULT_MAX_TOKENS };
  const budget = limit === undefined ? wanted : Math.min(wanted, limit - 1);
  const lastTurn = request.messages.filter((m): m is AssistantMessage => m.role === 'assistant').at(-1);
  const loopWithout = lastTurn?.toolCalls?.length && thinkingBlocks(lastTurn).length === 0;
  if (budget < MIN_THINKING_BUDGET || request.toolChoice === 'required' || loopWithout)
    return { max_tokens: limit ?? DEFAULT_MAX_TOKENS, thinking: { type: 'disabled' } };
  return { max_tokens: limit ?? budget + DEFAULT_MAX_TOKENS, thinking: { type: 'enabled', budget_tokens: budget } };
}
