// Messages (POST /messages), as the official Anthropic SDK speaks it: `system`, `messages`,
// `max_tokens` (required by the interface); streamed `message_start`, `content_block_*`
// (`text_delta`, `thinking_delta`, `signature_delta`, `input_json_delta`), `message_delta`
// with the usage and `message_stop`. The thinking blocks (`redacted_thinking` ones too) go back
// unchanged, signatures and all, in front of the tool calls they led to: the interface refuses
// them otherwise.
import * as z from 'zod/mini';
import { buildOnce } from '../../startup/buildOnce';
import { fastObject } from './fastObject';
import { malformed, readTypedEvent, truncated } from '../streaming/eventStream';
import type { TextRequest } from './textRequest';
import type { ThinkingBlock } from '../streaming/replyPart';
import { EMPTY_PARAMETERS, ToolCallAssembler, usage, type Transport } from './transport';
import { cacheBreakpoints, marked } from './cacheBreakpoints';
import { blockOf, limits, wireMessages } from './messagesRequest';
import { type FinishReason, type OnSkipped, type ReplyPart, type StreamReader } from '../streaming/replyPart';

/** Stop reasons in the chat-completions vocabulary; one not listed reads as stop. */
const STOP_REASONS: Record<string, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
};
function finishReasonOf(stop: string | null, onSkipped: OnSkipped | undefined): FinishReason | null {
  if (stop === null) return null;
  const known = STOP_REASONS[stop];
  if (known) return known;
  onSkipped?.('finish reason', stop);
  return 'stop';
}

// Built on first use, like every schema of the client (src/platform/client/catalog/schemas.ts says why).
/** The fields read from the blocks used (text, thinking, redacted_thinking, tool_use); other block types are skipped unchecked. */
const Block = buildOnce(() =>
  z.object({
    type: z.string(),
    text: z.nullish(z.string()),
    thinking: z.nullish(z.string()),
    signature: z.nullish(z.string()),
    data: z.nullish(z.string()),
    id: z.nullish(z.string()),
    name: z.nullish(z.string()),
    input: z.optional(z.unknown()),
  }),
);
type Block = z.infer<ReturnType<typeof Block>>;
const USED_BLOCKS = new Set(['text', 'thinking', 'redacted_thinking', 'tool_use']);

/** The block checked when its type is used; undefined for the others (server tools' blocks, their results, compaction, …). */
function usedBlock(raw: unknown, where: string, onSkipped: OnSkipped | undefined): Block | undefined {
  const type = (raw as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') return undefined;
  if (!USED_BLOCKS.has(type)) {
    onSkipped?.('block', type);
    return undefined;
  }
  const parsed = Block().safeParse(raw);
  if (!parsed.success) throw malformed(`the ${type} block of ${where}`);
  return parsed.data;
}

/** Token counts that cannot be read are left out rather than failing the answer. */
const Tokens = buildOnce(() => z.catch(z.optional(fastObject(tokenFields())), undefined));

/** Messages counts cache reads and writes apart from `input_tokens`. */
const tokenFields = () => ({
  input_tokens: z.nullish(z.number()),
  output_tokens: z.nullish(z.number()),
  cache_read_input_tokens: z.catch(z.nullish(z.number()), undefined),
  cache_creation_input_tokens: z.catch(z.nullish(z.number()), undefined),
});

/** Input counts as this interface reports them, apart. */
interface InputCounts {
  input: number;
  read: number;
  write: number;
}

/** The usage of a reply whose uncached input, cache reads and cache writes were counted apart. */
/** `counted` with what `tokens` counts; a count it leaves out or gives as 0 keeps the one before (the counts are cumulative). */
function inputCounts(tokens: z.infer<ReturnType<typeof Tokens>>, counted: InputCounts): InputCounts {
  return {
    input: tokens?.input_tokens || counted.input,
    read: tokens?.cache_read_input_tokens || counted.read,
    write: tokens?.cache_creation_input_tokens || counted.write,
  };
}

const usageOf = ({ input, read, write }: InputCounts, output: number) => usage(input + read + write, output, undefined, { read, write });

/**
 * Each streamed event type that is read, with only the fields read from it; other types (ping,
 * and any the interface adds) are skipped unread. One schema with every type's fields took
 * twice as long for a text event (1 µs against 0.45 in a micro-benchmark), and longer still in
 * a short reply, whose events change shape from one to the next. A block's or a delta's own
 * fields are read by hand (blockDelta, usedBlock), so types not used cost one comparison.
 */
const EventSchemas = buildOnce(() => ({
  message_start: fastObject({ type: z.literal('message_start'), message: z.optional(fastObject({ usage: Tokens() })) }),
  content_block_start: fastObject({ type: z.literal('content_block_start'), index: z.optional(z.int()), content_block: z.optional(z.unknown()) }),
  content_block_delta: fastObject({ type: z.literal('content_block_delta'), index: z.optional(z.int()), delta: z.optional(z.unknown()) }),
  content_block_stop: fastObject({ type: z.literal('content_block_stop'), index: z.optional(z.int()) }),
  message_delta: fastObject({
    type: z.literal('message_delta'),
    delta: z.optional(fastObject({ stop_reason: z.nullish(z.string()) })),
    usage: Tokens(),
  }),
  message_stop: fastObject({ type: z.literal('message_stop') }),
}));

// Nearly every event of a reply is a text delta, written the way the interface writes it; its
// text is read without parsing the whole event, which took most of the reading's time. Anything
// else, or text the quick reading cannot vouch for, is parsed in full like every other event.
const TEXT_DELTA_HEAD = '{"type":"content_block_delta","index":';
const TEXT_DELTA_MID = ',"delta":{"type":"text_delta","text":';
const TEXT_DELTA_TAIL = '}}';
/** Whether data[from, to) holds no character a JSON string holds only escaped: a quote, a backslash, a control character. */
function plainBetween(data: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = data.charCodeAt(i);
    if (c < 32 || c === 34 || c === 92) return false;
  }
  return true;
}

/**
 * The text of a text delta written exactly as `{"type":"content_block_delta","index":N,"delta":
 * {"type":"text_delta","text":"…"}}`; undefined for any other event. What it returns is what
 * JSON.parse gives for the event: plain text as it stands, escaped text through JSON.parse of
 * the string alone, which refuses anything that is not one string.
 */
export function plainTextDelta(data: string): string | undefined {
  // lastIndexOf(x, at) === at tests for x at `at` only: startsWith measured several times slower here.
  if (data.lastIndexOf(TEXT_DELTA_HEAD, 0) !== 0) return undefined;
  let i = TEXT_DELTA_HEAD.length;
  const digits = i;
  while (i < data.length && data.charCodeAt(i) >= 48 && data.charCodeAt(i) <= 57) i++;
  const start = i + TEXT_DELTA_MID.length;
  const end = data.length - TEXT_DELTA_TAIL.length;
  if (i === digits || end - start < 2 || data.lastIndexOf(TEXT_DELTA_MID, i) !== i || !data.endsWith(TEXT_DELTA_TAIL)) return undefined;
  if (data.charCodeAt(start) !== 34 || data.charCodeAt(end - 1) !== 34) return undefined;
  if (plainBetween(data, start + 1, end - 1)) return data.slice(start + 1, end - 1);
  try {
    return JSON.parse(data.slice(start, end)) as string;
  } catch {
    return undefined;
  }
}

/** A delta's string field, checked: a delta of a used type whose text is not a string is a fault. */
function deltaText(delta: Record<string, unknown>, field: string): string {
  const value = delta[field];
  if (typeof value !== 'string') throw malformed(`a ${String(delta.type)}`);
  return value;
}

const MessageSchema = buildOnce(() =>
  z.object({
    content: z.array(z.optional(z.unknown())),
    stop_reason: z.nullable(z.string()),
    usage: z.catch(
      z.optional(
        z.object({
          input_tokens: z.number(),
          output_tokens: z.number(),
          cache_read_input_tokens: z.catch(z.nullish(z.number()), undefined),
          cache_creation_input_tokens: z.catch(z.nullish(z.number()), undefined),
        }),
      ),
      undefined,
    ),
  }),
);

export const messages: Transport = {
  name: 'messages',
  path: '/messages',

  body(request: TextRequest, streaming: boolean) {
    const { max_tokens, reasoning_effort, ...rest } = request.options;
    const system = request.messages
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n\n');
    const at = cacheBreakpoints(request, 'messages');
    const wire = wireMessages(request.messages, at.messages);
    const body: Record<string, unknown> = {
      model: request.model,
      ...limits(request, max_tokens, reasoning_effort),
      messages: wire,
      ...rest,
    };
    if (system) body.system = at.system ? [marked({ type: 'text', text: system })] : system;
    if (request.tools) {
      const tools = request.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters ?? EMPTY_PARAMETERS }));
      body.tools = at.lastTool ? [...tools.slice(0, -1), marked(tools.at(-1)!)] : tools;
    }
    if (request.toolChoice) body.tool_choice = { type: request.toolChoice === 'required' ? 'any' : 'auto' };
    if (streaming) body.stream = true;
    return body;
  },

  streamReader(onSkipped): StreamReader {
    const calls = new ToolCallAssembler();
    let input: InputCounts = { input: 0, read: 0, write: 0 };
    let output = 0;
    let stopReason: string | null = null;
    const thinking: ThinkingBlock[] = [];
    return {
      read(event, parts) {
        const plain = event.event === 'error' ? undefined : plainTextDelta(event.data);
        if (plain !== undefined) {
          if (plain) parts.push({ type: 'delta', text: plain });
          return false;
        }
        const e = readTypedEvent(event, EventSchemas());
        switch (e?.type) {
          case 'message_start':
            input = inputCounts(e.message?.usage, { input: 0, read: 0, write: 0 });
            return false;
          case 'content_block_start': {
            // A text block's start holds nothing used (its text comes in deltas); it is on the way to the first word.
            if ((e.content_block as { type?: unknown } | undefined)?.type === 'text') return false;
            const started = usedBlock(e.content_block, 'a content_block_start', onSkipped);
            if (started?.type === 'tool_use' && e.index !== undefined) calls.start(e.index, started.id ?? '', started.name ?? '');
            const block = started && blockOf(started);
            if (block) thinking.push(block);
            return false;
          }
          case 'content_block_delta': {
            const delta = e.delta as Record<string, unknown> | null | undefined;
            switch (delta?.type) {
              case 'text_delta': {
                const text = deltaText(delta, 'text');
                if (text) parts.push({ type: 'delta', text });
                break;
              }
              case 'thinking_delta': {
                const text = deltaText(delta, 'thinking');
                if (!text) break;
                parts.push({ type: 'reasoning', text });
                const last = thinking.at(-1);
                if (last?.type === 'thinking') last.thinking += text;
                break;
              }
              case 'signature_delta': {
                const last = thinking.at(-1);
                if (last?.type === 'thinking') last.signature = deltaText(delta, 'signature');
                break;
              }
              case 'input_json_delta':
                // Server tools' inputs stream the same way; only the calls opened here are gathered.
                if (e.index !== undefined) calls.append(e.index, deltaText(delta, 'partial_json'));
                break;
            }
            return false;
          }
          case 'content_block_stop':
            if (e.index !== undefined) calls.finish(e.index, parts);
            return false;
          case 'message_delta':
            stopReason = e.delta?.stop_reason ?? stopReason;
            output = e.usage?.output_tokens ?? output;
            // Some servers count the input only here.
            input = inputCounts(e.usage, input);
            return false;
          case 'message_stop':
            calls.finishAll(parts);
            parts.push({
              type: 'end',
              finishReason: finishReasonOf(stopReason, onSkipped),
              usage: usageOf(input, output),
              ...(thinking.length > 0 && { reasoningBlocks: thinking }),
            });
            return true;
          default:
            return false;
        }
      },
      end: truncated,
    };
  },

  parse(json, onSkipped) {
    const parsed = MessageSchema().safeParse(json);
    if (!parsed.success) return undefined;
    const parts: ReplyPart[] = [];
    const thinking: ThinkingBlock[] = [];
    for (const raw of parsed.data.content) {
      let block: Block | undefined;
      try {
        block = usedBlock(raw, 'the message', onSkipped);
      } catch {
        return undefined;
      }
      if (!block) continue;
      const kept = blockOf(block);
      if (kept) thinking.push(kept);
      if (block.type === 'thinking' && block.thinking) parts.push({ type: 'reasoning', text: block.thinking });
      else if (block.type === 'text' && block.text) parts.push({ type: 'delta', text: block.text });
      else if (block.type === 'tool_use' && block.name)
        parts.push({ type: 'tool_call', call: { id: block.id ?? '', name: block.name, arguments: JSON.stringify(block.input ?? {}) } });
    }
    const stop = parsed.data.stop_reason;
    const u = parsed.data.usage;
    parts.push({
      type: 'end',
      finishReason: finishReasonOf(stop, onSkipped),
      ...(u && { usage: usageOf({ input: u.input_tokens, read: u.cache_read_input_tokens ?? 0, write: u.cache_creation_input_tokens ?? 0 }, u.output_tokens) }),
      ...(thinking.length > 0 && { reasoningBlocks: thinking }),
    });
    return parts;
  },
};
