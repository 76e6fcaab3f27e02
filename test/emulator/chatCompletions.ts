// POST /v1/chat/completions: one JSON completion, or chat.completion.chunk events. Reasoning
// travels as `reasoning_content` deltas (what most servers send; clients also meet `reasoning`),
// tool calls as `tool_calls` deltas: the first carries id and name, the rest the arguments.
import * as z from 'zod';
import { billedCompletion } from './billing';
import { contentText, type Completion } from './completionText';
import { newId } from './exchange';
import { checkOptionalFields, parseBody, resolveModel, type HandlerContext } from './handlerContext';
import { carriesMarker, messageBlock, toolBlock } from './promptCache';
import { KEEP_ALIVE, VENDOR_FINISH, wireArguments } from './quirks';
import { SseWriter } from './sseWriter';

const TextPart = z.looseObject({ type: z.literal('text'), text: z.string() });
const ImagePart = z.looseObject({ type: z.literal('image_url'), image_url: z.looseObject({ url: z.string().startsWith('data:image/') }) });
const ToolCall = z.looseObject({
  id: z.string().min(1),
  type: z.literal('function'),
  function: z.looseObject({ name: z.string().min(1), arguments: z.string() }),
});

const ChatBody = z.looseObject({
  model: z.string().min(1),
  messages: z
    .array(
      z.looseObject({
        role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
        content: z.union([z.string(), z.array(z.union([TextPart, ImagePart]))]).nullable(),
        tool_calls: z.array(ToolCall).optional(),
        tool_call_id: z.string().optional(),
      }),
    )
    .min(1, 'messages must hold at least one message'),
  max_tokens: z.number().int().positive().optional(),
  temperature: z.number().min(0).max(2).optional(),
  reasoning_effort: z.enum(['low', 'medium', 'high']).optional(),
  tools: z
    .array(z.looseObject({ type: z.literal('function'), function: z.looseObject({ name: z.string().min(1), parameters: z.unknown().optional() }) }))
    .optional(),
  tool_choice: z.union([z.enum(['auto', 'required', 'none']), z.looseObject({ type: z.literal('function') })]).optional(),
  stream: z.boolean().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).optional(),
});
type ChatBody = z.infer<typeof ChatBody>;

export async function handleChatCompletions(ctx: HandlerContext): Promise<void> {
  const body = parseBody(ctx, ChatBody);
  if (!body) return;
  const model = resolveModel(ctx, body.model, 'chat-completions');
  if (!model || !checkOptionalFields(ctx, model, ['model', 'messages'])) return;
  const unanswered = unansweredToolCall(body);
  if (unanswered)
    return ctx.ex.error(400, 'invalid_request', `The tool call ${unanswered} has no tool message with its result: send one after the assistant message.`);

  const last = body.messages.at(-1)!;
  const lastUser = body.messages.filter((m) => m.role === 'user').at(-1) ?? last;
  const completion = billedCompletion(ctx, model, {
    lastUser: contentText(lastUser.content),
    ...(last.role === 'tool' && { toolResult: contentText(last.content) }),
    tools: (body.tools ?? []).map((t) => ({ name: t.function.name, parameters: t.function.parameters })),
    toolChoice: typeof body.tool_choice === 'string' ? body.tool_choice : undefined,
    maxTokens: body.max_tokens,
    images: imagesOf(lastUser.content),
    prefix: [
      ...(body.tools ?? []).map((t) => toolBlock(t, carriesMarker(t))),
      ...body.messages.map((m) => messageBlock(contentText(m.content), carriesMarker(m))),
    ],
  });
  if (!completion) return;
  const reply = { id: (completion.replyId ??= newId('chatcmpl-')), created: Math.floor(Date.now() / 1000), model: model.id };

  if (body.stream) return streamCompletion(ctx, body, completion, reply);
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: completion.toolCalls.length > 0 && completion.text === '' ? null : completion.text,
    refusal: null,
  };
  if (completion.reasoning.length > 0) message.reasoning_content = completion.reasoning.join('');
  if (completion.toolCalls.length > 0)
    message.tool_calls = completion.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: wireArguments(c, ctx.quirk) } }));
  await ctx.ex.reply(
    {
      ...reply,
      object: 'chat.completion',
      choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason(completion) }],
      usage: usage(completion),
    },
    ctx.fault,
  );
}

/** The media types of the data-URL images in a message. */
function imagesOf(content: ChatBody['messages'][number]['content']): string[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((part) => (part.type === 'image_url' ? [/^data:([^;,]+)/.exec(part.image_url.url)?.[1] ?? 'image'] : []));
}

/** The id of an assistant tool call that no later `tool` message answers, as the upstream API refuses it. */
function unansweredToolCall(body: ChatBody): string | undefined {
  const answered = new Set(body.messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id));
  return body.messages.flatMap((m) => m.tool_calls ?? []).find((c) => !answered.has(c.id))?.id;
}

async function streamCompletion(
  ctx: HandlerContext,
  body: ChatBody,
  completion: Completion,
  reply: { id: string; created: number; model: string },
): Promise<void> {
  const quirk = ctx.quirk;
  const includeUsage = body.stream_options?.include_usage === true;
  const head = JSON.stringify({ ...reply, object: 'chat.completion.chunk' }).slice(0, -1);
  // With include_usage every chunk carries `usage: null` until the usage chunk, as upstream
  // does; with usage_every_chunk, the usage counted so far (outputTokens: what was sent).
  let sent = 0;
  const usageSoFar = () => JSON.stringify({ prompt_tokens: completion.promptTokens, completion_tokens: sent, total_tokens: completion.promptTokens + sent });
  const tail = () => (quirk === 'usage_every_chunk' ? `,"usage":${usageSoFar()}}` : includeUsage ? ',"usage":null}' : '}');
  const chunk = (delta: object, finish: string | null) =>
    `${head},"choices":[{"index":0,"delta":${JSON.stringify(delta)},"logprobs":null,"finish_reason":${JSON.stringify(finish)}}]${tail()}`;
  const text = (value: string) => (quirk === 'content_parts' ? { content: [{ type: 'text', text: value }] } : { content: value });
  const reasoning = (value: string) =>
    quirk === 'content_parts'
      ? { content: [{ type: 'thinking', thinking: [{ type: 'text', text: value }] }] }
      : quirk === 'reasoning_details'
        ? { reasoning_details: [{ type: 'reasoning.text', text: value, format: 'unknown', index: 0 }] }
        : { reasoning_content: value };

  const sse = new SseWriter(ctx.ex, ctx.fault, completion.paceMs);
  if (!(await sse.open())) return;
  if (quirk === 'keep_alive_comments' && !(await sse.raw(KEEP_ALIVE + KEEP_ALIVE))) return;
  let first = true;
  const withRole = (delta: object) => (first ? ((first = false), { role: 'assistant', ...delta }) : delta);
  const send = (delta: object) => ((sent = Math.min(sent + 1, completion.outputTokens)), sse.delta(chunk(withRole(delta), null)));
  for (const value of completion.reasoning) if (!(await send(reasoning(value)))) return;
  const encrypted = { reasoning_details: [{ type: 'reasoning.encrypted', data: 'e30=', format: 'unknown', index: 1 }] };
  if (quirk === 'reasoning_details' && completion.reasoning.length > 0 && !(await sse.delta(chunk(encrypted, null)))) return;
  for (const value of completion.deltas) if (!(await send(text(value)))) return;
  if (quirk !== 'index_less_tool_calls') {
    for (const [index, call] of completion.toolCalls.entries()) {
      const named = (args: string) => ({ index, id: call.id, type: 'function', function: { name: call.name, arguments: args } });
      if (!(await send({ tool_calls: [named('')] }))) return;
      // The arguments in pieces, as upstream streams them (the quirk repeats id and name in each).
      for (const piece of wireArguments(call, quirk).match(/.{1,12}/gs) ?? []) {
        if (!(await send({ tool_calls: [quirk === 'repeated_call_ids' ? named(piece) : { index, function: { arguments: piece } }] }))) return;
      }
    }
  }
  if (!(await sse.beforeClosing())) return;
  sent = completion.outputTokens;
  const finish = quirk === 'vendor_finish_reasons' ? VENDOR_FINISH[finishReason(completion)]! : finishReason(completion);
  if (quirk === 'index_less_tool_calls') {
    // Every call whole, without index, in the chunk that finishes the reply and carries its usage (as Mistral sends it).
    const calls = completion.toolCalls.map((c) => ({ id: c.id, function: { name: c.name, arguments: wireArguments(c, quirk) } }));
    const delta = calls.length > 0 ? withRole({ content: null, tool_calls: calls }) : {};
    const whole = `${head},"choices":[{"index":0,"delta":${JSON.stringify(delta)},"finish_reason":${JSON.stringify(finish)}}],"usage":${JSON.stringify(usage(completion))}}`;
    if (!(await sse.event(whole))) return;
  } else {
    if (!(await sse.event(chunk({}, finish)))) return;
    if (includeUsage && quirk !== 'usage_every_chunk' && !(await sse.event(`${head},"choices":[],"usage":${JSON.stringify(usage(completion))}}`))) return;
  }
  if (quirk === 'no_done' || (await sse.event('[DONE]'))) sse.end();
}

const finishReason = (completion: Completion): string => (completion.toolCalls.length > 0 ? 'tool_calls' : completion.truncated ? 'length' : 'stop');

function usage(completion: Completion) {
  return {
    prompt_tokens: completion.promptTokens,
    completion_tokens: completion.outputTokens,
    total_tokens: completion.promptTokens + completion.outputTokens,
    // Cached input is counted inside prompt_tokens; writes as OpenRouter names them.
    ...(completion.cache && {
      prompt_tokens_details: { cached_tokens: completion.cache.read, ...(completion.cache.write > 0 && { cache_write_tokens: completion.cache.write }) },
    }),
    ...(completion.reasoning.length > 0 && { completion_tokens_details: { reasoning_tokens: completion.reasoning.length } }),
  };
}
