// Messages (POST /messages), as the official Anthropic SDK speaks it: `system`, `messages`,
// `max_tokens` (required by the interface); streamed `message_start`, `content_block_*`
// (`text_delta`, `thinking_delta`, `signature_delta`, `input_json_delta`), `message_delta`
// with the usage and `message_stop`. The thinking blocks (`redacted_thinking` ones too) go back
// unchanged, signatures and all, in front of the tool calls they led to: the interface refuses
// them otherwise.
import * as z from 'zod/mini';
import { buildOnce } from '../../buildOnce';
import { fastObject } from '../fastObject';
import { readTypedEvent, truncated } from '../eventStream';
import type { TextMessage, TextRequest, ThinkingBlock } from '../textRequest';
import { EMPTY_PARAMETERS, ToolCallAssembler, usage, type FinishReason, type ReplyPart, type StreamReader, type Transport } from './transport';

/** Messages requires max_tokens; this is sent when the person set no limit. */
export const DEFAULT_MAX_TOKENS = 4096;
const THINKING_BUDGET: Record<string, number> = { low: 1024, medium: 4096, high: 16384 };
/** The smallest budget Messages accepts. */
const MIN_THINKING_BUDGET = 1024;

const STOP_REASONS: Record<string, FinishReason> = { end_turn: 'stop', stop_sequence: 'stop', max_tokens: 'length', tool_use: 'tool_calls' };

// Built on first use, like every schema of the client (src/core/client/schemas.ts says why).
const Block = buildOnce(() =>
  z.object({
    type: z.string(),
    text: z.optional(z.string()),
    thinking: z.optional(z.string()),
    signature: z.optional(z.string()),
    data: z.optional(z.string()),
    id: z.optional(z.string()),
    name: z.optional(z.string()),
    input: z.optional(z.unknown()),
  }),
);

/**
 * Each streamed event type that is read, with only the fields read from it; other types (ping,
 * and any the interface adds) are skipped unread. One schema with every type's fields took
 * twice as long for a text event (1 µs against 0.45 in a micro-benchmark), and longer still in
 * a short reply, whose events change shape from one to the next.
 */
const EventSchemas = buildOnce(() => ({
  message_start: fastObject({
    type: z.literal('message_start'),
    message: z.optional(fastObject({ usage: z.optional(fastObject({ input_tokens: z.optional(z.number()) })) })),
  }),
  content_block_start: fastObject({
    type: z.literal('content_block_start'),
    index: z.optional(z.int()),
    content_block: z.optional(fastObject({ type: z.string(), id: z.optional(z.string()), name: z.optional(z.string()), data: z.optional(z.string()) })),
  }),
  content_block_delta: fastObject({
    type: z.literal('content_block_delta'),
    index: z.optional(z.int()),
    delta: z.optional(
      fastObject({
        type: z.optional(z.string()),
        text: z.optional(z.string()),
        thinking: z.optional(z.string()),
        signature: z.optional(z.string()),
        partial_json: z.optional(z.string()),
      }),
    ),
  }),
  content_block_stop: fastObject({ type: z.literal('content_block_stop'), index: z.optional(z.int()) }),
  message_delta: fastObject({
    type: z.literal('message_delta'),
    delta: z.optional(fastObject({ stop_reason: z.nullish(z.string()) })),
    usage: z.optional(fastObject({ output_tokens: z.optional(z.number()), input_tokens: z.nullish(z.number()) })),
  }),
  message_stop: fastObject({ type: z.literal('message_stop') }),
}));

const MessageSchema = buildOnce(() =>
  z.object({
    content: z.array(Block()),
    stop_reason: z.nullable(z.string()),
    usage: z.optional(z.object({ input_tokens: z.number(), output_tokens: z.number() })),
  }),
);

type AssistantMessage = Extract<TextMessage, { role: 'assistant' }>;

/** The thinking blocks an assistant turn with tool calls goes back with, when it had them. */
function thinkingBlocks(m: AssistantMessage): ThinkingBlock[] {
  return m.toolCalls?.length ? (m.reasoning?.blocks ?? []) : [];
}

/** A thinking block as it came: its text, signature or data (the streamed ones filled in as they arrive). */
function blockOf(block: { type: string; thinking?: string; signature?: string; data?: string }): ThinkingBlock | undefined {
  if (block.type === 'thinking') return { type: 'thinking', thinking: block.thinking ?? '', signature: block.signature ?? '' };
  if (block.type === 'redacted_thinking' && block.data) return { type: 'redacted_thinking', data: block.data };
  return undefined;
}

function wireMessages(messages: TextMessage[]): unknown[] {
  const out: { role: 'user' | 'assistant'; content: unknown[] }[] = [];
  const push = (role: 'user' | 'assistant', blocks: unknown[]) => {
    // The interface refuses an empty turn (and joins neighbouring turns of a role itself).
    if (blocks.length === 0) return;
    const last = out.at(-1);
    // Consecutive tool results (and a user message after them) share one user turn.
    if (last?.role === role && role === 'user') last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const m of messages) {
    if (m.role === 'system') continue;
    if (m.role === 'tool') push('user', [{ type: 'tool_result', tool_use_id: m.toolCallId, content: m.content }]);
    else if (m.role === 'user') {
      const images = (m.images ?? []).map((i) => ({ type: 'image', source: { type: 'base64', media_type: i.mimeType, data: i.data } }));
      // An empty text block is refused too.
      push('user', m.content ? [...images, { type: 'text', text: m.content }] : images);
    }
    else if (m.role === 'assistant') {
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
function limits(request: TextRequest, maxTokens: unknown, effort: unknown): { max_tokens: number; thinking?: Record<string, unknown> } {
  const limit = typeof maxTokens === 'number' ? maxTokens : undefined;
  const wanted = typeof effort === 'string' ? THINKING_BUDGET[effort] : undefined;
  if (wanted === undefined) return { max_tokens: limit ?? DEFAULT_MAX_TOKENS };
  const budget = limit === undefined ? wanted : Math.min(wanted, limit - 1);
  const lastTurn = request.messages.filter((m): m is AssistantMessage => m.role === 'assistant').at(-1);
  const loopWithout = lastTurn?.toolCalls?.length && thinkingBlocks(lastTurn).length === 0;
  if (budget < MIN_THINKING_BUDGET || request.toolChoice === 'required' || loopWithout) return { max_tokens: limit ?? DEFAULT_MAX_TOKENS, thinking: { type: 'disabled' } };
  return { max_tokens: limit ?? budget + DEFAULT_MAX_TOKENS, thinking: { type: 'enabled', budget_tokens: budget } };
}

export const messages: Transport = {
  name: 'messages',
  path: '/messages',

  body(request: TextRequest, streaming: boolean) {
    const { max_tokens, reasoning_effort, ...rest } = request.options;
    const system = request.messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n\n');
    const body: Record<string, unknown> = { model: request.model, ...limits(request, max_tokens, reasoning_effort), messages: wireMessages(request.messages), ...rest };
    if (system) body.system = system;
    if (request.tools) body.tools = request.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters ?? EMPTY_PARAMETERS }));
    if (request.toolChoice) body.tool_choice = { type: request.toolChoice === 'required' ? 'any' : 'auto' };
    if (streaming) body.stream = true;
    return body;
  },

  streamReader(): StreamReader {
    const calls = new ToolCallAssembler();
    let input = 0;
    let output = 0;
    let stopReason: string | null = null;
    const thinking: ThinkingBlock[] = [];
    return {
      read(event, parts) {
        const e = readTypedEvent(event, EventSchemas());
        switch (e?.type) {
          case 'message_start':
            input = e.message?.usage?.input_tokens ?? 0;
            return false;
          case 'content_block_start': {
            if (e.content_block?.type === 'tool_use' && e.index !== undefined) calls.start(e.index, e.content_block.id ?? '', e.content_block.name ?? '');
            const block = e.content_block && blockOf(e.content_block);
            if (block) thinking.push(block);
            return false;
          }
          case 'content_block_delta':
            if (e.delta?.type === 'text_delta' && e.delta.text) parts.push({ type: 'delta', text: e.delta.text });
            else if (e.delta?.type === 'thinking_delta' && e.delta.thinking) {
              parts.push({ type: 'reasoning', text: e.delta.thinking });
              const last = thinking.at(-1);
              if (last?.type === 'thinking') last.thinking += e.delta.thinking;
            } else if (e.delta?.type === 'signature_delta') {
              const last = thinking.at(-1);
              if (last?.type === 'thinking') last.signature = e.delta.signature ?? '';
            }
            else if (e.delta?.type === 'input_json_delta' && e.index !== undefined) calls.append(e.index, e.delta.partial_json ?? '');
            return false;
          case 'content_block_stop':
            if (e.index !== undefined) calls.finish(e.index, parts);
            return false;
          case 'message_delta':
            stopReason = e.delta?.stop_reason ?? stopReason;
            output = e.usage?.output_tokens ?? output;
            if (e.usage?.input_tokens) input = e.usage.input_tokens;
            return false;
          case 'message_stop':
            calls.finishAll(parts);
            parts.push({ type: 'end', finishReason: stopReason === null ? null : (STOP_REASONS[stopReason] ?? stopReason), usage: usage(input, output), ...(thinking.length > 0 && { reasoningBlocks: thinking }) });
            return true;
          default:
            return false;
        }
      },
      end: truncated,
    };
  },

  parse(json) {
    const parsed = MessageSchema().safeParse(json);
    if (!parsed.success) return undefined;
    const parts: ReplyPart[] = [];
    const thinking: ThinkingBlock[] = [];
    for (const block of parsed.data.content) {
      const kept = blockOf(block);
      if (kept) thinking.push(kept);
      if (block.type === 'thinking' && block.thinking) parts.push({ type: 'reasoning', text: block.thinking });
      else if (block.type === 'text' && block.text) parts.push({ type: 'delta', text: block.text });
      else if (block.type === 'tool_use' && block.name) parts.push({ type: 'tool_call', call: { id: block.id ?? '', name: block.name, arguments: JSON.stringify(block.input ?? {}) } });
    }
    const stop = parsed.data.stop_reason;
    const u = parsed.data.usage;
    parts.push({ type: 'end', finishReason: stop === null ? null : (STOP_REASONS[stop] ?? stop), ...(u && { usage: usage(u.input_tokens, u.output_tokens) }), ...(thinking.length > 0 && { reasoningBlocks: thinking }) });
    return parts;
  },
};
