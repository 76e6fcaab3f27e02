// A POST /v1/messages request as upstream (Anthropic) accepts it: the body's shape, and the
// rules it enforces beyond the shape, each refused with upstream's own words.
import * as z from 'zod';

const TextBlock = z.looseObject({ type: z.literal('text'), text: z.string() });
const ThinkingBlock = z.looseObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() });
const RedactedThinkingBlock = z.looseObject({ type: z.literal('redacted_thinking'), data: z.string().min(1) });
const ToolUseBlock = z.looseObject({ type: z.literal('tool_use'), id: z.string().min(1), name: z.string().min(1), input: z.unknown() });
const ToolResultBlock = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string().min(1),
  content: z.union([z.string(), z.array(TextBlock)]).optional(),
});
const ImageBlock = z.looseObject({ type: z.literal('image'), source: z.looseObject({ media_type: z.string().optional() }).optional() });
const Block = z.union([TextBlock, ThinkingBlock, RedactedThinkingBlock, ToolUseBlock, ToolResultBlock, ImageBlock]);
export type Block = z.infer<typeof Block>;

/** Upstream's smallest thinking budget. */
export const MIN_THINKING_BUDGET = 1024;

export const MessagesBody = z.looseObject({
  model: z.string().min(1),
  messages: z
    .array(z.looseObject({ role: z.enum(['user', 'assistant']), content: z.union([z.string(), z.array(Block)]) }))
    .min(1, 'messages must hold at least one message'),
  system: z.union([z.string(), z.array(TextBlock)]).optional(),
  // Part of the Messages shape itself (Anthropic clients always send it), so every text model takes it here.
  max_tokens: z.number().int().positive().optional(),
  temperature: z.number().min(0).max(1).optional(),
  thinking: z
    .discriminatedUnion('type', [
      z.looseObject({ type: z.literal('enabled'), budget_tokens: z.number().int().min(MIN_THINKING_BUDGET) }),
      z.looseObject({ type: z.literal('disabled') }),
    ])
    .optional(),
  tools: z.array(z.looseObject({ name: z.string().min(1), input_schema: z.unknown().optional() })).optional(),
  tool_choice: z.looseObject({ type: z.enum(['auto', 'any', 'tool', 'none']) }).optional(),
  stream: z.boolean().optional(),
});
export type MessagesBody = z.infer<typeof MessagesBody>;

export const blocksOf = (content: string | Block[]): Block[] =>
  content === '' ? [] : typeof content === 'string' ? [{ type: 'text', text: content }] : content;

/** `any` and `tool` make the model call a tool. */
export const forcesTool = (body: MessagesBody): boolean => body.tool_choice?.type === 'any' || body.tool_choice?.type === 'tool';

/**
 * Whether a model that thinks does so for this request: only when the request enables
 * `thinking`, as upstream (an SDK reading `content[0].text` meets no thinking block otherwise),
 * and never while it forces a tool (upstream cannot think then).
 */
export const thinksFor = (body: MessagesBody, thinks: boolean): boolean => thinks && body.thinking?.type === 'enabled' && !forcesTool(body);

/** What upstream refuses beyond the body's shape; undefined when nothing is. */
export function requestProblem(body: MessagesBody): string | undefined {
  return thinkingProblem(body) ?? contentProblem(body) ?? toolProblem(body);
}

function thinkingProblem(body: MessagesBody): string | undefined {
  if (body.thinking?.type !== 'enabled') return undefined;
  if (forcesTool(body)) return 'Thinking may not be enabled when tool_choice forces tool use.';
  if (body.max_tokens !== undefined && body.max_tokens <= body.thinking.budget_tokens) {
    return '`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking#max-tokens-and-context-window-size';
  }
  return undefined;
}

function contentProblem(body: MessagesBody): string | undefined {
  for (const [i, message] of body.messages.entries()) {
    const blocks = blocksOf(message.content);
    if (blocks.length === 0 && !(i === body.messages.length - 1 && message.role === 'assistant')) {
      return `messages.${i}: all messages must have non-empty content except for the optional final assistant message`;
    }
    const empty = blocks.findIndex((b) => b.type === 'text' && b.text === '');
    if (empty >= 0) return `messages.${i}.content.${empty}: text content blocks must be non-empty`;
  }
  return undefined;
}

/**
 * Every tool_use answered by a tool_result in the next user turn; with thinking enabled by the
 * request (upstream's condition: its models think only then), the last assistant turn, when it
 * calls tools, starts with its thinking block (earlier turns need not).
 */
function toolProblem(body: MessagesBody): string | undefined {
  const thinking = body.thinking?.type === 'enabled';
  const lastAssistant = body.messages.map((m) => m.role).lastIndexOf('assistant');
  for (const [i, message] of body.messages.entries()) {
    if (message.role !== 'assistant') continue;
    const blocks = blocksOf(message.content);
    const uses = blocks.filter((b) => b.type === 'tool_use');
    if (uses.length === 0) continue;
    if (thinking && i === lastAssistant && blocks[0]?.type !== 'thinking' && blocks[0]?.type !== 'redacted_thinking') {
      return `messages.${i}: an assistant turn with tool_use must start with its thinking block (with its signature) when thinking is on: send it back unchanged, or turn thinking off.`;
    }
    const next = body.messages[i + 1];
    const answered = new Set(next ? blocksOf(next.content).flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : [])) : []);
    const missing = uses.find((u) => !answered.has(u.id));
    if (missing) return `messages.${i + 1}: tool_use ${missing.id} has no tool_result in the next user turn.`;
  }
  return undefined;
}
