// Responses (POST /responses), as the official openai SDK speaks it: `instructions` and
// `input` items; streamed `response.output_text.delta`, reasoning summaries, function-call
// items with streamed arguments, and `response.completed` (or `incomplete`) with the usage.
// Items of types not used here are skipped unchecked; `response.failed` and `error` events
// are the provider's error, with its code.
import * as z from 'zod/mini';
import { buildOnce } from '../../startup/buildOnce';
import { fastObject } from './fastObject';
import { errorFault, malformed, readTypedEvent, truncated } from '../streaming/eventStream';
import type { TextRequest } from './textRequest';
import { argumentsOrEmpty, EMPTY_PARAMETERS, usage, type Transport } from './transport';
import { cacheBreakpoints, marked } from './cacheBreakpoints';
import { type FinishReason, type OnSkipped, type ReplyPart, type StreamReader } from '../streaming/replyPart';

// Built on first use, like every schema of the client (src/platform/client/catalog/schemas.ts says why).
// Usage that cannot be read is left out rather than failing the answer: the answer does not need it.
const UsageSchema = buildOnce(() =>
  z.catch(
    z.nullish(
      z.object({
        input_tokens: z.number(),
        output_tokens: z.number(),
        // Cached tokens are counted inside input_tokens; writes only where a gateway reports them.
        input_tokens_details: z.catch(
          z.nullish(z.object({ cached_tokens: z.catch(z.nullish(z.number()), undefined), cache_write_tokens: z.catch(z.nullish(z.number()), undefined) })),
          undefined,
        ),
        output_tokens_details: z.nullish(z.object({ reasoning_tokens: z.nullish(z.number()) })),
      }),
    ),
    undefined,
  ),
);

// Output items are read by type (outputItem): only the types used are checked, the others
// (web search, code interpreter, MCP, tool search, …) are skipped whatever their shape.
const FunctionCallItem = buildOnce(() =>
  z.object({ id: z.nullish(z.string()), call_id: z.nullish(z.string()), name: z.nullish(z.string()), arguments: z.nullish(z.string()) }),
);
const MessageItem = buildOnce(() =>
  z.object({ content: z.nullish(z.array(z.object({ type: z.string(), text: z.nullish(z.string()), refusal: z.nullish(z.string()) }))) }),
);
const ReasoningItem = buildOnce(() => z.object({ summary: z.nullish(z.array(z.object({ text: z.string() }))) }));

type OutputItem =
  | { type: 'function_call'; item: z.infer<ReturnType<typeof FunctionCallItem>> }
  | { type: 'message'; item: z.infer<ReturnType<typeof MessageItem>> }
  | { type: 'reasoning'; item: z.infer<ReturnType<typeof ReasoningItem>> };
const ITEM_SCHEMAS = { function_call: FunctionCallItem, message: MessageItem, reasoning: ReasoningItem } as const;

/** The item checked by the schema of its type; undefined for the types not used. A used type with the wrong shape is a fault. */
function outputItem(raw: unknown, where: string, onSkipped?: OnSkipped): OutputItem | undefined {
  const type = (raw as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') return undefined;
  if (!Object.hasOwn(ITEM_SCHEMAS, type)) {
    onSkipped?.('item', type);
    return undefined;
  }
  const parsed = ITEM_SCHEMAS[type as OutputItem['type']]().safeParse(raw);
  if (!parsed.success) throw malformed(`the ${type} item of ${where}`);
  return { type, item: parsed.data } as OutputItem;
}

const ResponseSchema = buildOnce(() =>
  z.object({
    status: z.nullish(z.string()),
    output: z.nullish(z.array(z.optional(z.unknown()))),
    usage: UsageSchema(),
    error: z.nullish(z.object({ code: z.nullish(z.union([z.string(), z.pipe(z.number(), z.transform(String))])), message: z.nullish(z.string()) })),
  }),
);
type Response = z.infer<ReturnType<typeof ResponseSchema>>;

/**
 * Each streamed event type that is read, with only the fields read from it; the others
 * (`response.created`, the content parts, the `.done` of the texts, …) are skipped unread, as
 * in Messages (messages.ts says why).
 */
const EventSchemas = buildOnce(() => {
  const text = <T extends string>(type: T) => fastObject({ type: z.literal(type), delta: z.optional(z.string()) });
  const item = <T extends string>(type: T) => fastObject({ type: z.literal(type), output_index: z.nullish(z.int()), item: z.optional(z.unknown()) });
  const ended = <T extends string>(type: T) => fastObject({ type: z.literal(type), response: z.optional(ResponseSchema()) });
  const args = <T extends string>(type: T) =>
    fastObject({
      type: z.literal(type),
      item_id: z.nullish(z.string()),
      output_index: z.nullish(z.int()),
      delta: z.nullish(z.string()),
      arguments: z.nullish(z.string()),
    });
  return {
    'response.output_text.delta': text('response.output_text.delta'),
    'response.refusal.delta': text('response.refusal.delta'),
    'response.reasoning_summary_text.delta': text('response.reasoning_summary_text.delta'),
    'response.reasoning_text.delta': text('response.reasoning_text.delta'),
    'response.function_call_arguments.delta': args('response.function_call_arguments.delta'),
    'response.function_call_arguments.done': args('response.function_call_arguments.done'),
    'response.output_item.added': item('response.output_item.added'),
    'response.output_item.done': item('response.output_item.done'),
    'response.completed': ended('response.completed'),
    'response.incomplete': ended('response.incomplete'),
    'response.failed': ended('response.failed'),
    error: fastObject({ type: z.literal('error'), code: z.optional(z.unknown()), message: z.optional(z.unknown()) }),
  };
});

/**
 * The function calls of one streamed reply, as its events and its final statement describe
 * them. An item is found by its id, else its call_id, else its output position (a router sends
 * items without id); arguments are the longest the events stated (a router leaves them empty
 * until `response.completed`).
 */
class FunctionCalls {
  private readonly calls: { id?: string; callId?: string; position?: number; name: string; arguments: string }[] = [];

  private find(id: string | null | undefined, callId: string | null | undefined, position: number | null | undefined) {
    return (
      (id ? this.calls.find((c) => c.id === id) : undefined) ??
      (callId ? this.calls.find((c) => c.callId === callId) : undefined) ??
      (position != null ? this.calls.find((c) => c.position === position) : undefined)
    );
  }

  /** An item's statement of the call: new, or more of one already seen. */
  note(item: z.infer<ReturnType<typeof FunctionCallItem>>, position: number | null | undefined): void {
    let call = this.find(item.id, item.call_id, position);
    if (!call) this.calls.push((call = { name: '', arguments: '' }));
    call.id ??= item.id ?? undefined;
    call.callId ??= item.call_id ?? undefined;
    call.position ??= position ?? undefined;
    call.name ||= item.name ?? '';
    this.stated(call, item.arguments);
  }

  append(id: string | null | undefined, position: number | null | undefined, piece: string): void {
    const call = this.find(id, undefined, position);
    if (call) call.arguments += piece;
  }

  /** Whole arguments as an event states them: kept when longer than those gathered. */
  whole(id: string | null | undefined, position: number | null | undefined, text: string | null | undefined): void {
    const call = this.find(id, undefined, position);
    if (call) this.stated(call, text);
  }

  private stated(call: { arguments: string }, text: string | null | undefined): void {
    if (text && text.length > call.arguments.length) call.arguments = text;
  }

  get count(): number {
    return this.calls.length;
  }

  /** The calls that have a name (one without cannot be answered), in order. */
  finish(parts: ReplyPart[]): void {
    for (const c of this.calls)
      if (c.name) parts.push({ type: 'tool_call', call: { id: c.callId ?? c.id ?? '', name: c.name, arguments: argumentsOrEmpty(c.arguments) } });
  }
}

// The catalog's parameter names, as Responses spells them.
function options(request: TextRequest): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(request.options)) {
    if (name === 'max_tokens') out.max_output_tokens = value;
    else if (name === 'reasoning_effort') out.reasoning = { effort: value, summary: 'auto' };
    else out[name] = value;
  }
  return out;
}

/** The messages as input items; a user message in `breakpoints` (by index) has one on its last content part (a tool's output has no parts). */
function input(request: TextRequest, breakpoints: ReadonlySet<number>): unknown[] {
  return request.messages.flatMap((m, index): unknown[] => {
    switch (m.role) {
      case 'system':
        return [];
      case 'tool':
        return [{ type: 'function_call_output', call_id: m.toolCallId, output: m.content }];
      case 'assistant':
        return [
          ...(m.content ? [{ role: 'assistant', content: m.content }] : []),
          ...(m.toolCalls ?? []).map((c) => ({ type: 'function_call', call_id: c.id, name: c.name, arguments: c.arguments })),
        ];
      default: {
        const text = { type: 'input_text', text: m.content };
        const images = (m.images ?? []).map((i) => ({ type: 'input_image', image_url: `data:${i.mimeType};base64,${i.data}` }));
        if (breakpoints.has(index) && (m.content !== '' || images.length > 0)) {
          const parts: object[] = [text, ...images];
          return [{ role: 'user', content: [...parts.slice(0, -1), marked(parts.at(-1)!)] }];
        }
        return [{ role: 'user', content: images.length === 0 ? m.content : [text, ...images] }];
      }
    }
  });
}

function finishOf(response: Response, calls: number): FinishReason {
  if (calls > 0) return 'tool_calls';
  return response.status === 'incomplete' ? 'length' : 'stop';
}

function endPart(response: Response, calls: number): ReplyPart {
  const u = response.usage;
  return {
    type: 'end',
    finishReason: finishOf(response, calls),
    ...(u && {
      usage: usage(u.input_tokens, u.output_tokens, u.output_tokens_details?.reasoning_tokens ?? undefined, {
        read: u.input_tokens_details?.cached_tokens ?? undefined,
        write: u.input_tokens_details?.cache_write_tokens ?? undefined,
      }),
    }),
  };
}

/** The final statement's function calls, by position in its output. */
function noteFinalCalls(response: Response, calls: FunctionCalls): void {
  const output = response.output ?? [];
  for (let i = 0; i < output.length; i++) {
    const read = outputItem(output[i], 'the final response');
    if (read?.type === 'function_call') calls.note(read.item, i);
  }
}

export const responses: Transport = {
  name: 'responses',
  path: '/responses',

  body(request: TextRequest, streaming: boolean) {
    const system = request.messages
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n\n');
    const items = input(request, cacheBreakpoints(request, 'responses').messages);
    const body: Record<string, unknown> = { model: request.model, input: items, ...options(request) };
    if (system) body.instructions = system;
    // Responses makes function tools strict by default, which demands every property and refuses
    // other schemas; the tools are written for chat completions, where optional stays optional.
    if (request.tools)
      body.tools = request.tools.map((t) => ({
        type: 'function',
        name: t.name,
        description: t.description,
        parameters: t.parameters ?? EMPTY_PARAMETERS,
        strict: false,
      }));
    if (request.toolChoice) body.tool_choice = request.toolChoice;
    if (streaming) body.stream = true;
    return body;
  },

  streamReader(onSkipped): StreamReader {
    const calls = new FunctionCalls();
    return {
      read(event, parts) {
        const e = readTypedEvent(event, EventSchemas());
        switch (e?.type) {
          case 'response.output_text.delta':
          case 'response.refusal.delta':
            if (e.delta) parts.push({ type: 'delta', text: e.delta });
            return false;
          case 'response.reasoning_summary_text.delta':
          case 'response.reasoning_text.delta':
            if (e.delta) parts.push({ type: 'reasoning', text: e.delta });
            return false;
          case 'response.output_item.added':
          case 'response.output_item.done': {
            // An item skipped is told once, when it is added.
            const read = outputItem(e.item, `a ${e.type} event`, e.type === 'response.output_item.added' ? onSkipped : undefined);
            if (read?.type === 'function_call') calls.note(read.item, e.output_index);
            return false;
          }
          case 'response.function_call_arguments.delta':
            if (e.delta) calls.append(e.item_id, e.output_index, e.delta);
            return false;
          case 'response.function_call_arguments.done':
            calls.whole(e.item_id, e.output_index, e.arguments);
            return false;
          case 'response.completed':
          case 'response.incomplete': {
            const response = e.response ?? { output: [] };
            noteFinalCalls(response, calls);
            calls.finish(parts);
            parts.push(endPart(response, calls.count));
            return true;
          }
          case 'response.failed':
            throw errorFault({ error: e.response?.error ?? {} });
          case 'error':
            throw errorFault(e);
          default:
            return false;
        }
      },
      end: truncated,
    };
  },

  parse(json, onSkipped) {
    const parsed = ResponseSchema().safeParse(json);
    if (!parsed.success) return undefined;
    const parts: ReplyPart[] = [];
    const calls = new FunctionCalls();
    try {
      for (const raw of parsed.data.output ?? []) {
        const read = outputItem(raw, 'the response', onSkipped);
        if (read?.type === 'reasoning') {
          const text = (read.item.summary ?? []).map((s) => s.text).join('');
          if (text) parts.push({ type: 'reasoning', text });
        } else if (read?.type === 'message') {
          const text = (read.item.content ?? []).map((c) => c.text ?? c.refusal ?? '').join('');
          if (text) parts.push({ type: 'delta', text });
        } else if (read?.type === 'function_call') calls.note(read.item, undefined);
      }
    } catch {
      return undefined;
    }
    calls.finish(parts);
    parts.push(endPart(parsed.data, calls.count));
    return parts;
  },
};
