// POST /v1/chat/completions: one JSON completion, or chat.completion.chunk events.
import * as z from 'zod';
import { billedCompletion } from './billing';
import { contentText, type Completion } from './completionText';
import { newId } from './exchange';
import { checkOptionalFields, parseBody, resolveModel, type HandlerContext } from './handlerContext';
import { SseWriter } from './sseWriter';

const TextPart = z.looseObject({ type: z.literal('text'), text: z.string() });

const ChatBody = z.looseObject({
  model: z.string().min(1),
  messages: z
    .array(
      z.looseObject({
        role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
        content: z.union([z.string(), z.array(TextPart)]).nullable(),
      }),
    )
    .min(1, 'messages must hold at least one message'),
  max_tokens: z.number().int().positive().optional(),
  temperature: z.number().min(0).max(2).optional(),
  stream: z.boolean().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).optional(),
});
type ChatBody = z.infer<typeof ChatBody>;

export async function handleChatCompletions(ctx: HandlerContext): Promise<void> {
  const body = parseBody(ctx, ChatBody);
  if (!body) return;
  const model = resolveModel(ctx, body.model, 'chat-completions');
  if (!model || !checkOptionalFields(ctx, model, ['model', 'messages'])) return;

  const texts = body.messages.map((m) => contentText(m.content));
  const lastUser = body.messages.filter((m) => m.role === 'user').at(-1) ?? body.messages.at(-1)!;
  const completion = billedCompletion(ctx, model, texts, contentText(lastUser.content), body.max_tokens);
  if (!completion) return;
  const reply = { id: newId('chatcmpl-'), created: Math.floor(Date.now() / 1000), model: model.id };

  if (body.stream) return streamCompletion(ctx, body, completion, reply);
  await ctx.ex.reply(
    {
      ...reply,
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: completion.text, refusal: null },
          logprobs: null,
          finish_reason: finishReason(completion),
        },
      ],
      usage: usage(completion),
    },
    ctx.fault,
  );
}

async function streamCompletion(
  ctx: HandlerContext,
  body: ChatBody,
  completion: Completion,
  reply: { id: string; created: number; model: string },
): Promise<void> {
  const includeUsage = body.stream_options?.include_usage === true;
  const head = JSON.stringify({ ...reply, object: 'chat.completion.chunk' }).slice(0, -1);
  // With include_usage every chunk carries `usage: null` until the usage chunk, as upstream does.
  const tail = includeUsage ? ',"usage":null}' : '}';
  const chunk = (delta: object, finish: string | null) =>
    `${head},"choices":[{"index":0,"delta":${JSON.stringify(delta)},"logprobs":null,"finish_reason":${JSON.stringify(finish)}}]${tail}`;

  const sse = new SseWriter(ctx.ex, ctx.fault);
  if (!(await sse.open())) return;
  for (let i = 0; i < completion.deltas.length; i++) {
    const delta = i === 0 ? { role: 'assistant', content: completion.deltas[i] } : { content: completion.deltas[i] };
    if (!(await sse.delta(chunk(delta, null)))) return;
  }
  if (!(await sse.beforeClosing())) return;
  if (!(await sse.event(chunk({}, finishReason(completion))))) return;
  if (includeUsage && !(await sse.event(`${head},"choices":[],"usage":${JSON.stringify(usage(completion))}}`))) return;
  if (await sse.event('[DONE]')) sse.end();
}

const finishReason = (completion: Completion): string => (completion.truncated ? 'length' : 'stop');

function usage(completion: Completion) {
  return {
    prompt_tokens: completion.promptTokens,
    completion_tokens: completion.deltas.length,
    total_tokens: completion.promptTokens + completion.deltas.length,
  };
}
