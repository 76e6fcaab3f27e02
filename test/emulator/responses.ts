// POST /v1/responses: the Responses shape (a `response` object with output items), streamed
// as typed `response.*` events when asked.
import * as z from 'zod';
import { billedCompletion } from './billing';
import { contentText, type Completion } from './completionText';
import { newId } from './exchange';
import { checkOptionalFields, parseBody, resolveModel, type HandlerContext } from './handlerContext';
import { SseWriter } from './sseWriter';

const InputItem = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant']),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))]),
});

const ResponsesBody = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string().min(1, 'input must not be empty'), z.array(InputItem).min(1, 'input must hold at least one item')]),
  instructions: z.string().optional(),
  max_output_tokens: z.number().int().positive().optional(),
  temperature: z.number().min(0).max(2).optional(),
  stream: z.boolean().optional(),
});

export async function handleResponses(ctx: HandlerContext): Promise<void> {
  const body = parseBody(ctx, ResponsesBody);
  if (!body) return;
  const model = resolveModel(ctx, body.model, 'responses');
  if (!model || !checkOptionalFields(ctx, model, ['model', 'input', 'instructions'], { max_output_tokens: 'max_tokens' })) return;

  const items = typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : body.input;
  const texts = [...(body.instructions ? [body.instructions] : []), ...items.map((i) => contentText(i.content))];
  const lastUser = items.filter((i) => i.role === 'user').at(-1) ?? items.at(-1)!;
  const completion = billedCompletion(ctx, model, texts, contentText(lastUser.content), body.max_output_tokens);
  if (!completion) return;

  const ids = { response: newId('resp_'), message: newId('msg_') };
  const created = Math.floor(Date.now() / 1000);
  const response = (status: 'in_progress' | 'completed' | 'incomplete', text?: string) => ({
    id: ids.response,
    object: 'response',
    created_at: created,
    status,
    model: model.id,
    output: text === undefined ? [] : [messageItem(ids.message, text)],
    incomplete_details: status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
    usage: text === undefined ? null : usage(completion),
  });
  const finalStatus = completion.truncated ? 'incomplete' : 'completed';
  if (!body.stream) return ctx.ex.reply(response(finalStatus, completion.text), ctx.fault);

  const sse = new SseWriter(ctx.ex, ctx.fault);
  let sequence = 0;
  const send = (type: string, fields: object, asDelta = false) => {
    const data = JSON.stringify({ type, sequence_number: sequence++, ...fields });
    return asDelta ? sse.delta(data, type) : sse.event(data, type);
  };
  const at = { item_id: ids.message, output_index: 0, content_index: 0 };
  const part = (text: string) => ({ type: 'output_text', text, annotations: [] });

  if (!(await sse.open())) return;
  if (!(await send('response.created', { response: response('in_progress') }))) return;
  if (!(await send('response.output_item.added', { output_index: 0, item: { ...messageItem(ids.message, ''), status: 'in_progress', content: [] } }))) return;
  if (!(await send('response.content_part.added', { ...at, part: part('') }))) return;
  for (const delta of completion.deltas) if (!(await send('response.output_text.delta', { ...at, delta }, true))) return;
  if (!(await sse.beforeClosing())) return;
  if (!(await send('response.output_text.done', { ...at, text: completion.text }))) return;
  if (!(await send('response.content_part.done', { ...at, part: part(completion.text) }))) return;
  if (!(await send('response.output_item.done', { output_index: 0, item: messageItem(ids.message, completion.text) }))) return;
  const last = completion.truncated ? 'response.incomplete' : 'response.completed';
  if (await send(last, { response: response(finalStatus, completion.text) })) sse.end();
}

function messageItem(id: string, text: string) {
  return {
    type: 'message',
    id,
    status: 'completed',
    role: 'assistant',
    content: [{ type: 'output_text', text, annotations: [] }],
  };
}

function usage(completion: Completion) {
  return {
    input_tokens: completion.promptTokens,
    output_tokens: completion.deltas.length,
    total_tokens: completion.promptTokens + completion.deltas.length,
  };
}
