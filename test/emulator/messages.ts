// POST /v1/messages: the Anthropic Messages shape, streamed as message_* / content_block_*
// events. A model that thinks opens with a `thinking` block (streamed as thinking_delta, then
// a signature_delta); a tool call is a `tool_use` block whose input streams as input_json_delta.
// What a request must be, beyond its shape, is in messagesRequest.ts.
import { createHash } from 'node:crypto';
import { billedCompletion } from './billing';
import { contentText, type Completion } from './completionText';
import { newId } from './exchange';
import { checkOptionalFields, parseBody, resolveModel, type HandlerContext } from './handlerContext';
import { blocksOf, forcesTool, MessagesBody, requestProblem, thinksFor, type Block } from './messagesRequest';
import { carriesMarker, messageBlock, toolBlock } from './promptCache';
import { KEEP_ALIVE } from './quirks';
import { SseWriter } from './sseWriter';

const blockText = (block: Block): string =>
  block.type === 'text'
    ? block.text
    : block.type === 'tool_result'
      ? contentText(block.content ?? '')
      : block.type === 'tool_use'
        ? JSON.stringify(block.input)
        : '';

export async function handleMessages(ctx: HandlerContext): Promise<void> {
  const body = parseBody(ctx, MessagesBody);
  if (!body) return;
  const model = resolveModel(ctx, body.model, 'messages');
  if (!model || !checkOptionalFields(ctx, model, ['model', 'messages', 'system', 'max_tokens'], { thinking: 'reasoning_effort' })) return;
  const thinks = thinksFor(body, model.thinks === true);
  const problem = requestProblem(body);
  if (problem) return ctx.ex.error(400, 'invalid_request', problem);

  const last = body.messages.at(-1)!;
  const results = blocksOf(last.content).filter((b) => b.type === 'tool_result');
  const lastUser = body.messages.filter((m) => m.role === 'user' && blocksOf(m.content).some((b) => b.type === 'text')).at(-1) ?? last;
  const texts = body.messages.map((m) => blocksOf(m.content).map(blockText).join(''));
  const completion = billedCompletion(ctx, model, {
    lastUser: blocksOf(lastUser.content).map(blockText).join(''),
    ...(results.length > 0 && { toolResult: results.map(blockText).join('\n') }),
    tools: (body.tools ?? []).map((t) => ({ name: t.name, parameters: t.input_schema })),
    toolChoice: body.tool_choice?.type === 'none' ? 'none' : forcesTool(body) ? 'required' : 'auto',
    maxTokens: body.max_tokens,
    images: blocksOf(lastUser.content).flatMap((b) => (b.type === 'image' ? [b.source?.media_type ?? 'image'] : [])),
    thinking: thinks,
    prefix: [
      ...(body.tools ?? []).map((t) => toolBlock(t, carriesMarker(t))),
      ...(body.system ? [messageBlock(contentText(body.system), carriesMarker(body.system))] : []),
      ...body.messages.map((m, i) => messageBlock(texts[i]!, carriesMarker(m))),
    ],
  });
  if (!completion) return;

  const stopReason = completion.toolCalls.length > 0 ? 'tool_use' : completion.truncated ? 'max_tokens' : 'end_turn';
  const thinking = completion.reasoning.join('');
  const signature = createHash('sha256').update(thinking).digest('base64');
  const message = (content: object[], stop: string | null, outputTokens: number) => ({
    id: (completion.replyId ??= newId('msg_')),
    type: 'message',
    role: 'assistant',
    model: model.id,
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage: { ...inputUsage(completion), output_tokens: outputTokens },
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
  const start = async (block: object) =>
    (await send('content_block_start', { index, content_block: block })) && (pinged || ((pinged = true), send('ping', {})));
  const quirk = ctx.quirk;
  if (!(await sse.open())) return;
  if (quirk === 'keep_alive_comments' && !(await sse.raw(KEEP_ALIVE + KEEP_ALIVE))) return;
  const started = message([], null, 1);
  if (quirk === 'input_tokens_in_message_delta') started.usage = { input_tokens: 0, output_tokens: 1 };
  if (!(await send('message_start', { message: started }))) return;
  if (quirk === 'unknown_message_blocks') {
    // A server tool's call (its input streamed like a tool's) and its result, as a web search sends them.
    const id = `srvtoolu_${started.id.slice('msg_'.length)}`;
    if (!(await start({ type: 'server_tool_use', id, name: 'web_search', input: {} }))) return;
    if (!(await send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: '{"query": "emulator"}' } }))) return;
    if (!(await send('content_block_stop', { index: index++ }))) return;
    if (
      !(await start({
        type: 'web_search_tool_result',
        tool_use_id: id,
        content: [{ type: 'web_search_result', title: 'Emulator', url: 'https://example.com/', encrypted_content: 'e30=', page_age: null }],
      }))
    )
      return;
    if (!(await send('content_block_stop', { index: index++ }))) return;
  }
  if (thinking) {
    if (!(await start({ type: 'thinking', thinking: '', signature: '' }))) return;
    for (const text of completion.reasoning)
      if (!(await send('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: text } }, true))) return;
    if (!(await send('content_block_delta', { index, delta: { type: 'signature_delta', signature } }))) return;
    if (!(await send('content_block_stop', { index: index++ }))) return;
  }
  if (completion.deltas.length > 0 || completion.toolCalls.length === 0) {
    if (!(await start({ type: 'text', text: '' }))) return;
    for (const text of completion.deltas) if (!(await send('content_block_delta', { index, delta: { type: 'text_delta', text } }, true))) return;
    const citation = {
      type: 'web_search_result_location',
      cited_text: completion.text.slice(0, 20),
      url: 'https://example.com/',
      title: 'Emulator',
      encrypted_index: 'e30=',
    };
    if (quirk === 'unknown_message_blocks' && !(await send('content_block_delta', { index, delta: { type: 'citations_delta', citation } }))) return;
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
  if (
    !(await send('message_delta', {
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: completion.outputTokens, ...(quirk === 'input_tokens_in_message_delta' && inputUsage(completion)) },
    }))
  )
    return;
  if (await send('message_stop', {})) sse.end();
}

/** Messages counts input read from the cache and written to it apart from `input_tokens`. */
function inputUsage(completion: Completion): { input_tokens: number; cache_read_input_tokens?: number; cache_creation_input_tokens?: number } {
  const cache = completion.cache;
  if (!cache) return { input_tokens: completion.promptTokens };
  return {
    input_tokens: completion.promptTokens - cache.read - cache.write,
    cache_read_input_tokens: cache.read,
    cache_creation_input_tokens: cache.write,
  };
}
