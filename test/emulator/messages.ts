// POST /v1/messages: the Anthropic Messages shape, streamed as message_* / content_block_*
// events. A model that thinks opens with a `thinking` block (streamed as thinking_delta, then
// a signature_delta); a tool call is a `tool_use` block whose input streams as input_json_delta.
// As upstream, an assistant turn with a tool_use from a thinking model must carry its thinking
// block back, and every tool_use must be answered by a tool_result in the next user turn.
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { billedCompletion } from './billing';
import { contentText } from './completionText';
import { newId } from './exchange';
import { checkOptionalFields, parseBody, resolveModel, type HandlerContext } from './handlerContext';
import { SseWriter } from './sseWriter';

const TextBlock = z.looseObject({ type: z.literal('text'), text: z.string() });
const ThinkingBlock = z.looseObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() });
const ToolUseBlock = z.looseObject({ type: z.literal('tool_use'), id: z.string().min(1), name: z.string().min(1), input: z.unknown() });
const ToolResultBlock = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string().min(1),
  content: z.union([z.string(), z.array(TextBlock)]).optional(),
});
const ImageBlock = z.looseObject({ type: z.literal('image'), source: z.looseObject({ media_type: z.string().optional() }).optional() });
const Block = z.union([TextBlock, ThinkingBlock, ToolUseBlock, ToolResultBlock, ImageBlock]);
type Block = z.infer<typeof Block>;

const MessagesBody = z.looseObject({
  model: z.string().min(1),
  messages: z
    .array(z.looseObject({ role: z.enum(['user', 'assistant']), content: z.union([z.string(), z.array(Block)]) }))
    .min(1, 'messages must hold at least one message'),
  system: z.union([z.string(), z.array(TextBlock)]).optional(),
  // Part of the Messages shape itself (Anthropic clients always send it), so every text model takes it here.
  max_tokens: z.number().int().positive().optional(),
  temperature: z.number().min(0).max(1).optional(),
  thinking: z.looseObject({ type: z.enum(['enabled', 'disabled']), budget_tokens: z.number().int().optional() }).optional(),
  tools: z.array(z.looseObject({ name: z.string().min(1), input_schema: z.unknown().optional() })).optional(),
  tool_choice: z.looseObject({ type: z.enum(['auto', 'any', 'tool', 'none']) }).optional(),
  stream: z.boolean().optional(),
});
type MessagesBody = z.infer<typeof MessagesBody>;

const blocksOf = (content: string | Block[]): Block[] => (typeof content === 'string' ? [{ type: 'text', text: content }] : content);
const blockText = (block: Block): string =>
  block.type === 'text' ? block.text : block.type === 'tool_result' ? contentText(block.content ?? '') : block.type === 'tool_use' ? JSON.stringify(block.input) : '';

export async function handleMessages(ctx: HandlerContext): Promise<void> {
  const body = parseBody(ctx, MessagesBody);
  if (!body) return;
  const model = resolveModel(ctx, body.model, 'messages');
  if (!model || !checkOptionalFields(ctx, model, ['model', 'messages', 'system', 'max_tokens'], { thinking: 'reasoning_effort' })) return;
  const problem = conversationProblem(body, model.thinks === true);
  if (problem) return ctx.ex.error(400, 'invalid_request', problem);

  const last = body.messages.at(-1)!;
  const results = blocksOf(last.content).filter((b) => b.type === 'tool_result');
  const lastUser = body.messages.filter((m) => m.role === 'user' && blocksOf(m.content).some((b) => b.type === 'text')).at(-1) ?? last;
  const completion = billedCompletion(ctx, model, {
    prompts: [...(body.system ? [contentText(body.system)] : []), ...body.messages.map((m) => blocksOf(m.content).map(blockText).join(''))],
    lastUser: blocksOf(lastUser.content).map(blockText).join(''),
    ...(results.length > 0 && { toolResult: results.map(blockText).join('\n') }),
    tools: (body.tools ?? []).map((t) => ({ name: t.name, parameters: t.input_schema })),
    toolChoice: body.tool_choice?.type === 'none' ? 'none' : body.tool_choice?.type === 'any' ? 'required' : 'auto',
    maxTokens: body.max_tokens,
    images: blocksOf(lastUser.content).flatMap((b) => (b.type === 'image' ? [b.source?.media_type ?? 'image'] : [])),
  });
  if (!completion) return;

  const stopReason = completion.toolCalls.length > 0 ? 'tool_use' : completion.truncated ? 'max_tokens' : 'end_turn';
  const thinking = completion.reasoning.join('');
  const signature = createHash('sha256').update(thinking).digest('base64');
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
    const content: object[] = [
      ...(thinking ? [{ type: 'thinking', thinking, signature }] : []),
      ...(completion.text || completion.toolCalls.length === 0 ? [{ type: 'text', text: completion.text }] : []),
      ...completion.toolCalls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: JSON.parse(c.arguments) as unknown })),
    ];
    return ctx.ex.reply(message(content, stopReason, completion.outputTokens), ctx.fault);
  }

  const sse = new SseWriter(ctx.ex, ctx.fault, completion.paceMs);
  const send = (type: string, fields: object, asDelta = false) => {
    const data = JSON.stringify({ type, ...fields });
    return asDelta ? sse.delta(data, type) : sse.event(data, type);
  };
  let index = 0;
  // A ping follows the first block's start, as upstream sends it.
  let pinged = false;
  const start = async (block: object) => (await send('content_block_start', { index, content_block: block })) && (pinged || ((pinged = true), send('ping', {})));
  if (!(await sse.open())) return;
  if (!(await send('message_start', { message: message([], null, 1) }))) return;
  if (thinking) {
    if (!(await start({ type: 'thinking', thinking: '', signature: '' }))) return;
    for (const text of completion.reasoning) if (!(await send('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: text } }, true))) return;
    if (!(await send('content_block_delta', { index, delta: { type: 'signature_delta', signature } }))) return;
    if (!(await send('content_block_stop', { index: index++ }))) return;
  }
  if (completion.deltas.length > 0 || completion.toolCalls.length === 0) {
    if (!(await start({ type: 'text', text: '' }))) return;
    for (const text of completion.deltas) if (!(await send('content_block_delta', { index, delta: { type: 'text_delta', text } }, true))) return;
    if (!(await sse.beforeClosing())) return;
    if (!(await send('content_block_stop', { index: index++ }))) return;
  }
  for (const call of completion.toolCalls) {
    if (!(await start({ type: 'tool_use', id: call.id, name: call.name, input: {} }))) return;
    for (const piece of call.arguments.match(/.{1,12}/gs) ?? []) {
      if (!(await send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } }, true))) return;
    }
    if (!(await sse.beforeClosing())) return;
    if (!(await send('content_block_stop', { index: index++ }))) return;
  }
  if (!(await send('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: completion.outputTokens } }))) return;
  if (await send('message_stop', {})) sse.end();
}

/** What upstream refuses in a tool conversation: a tool_use left unanswered, or one sent back without its thinking. */
function conversationProblem(body: MessagesBody, thinks: boolean): string | undefined {
  for (const [i, message] of body.messages.entries()) {
    if (message.role !== 'assistant') continue;
    const blocks = blocksOf(message.content);
    const uses = blocks.filter((b) => b.type === 'tool_use');
    if (uses.length === 0) continue;
    if (thinks && blocks[0]?.type !== 'thinking') {
      return `messages.${i}: an assistant turn with tool_use must start with its thinking block (with its signature) when thinking is on: send it back unchanged.`;
    }
    const next = body.messages[i + 1];
    const answered = new Set(next ? blocksOf(next.content).flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : [])) : []);
    const missing = uses.find((u) => !answered.has(u.id));
    if (missing) return `messages.${i + 1}: tool_use ${missing.id} has no tool_result in the next user turn.`;
  }
  return undefined;
}
