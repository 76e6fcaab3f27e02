// Chat completions (POST /chat/completions), as the official openai SDK speaks it and as
// compatible servers vary it: reasoning as `reasoning_content`, `reasoning` or
// `reasoning_details`; content as a string or as parts; tool-call pieces keyed by `index`, or
// by `id`, or whole in one piece; each call is reported once the reply says it finished.
import * as z from 'zod/mini';
import { buildOnce } from '../../startup/buildOnce';
import { fastObject } from './fastObject';
import { malformed, readEvent, StreamFault } from '../streaming/eventStream';
import { UsageSchema, type Usage } from '../catalog/schemas';
import type { TextMessage, TextRequest } from './textRequest';
import { argumentsOrEmpty, ToolCallAssembler, type Transport } from './transport';
import { cacheBreakpoints, marked } from './cacheBreakpoints';
import { type FinishReason, type OnSkipped, type ReplyPart, type StreamReader } from '../streaming/replyPart';

const DONE = '[DONE]';

/**
 * Finish reasons as servers spell them, in the chat-completions vocabulary (Messages' and
 * other vendors' words come through compatible endpoints); any other reads as stop.
 */
const FINISH_REASONS: Record<string, FinishReason> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool_calls',
  content_filter: 'content_filter',
  function_call: 'tool_calls',
  end_turn: 'stop',
  stop_sequence: 'stop',
  eos: 'stop',
  tool_use: 'tool_calls',
  max_tokens: 'length',
  model_length: 'length',
};
function finishReasonOf(reason: string, onSkipped: OnSkipped | undefined): FinishReason {
  const known = FINISH_REASONS[reason];
  if (known) return known;
  onSkipped?.('finish reason', reason);
  return 'stop';
}

// Built on first use, like every schema of the client (src/platform/client/catalog/schemas.ts says why).
// `index` is optional: some servers send a whole call in one piece without it.
const ToolCallDelta = buildOnce(() =>
  fastObject({
    index: z.nullish(z.int()),
    id: z.nullish(z.string()),
    function: z.nullish(fastObject({ name: z.nullish(z.string()), arguments: z.nullish(z.string()) })),
  }),
);

/** Usage that cannot be read is left out rather than failing the chunk: the answer does not need it. */
const LenientUsage = buildOnce(() => z.catch(z.nullish(UsageSchema()), undefined));

// `content` is a string or an array of parts, `reasoning_details` an array of pieces: both
// are read by hand (contentParts), which skips the part types it does not use.
const ChunkSchema = buildOnce(() =>
  fastObject({
    choices: z.nullish(
      z.array(
        fastObject({
          delta: z.nullish(
            fastObject({
              content: z.optional(z.unknown()),
              refusal: z.nullish(z.string()),
              reasoning_content: z.nullish(z.string()),
              reasoning: z.nullish(z.string()),
              reasoning_details: z.optional(z.unknown()),
              tool_calls: z.nullish(z.array(ToolCallDelta())),
            }),
          ),
          finish_reason: z.nullish(z.string()),
        }),
      ),
    ),
    usage: LenientUsage(),
  }),
);

const CompletionSchema = buildOnce(() =>
  z.object({
    choices: z
      .array(
        z.object({
          message: z.object({
            content: z.optional(z.unknown()),
            refusal: z.nullish(z.string()),
            reasoning_content: z.nullish(z.string()),
            reasoning: z.nullish(z.string()),
            reasoning_details: z.optional(z.unknown()),
            tool_calls: z.nullish(z.array(z.object({ id: z.nullish(z.string()), function: z.object({ name: z.string(), arguments: z.nullish(z.string()) }) }))),
          }),
          finish_reason: z.nullable(z.string()),
        }),
      )
      .check(z.minLength(1)),
    usage: LenientUsage(),
  }),
);

type Message = { content?: unknown; refusal?: string | null; reasoning_content?: string | null; reasoning?: string | null; reasoning_details?: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The text and reasoning in an array of content parts: `text` parts, `thinking` or `reasoning`
 * parts (whose text is a string or parts again, as Mistral nests it), `refusal` parts. Other
 * part types (images, citations, …) are skipped.
 */
function contentParts(items: readonly unknown[], parts: ReplyPart[], reasoning: boolean, onSkipped: OnSkipped | undefined): void {
  for (const item of items) {
    if (typeof item === 'string') {
      if (item) parts.push({ type: reasoning ? 'reasoning' : 'delta', text: item });
      continue;
    }
    if (!isRecord(item)) continue;
    switch (item.type) {
      case 'text':
      case 'output_text':
        if (typeof item.text === 'string' && item.text) parts.push({ type: reasoning ? 'reasoning' : 'delta', text: item.text });
        break;
      case 'thinking':
      case 'reasoning': {
        const inner = item.thinking ?? item.reasoning ?? item.text ?? item.summary;
        if (typeof inner === 'string') {
          if (inner) parts.push({ type: 'reasoning', text: inner });
        } else if (Array.isArray(inner)) contentParts(inner, parts, true, onSkipped);
        break;
      }
      case 'refusal':
        if (typeof item.refusal === 'string' && item.refusal) parts.push({ type: 'delta', text: item.refusal });
        break;
      default:
        if (typeof item.type === 'string') onSkipped?.('part', item.type);
    }
  }
}

/** OpenRouter's `reasoning_details`: text and summary pieces are reasoning; encrypted ones are skipped. */
function reasoningDetails(details: unknown): string {
  if (!Array.isArray(details)) return '';
  let text = '';
  for (const d of details) if (isRecord(d)) text += typeof d.text === 'string' ? d.text : typeof d.summary === 'string' ? d.summary : '';
  return text;
}

/**
 * The reasoning and text of a delta or a message. One reasoning field is read (servers that
 * send several send the same text in each); content of a type that is neither text nor parts
 * cannot be read, and the answer would have a hole: a fault.
 */
function messageParts(message: Message, parts: ReplyPart[], onSkipped: OnSkipped | undefined): void {
  const reasoning = message.reasoning_content || message.reasoning || reasoningDetails(message.reasoning_details);
  if (reasoning) parts.push({ type: 'reasoning', text: reasoning });
  const content = message.content;
  if (typeof content === 'string') {
    if (content) parts.push({ type: 'delta', text: content });
  } else if (Array.isArray(content)) contentParts(content, parts, false, onSkipped);
  else if (content != null) throw malformed('the content of a choice');
  if (message.refusal) parts.push({ type: 'delta', text: message.refusal });
}

function wireMessage(message: TextMessage): Record<string, unknown> {
  switch (message.role) {
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    case 'assistant': {
      const wire: Record<string, unknown> = { role: 'assistant', content: message.content };
      if (message.toolCalls?.length) {
        wire.tool_calls = message.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } }));
        // Reasoning models that answer with tool calls expect their reasoning back in the loop.
        if (message.reasoning) wire.reasoning_content = message.reasoning.text;
      }
      return wire;
    }
    case 'user':
      if (!message.images?.length) return { role: 'user', content: message.content };
      return {
        role: 'user',
        content: [
          { type: 'text', text: message.content },
          ...message.images.map((i) => ({ type: 'image_url', image_url: { url: `data:${i.mimeType};base64,${i.data}` } })),
        ],
      };
    default:
      return { role: message.role, content: message.content };
  }
}

/**
 * `message` with a cache breakpoint on its last content part, its text made a part where it was a
 * string. An assistant message and one without text keep their shape: their turn is not the end of
 * a prefix sent again.
 */
function withBreakpoint(message: Record<string, unknown>): Record<string, unknown> {
  const content = message.content;
  if (message.role === 'assistant') return message;
  if (typeof content === 'string') return content === '' ? message : { ...message, content: [marked({ type: 'text', text: content })] };
  if (!Array.isArray(content) || content.length === 0) return message;
  // The text part comes first (then images): the breakpoint goes on the last part, the end of the prefix.
  return { ...message, content: [...(content.slice(0, -1) as unknown[]), marked(content.at(-1) as object)] };
}

export const chatCompletions: Transport = {
  name: 'chat-completions',
  path: '/chat/completions',

  body(request: TextRequest, streaming: boolean) {
    const at = cacheBreakpoints(request, 'chat-completions');
    const lastSystem = request.messages.map((m) => m.role).lastIndexOf('system');
    const wire = request.messages.map((m, i) => {
      const message = wireMessage(m);
      return (at.system && i === lastSystem) || at.messages.has(i) ? withBreakpoint(message) : message;
    });
    const body: Record<string, unknown> = { model: request.model, messages: wire, ...request.options };
    if (request.tools)
      body.tools = request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
    if (request.toolChoice) body.tool_choice = request.toolChoice;
    if (streaming) {
      body.stream = true;
      if (request.includeUsage) body.stream_options = { include_usage: true };
    }
    return body;
  },

  streamReader(onSkipped): StreamReader {
    const calls = new ToolCallAssembler();
    /** The key of each call by id, for pieces without `index`; calls with neither get keys of their own. */
    const keys = new Map<string, string | number>();
    let unindexed = 0;
    let lastKey: string | number | undefined;
    let finishReason: FinishReason | null = null;
    let usage: Usage | undefined;
    const end = (): ReplyPart => ({ type: 'end', finishReason, ...(usage && { usage }) });
    return {
      read(event, parts) {
        if (event.data === DONE) {
          calls.finishAll(parts);
          parts.push(end());
          return true;
        }
        const chunk = readEvent(event, ChunkSchema(), 'a chunk');
        for (const choice of chunk.choices ?? []) {
          const delta = choice.delta;
          if (delta) messageParts(delta, parts, onSkipped);
          for (const piece of delta?.tool_calls ?? []) {
            const name = piece.function?.name ?? '';
            let key: string | number | undefined = piece.index ?? (piece.id ? keys.get(piece.id) : undefined);
            // A piece with neither index nor a known id: a new call when it names one, else more of the last.
            key ??= piece.id || name ? `unindexed ${unindexed++}` : lastKey;
            if (key === undefined) continue;
            lastKey = key;
            if (piece.id) {
              keys.set(piece.id, key);
              calls.start(key, piece.id, name);
            }
            if (piece.function?.arguments) calls.append(key, piece.function.arguments);
          }
          if (choice.finish_reason) {
            finishReason = finishReasonOf(choice.finish_reason, onSkipped);
            calls.finishAll(parts);
          }
        }
        // Some servers send the usage in every chunk, counted so far: the last is the whole.
        if (chunk.usage) usage = chunk.usage;
        return false;
      },
      end() {
        // Without [DONE], a finish reason still says the reply is whole.
        if (finishReason === null) throw new StreamFault('truncated');
        return end();
      },
    };
  },

  parse(json, onSkipped) {
    const parsed = CompletionSchema().safeParse(json);
    if (!parsed.success) return undefined;
    const [choice] = parsed.data.choices;
    const message = choice!.message;
    const parts: ReplyPart[] = [];
    try {
      messageParts(message, parts, onSkipped);
    } catch {
      return undefined;
    }
    for (const call of message.tool_calls ?? [])
      parts.push({ type: 'tool_call', call: { id: call.id ?? '', name: call.function.name, arguments: argumentsOrEmpty(call.function.arguments ?? '') } });
    const finish = choice!.finish_reason;
    parts.push({
      type: 'end',
      finishReason: finish === null ? null : finishReasonOf(finish, onSkipped),
      ...(parsed.data.usage && { usage: parsed.data.usage }),
    });
    return parts;
  },
};
