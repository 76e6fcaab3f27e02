// POST /v1/messages: the Anthropic Messages shape, streamed as message_* / content_block_* events.
import * as z from 'zod';
import { billedCompletion } from './billing';
import { contentText } from './completionText';
import { newId } from './exchange';
import { checkOptionalFields, parseBody, resolveModel, type HandlerContext } from './handlerContext';
import { SseWriter } from './sseWriter';

const TextBlocks = z.array(z.looseObject({ type: z.literal('text'), text: z.string() }));

const MessagesBody = z.looseObject({
  model: z.string().min(1),
  messages: z
    .array(z.looseObject({ role: z.enum(['user', 'assistant']), content: z.union([z.string(), TextBlocks]) }))
    .min(1, 'messages must hold at least one message'),
  system: z.union([z.string(), TextBlocks]).optional(),
  // Part of the Messages shape itself (Anthropic clients always send it), so every text model takes it here.
  max_tokens: z.number().int().positive().optional(),
  temperature: z.number().min(0).max(1).optional(),
  stream: z.boolean().optional(),
});

export async function handleMessages(ctx: HandlerContext): Promise<void> {
  const body = parseBody(ctx, MessagesBody);
  if (!body) return;
  const model = resolveModel(ctx, body.model, 'messages');
  if (!model || !checkOptionalFields(ctx, model, ['model', 'messages', 'system', 'max_tokens'])) return;

  const texts = [...(body.system ? [contentText(body.system)] : []), ...body.messages.map((m) => contentText(m.content))];
  const lastUser = body.messages.filter((m) => m.role === 'user').at(-1) ?? body.messages.at(-1)!;
  const completion = billedCompletion(ctx, model, texts, contentText(lastUser.content), body.max_tokens);
  if (!completion) return;
  const stopReason = completion.truncated ? 'max_tokens' : 'end_turn';
  const message = (content: object[], stop: string | null, outputTokens: number) => ({
    id: newId('msg_'),
    type: 'message',
    role: 'assistant',
    model: model.id,
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage: { input_tokens: completion.promptTokens, output_tokens: outputTokens },
  });
  if (!body.stream) {
    return ctx.ex.reply(message([{ type: 'text', text: completion.text }], stopReason, completion.deltas.length), ctx.fault);
  }

  const sse = new SseWriter(ctx.ex, ctx.fault);
  const send = (type: string, fields: object, asDelta = false) => {
    const data = JSON.stringify({ type, ...fields });
    return asDelta ? sse.delta(data, type) : sse.event(data, type);
  };
  if (!(await sse.open())) return;
  if (!(await send('message_start', { message: message([], null, 1) }))) return;
  if (!(await send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }))) return;
  if (!(await send('ping', {}))) return;
  for (const text of completion.deltas) {
    if (!(await send('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }, true))) return;
  }
  if (!(await sse.beforeClosing())) return;
  if (!(await send('content_block_stop', { index: 0 }))) return;
  if (!(await send('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: completion.deltas.length } }))) return;
  if (await send('message_stop', {})) sse.end();
}
