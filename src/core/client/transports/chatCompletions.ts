// Chat completions (POST /chat/completions), as the official openai SDK speaks it. Servers
// send reasoning as `reasoning_content` or as `reasoning`: both are read. Tool calls stream as
// `tool_calls` deltas keyed by index; each is reported once the reply says it finished.
import * as z from 'zod/mini';
import { buildOnce } from '../../buildOnce';
import { fastObject } from '../fastObject';
import { readEvent, StreamFault } from '../eventStream';
import { UsageSchema } from '../schemas';
import type { TextMessage, TextRequest } from '../textRequest';
import { argumentsOrEmpty, ToolCallAssembler, type ReplyPart, type StreamReader, type Transport } from './transport';

const DONE = '[DONE]';

// Built on first use, like every schema of the client (src/core/client/schemas.ts says why).
const ToolCallDelta = buildOnce(() =>
  fastObject({
    index: z.int(),
    id: z.nullish(z.string()),
    function: z.nullish(fastObject({ name: z.nullish(z.string()), arguments: z.nullish(z.string()) })),
  }),
);

const ChunkSchema = buildOnce(() =>
  fastObject({
    choices: z._default(
      z.array(
        fastObject({
          delta: z.optional(
            fastObject({
              content: z.nullish(z.string()),
              reasoning_content: z.nullish(z.string()),
              reasoning: z.nullish(z.string()),
              tool_calls: z.nullish(z.array(ToolCallDelta())),
            }),
          ),
          finish_reason: z.nullish(z.string()),
        }),
      ),
      [],
    ),
    usage: z.nullish(UsageSchema()),
  }),
);

const CompletionSchema = buildOnce(() =>
  z.object({
    choices: z
      .array(
        z.object({
          message: z.object({
            content: z.nullish(z.string()),
            reasoning_content: z.nullish(z.string()),
            reasoning: z.nullish(z.string()),
            tool_calls: z.nullish(z.array(z.object({ id: z.string(), function: z.object({ name: z.string(), arguments: z.string() }) }))),
          }),
          finish_reason: z.nullable(z.string()),
        }),
      )
      .check(z.minLength(1)),
    usage: z.optional(UsageSchema()),
  }),
);

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
        content: [{ type: 'text', text: message.content }, ...message.images.map((i) => ({ type: 'image_url', image_url: { url: `data:${i.mimeType};base64,${i.data}` } }))],
      };
    default:
      return { role: message.role, content: message.content };
  }
}

export const chatCompletions: Transport = {
  name: 'chat-completions',
  path: '/chat/completions',

  body(request: TextRequest, streaming: boolean) {
    const body: Record<string, unknown> = { model: request.model, messages: request.messages.map(wireMessage), ...request.options };
    if (request.tools) body.tools = request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
    if (request.toolChoice) body.tool_choice = request.toolChoice;
    if (streaming) {
      body.stream = true;
      if (request.includeUsage) body.stream_options = { include_usage: true };
    }
    return body;
  },

  streamReader(): StreamReader {
    const calls = new ToolCallAssembler();
    let finishReason: string | null = null;
    let usage: z.infer<ReturnType<typeof UsageSchema>> | undefined;
    const end = (): ReplyPart => ({ type: 'end', finishReason, ...(usage && { usage }) });
    return {
      read(event, parts) {
        if (event.data === DONE) {
          calls.finishAll(parts);
          parts.push(end());
          return true;
        }
        const chunk = readEvent(event, ChunkSchema(), 'a chunk');
        for (const choice of chunk.choices) {
          const delta = choice.delta;
          const reasoning = delta?.reasoning_content ?? delta?.reasoning;
          if (reasoning) parts.push({ type: 'reasoning', text: reasoning });
          if (delta?.content) parts.push({ type: 'delta', text: delta.content });
          for (const piece of delta?.tool_calls ?? []) {
            if (piece.id) calls.start(piece.index, piece.id, piece.function?.name ?? '');
            if (piece.function?.arguments) calls.append(piece.index, piece.function.arguments);
          }
          if (choice.finish_reason) {
            finishReason = choice.finish_reason;
            calls.finishAll(parts);
          }
        }
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

  parse(json) {
    const parsed = CompletionSchema().safeParse(json);
    if (!parsed.success) return undefined;
    const [choice] = parsed.data.choices;
    const message = choice!.message;
    const parts: ReplyPart[] = [];
    const reasoning = message.reasoning_content ?? message.reasoning;
    if (reasoning) parts.push({ type: 'reasoning', text: reasoning });
    if (message.content) parts.push({ type: 'delta', text: message.content });
    for (const call of message.tool_calls ?? []) parts.push({ type: 'tool_call', call: { id: call.id, name: call.function.name, arguments: argumentsOrEmpty(call.function.arguments) } });
    parts.push({ type: 'end', finishReason: choice!.finish_reason, ...(parsed.data.usage && { usage: parsed.data.usage }) });
    return parts;
  },
};
