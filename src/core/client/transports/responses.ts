// Responses (POST /responses), as the official openai SDK speaks it: `instructions` and
// `input` items; streamed `response.output_text.delta`, reasoning summaries, function-call
// items with streamed arguments, and `response.completed` (or `incomplete`) with the usage.
import * as z from 'zod/mini';
import { buildOnce } from '../../buildOnce';
import { fastObject } from '../fastObject';
import { errorFault, readTypedEvent, truncated } from '../eventStream';
import type { TextRequest } from '../textRequest';
import { argumentsOrEmpty, EMPTY_PARAMETERS, ToolCallAssembler, usage, type FinishReason, type ReplyPart, type StreamReader, type Transport } from './transport';

// Built on first use, like every schema of the client (src/core/client/schemas.ts says why).
const UsageSchema = buildOnce(() =>
  z.object({
    input_tokens: z.number(),
    output_tokens: z.number(),
    output_tokens_details: z.nullish(z.object({ reasoning_tokens: z.optional(z.number()) })),
  }),
);

const OutputItem = buildOnce(() =>
  z.object({
    type: z.string(),
    id: z.optional(z.string()),
    call_id: z.optional(z.string()),
    name: z.optional(z.string()),
    arguments: z.optional(z.string()),
    content: z.optional(z.array(z.object({ type: z.string(), text: z.optional(z.string()) }))),
    summary: z.optional(z.array(z.object({ text: z.string() }))),
  }),
);

const ResponseSchema = buildOnce(() =>
  z.object({
    status: z.optional(z.string()),
    output: z._default(z.array(OutputItem()), []),
    usage: z.nullish(UsageSchema()),
    error: z.nullish(z.object({ code: z.nullish(z.string()), message: z.nullish(z.string()) })),
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
  const item = <T extends string>(type: T) => fastObject({ type: z.literal(type), item: z.optional(OutputItem()) });
  const ended = <T extends string>(type: T) => fastObject({ type: z.literal(type), response: z.optional(ResponseSchema()) });
  return {
    'response.output_text.delta': text('response.output_text.delta'),
    'response.reasoning_summary_text.delta': text('response.reasoning_summary_text.delta'),
    'response.reasoning_text.delta': text('response.reasoning_text.delta'),
    'response.function_call_arguments.delta': fastObject({ type: z.literal('response.function_call_arguments.delta'), item_id: z.optional(z.string()), delta: z.optional(z.string()) }),
    'response.output_item.added': item('response.output_item.added'),
    'response.output_item.done': item('response.output_item.done'),
    'response.completed': ended('response.completed'),
    'response.incomplete': ended('response.incomplete'),
    'response.failed': ended('response.failed'),
  };
});

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

function input(request: TextRequest): unknown[] {
  return request.messages.flatMap((m): unknown[] => {
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
      default:
        if (!m.images?.length) return [{ role: 'user', content: m.content }];
        return [{ role: 'user', content: [{ type: 'input_text', text: m.content }, ...m.images.map((i) => ({ type: 'input_image', image_url: `data:${i.mimeType};base64,${i.data}` }))] }];
    }
  });
}

function finishOf(response: Response, calls: number): FinishReason {
  if (calls > 0) return 'tool_calls';
  return response.status === 'incomplete' ? 'length' : 'stop';
}

function endPart(response: Response, calls: number): ReplyPart {
  const u = response.usage;
  return { type: 'end', finishReason: finishOf(response, calls), ...(u && { usage: usage(u.input_tokens, u.output_tokens, u.output_tokens_details?.reasoning_tokens) }) };
}

export const responses: Transport = {
  name: 'responses',
  path: '/responses',

  body(request: TextRequest, streaming: boolean) {
    const system = request.messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n\n');
    const body: Record<string, unknown> = { model: request.model, input: input(request), ...options(request) };
    if (system) body.instructions = system;
    // Responses makes function tools strict by default, which demands every property and refuses
    // other schemas; the tools are written for chat completions, where optional stays optional.
    if (request.tools) body.tools = request.tools.map((t) => ({ type: 'function', name: t.name, description: t.description, parameters: t.parameters ?? EMPTY_PARAMETERS, strict: false }));
    if (request.toolChoice) body.tool_choice = request.toolChoice;
    if (streaming) body.stream = true;
    return body;
  },

  streamReader(): StreamReader {
    const calls = new ToolCallAssembler();
    let called = 0;
    return {
      read(event, parts) {
        const e = readTypedEvent(event, EventSchemas());
        switch (e?.type) {
          case 'response.output_text.delta':
            if (e.delta) parts.push({ type: 'delta', text: e.delta });
            return false;
          case 'response.reasoning_summary_text.delta':
          case 'response.reasoning_text.delta':
            if (e.delta) parts.push({ type: 'reasoning', text: e.delta });
            return false;
          case 'response.output_item.added':
            if (e.item?.type === 'function_call' && e.item.id) calls.start(e.item.id, e.item.call_id ?? e.item.id, e.item.name ?? '');
            return false;
          case 'response.function_call_arguments.delta':
            if (e.item_id && e.delta) calls.append(e.item_id, e.delta);
            return false;
          case 'response.output_item.done':
            if (e.item?.type === 'function_call' && e.item.id) {
              called++;
              calls.finish(e.item.id, parts, e.item.arguments);
            }
            return false;
          case 'response.completed':
          case 'response.incomplete':
            calls.finishAll(parts);
            parts.push(endPart(e.response ?? { output: [] }, called));
            return true;
          case 'response.failed':
            throw errorFault({ error: e.response?.error ?? {} });
          default:
            return false;
        }
      },
      end: truncated,
    };
  },

  parse(json) {
    const parsed = ResponseSchema().safeParse(json);
    if (!parsed.success) return undefined;
    const parts: ReplyPart[] = [];
    let called = 0;
    for (const item of parsed.data.output) {
      if (item.type === 'reasoning') {
        const text = (item.summary ?? []).map((s) => s.text).join('');
        if (text) parts.push({ type: 'reasoning', text });
      } else if (item.type === 'message') {
        const text = (item.content ?? []).map((c) => c.text ?? '').join('');
        if (text) parts.push({ type: 'delta', text });
      } else if (item.type === 'function_call' && item.name) {
        called++;
        parts.push({ type: 'tool_call', call: { id: item.call_id ?? item.id ?? '', name: item.name, arguments: argumentsOrEmpty(item.arguments ?? '') } });
      }
    }
    parts.push(endPart(parsed.data, called));
    return parts;
  },
};
