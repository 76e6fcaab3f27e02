// POST /v1/responses: the Responses shape (a `response` object with output items), streamed
// as typed `response.*` events when asked. Reasoning is a `reasoning` item with a summary,
// streamed as `response.reasoning_summary_text.delta`; a tool call is a `function_call` item
// whose arguments stream as `response.function_call_arguments.delta`.
import * as z from 'zod';
import { billedCompletion } from './billing';
import { contentText, type Completion, type ToolCallOut } from './completionText';
import { newId } from './exchange';
import { checkOptionalFields, parseBody, resolveModel, type HandlerContext } from './handlerContext';
import { carriesMarker, messageBlock, toolBlock } from './promptCache';
import { KEEP_ALIVE, wireArguments, type Quirk } from './quirks';
import { strictSchemaProblem } from './strictSchema';
import { SseWriter } from './sseWriter';

const MessageItem = z.looseObject({
  type: z.literal('message').optional(),
  role: z.enum(['system', 'developer', 'user', 'assistant']),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))]),
});
const FunctionCallItem = z.looseObject({ type: z.literal('function_call'), call_id: z.string().min(1), name: z.string().min(1), arguments: z.string() });
const FunctionOutputItem = z.looseObject({ type: z.literal('function_call_output'), call_id: z.string().min(1), output: z.string() });
const ReasoningItem = z.looseObject({ type: z.literal('reasoning') });
const InputItem = z.union([FunctionCallItem, FunctionOutputItem, ReasoningItem, MessageItem]);

const ResponsesBody = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string().min(1, 'input must not be empty'), z.array(InputItem).min(1, 'input must hold at least one item')]),
  instructions: z.string().optional(),
  max_output_tokens: z.number().int().positive().optional(),
  temperature: z.number().min(0).max(2).optional(),
  reasoning: z.looseObject({ effort: z.enum(['low', 'medium', 'high']).optional(), summary: z.string().optional() }).optional(),
  tools: z
    .array(
      z.looseObject({
        type: z.literal('function'),
        name: z.string().min(1),
        // Required here (null allowed), unlike in chat completions.
        parameters: z.record(z.string(), z.unknown(), { error: "Missing required parameter: 'parameters' (a JSON schema, or null)" }).nullable(),
        strict: z.boolean().nullish(),
      }),
    )
    .optional(),
  tool_choice: z.union([z.enum(['auto', 'required', 'none']), z.looseObject({ type: z.literal('function') })]).optional(),
  stream: z.boolean().optional(),
});

// The Responses names of the catalog's parameters.
const ALIASES = { max_output_tokens: 'max_tokens', reasoning: 'reasoning_effort' };

export async function handleResponses(ctx: HandlerContext): Promise<void> {
  const body = parseBody(ctx, ResponsesBody);
  if (!body) return;
  const model = resolveModel(ctx, body.model, 'responses');
  if (!model || !checkOptionalFields(ctx, model, ['model', 'input', 'instructions'], ALIASES)) return;
  for (const tool of body.tools ?? []) {
    const problem = tool.strict === false ? undefined : strictSchemaProblem(tool.parameters);
    if (problem) return ctx.ex.error(400, 'invalid_request', `Invalid schema for function '${tool.name}': ${problem}`);
  }

  const items = typeof body.input === 'string' ? [{ role: 'user' as const, content: body.input }] : body.input;
  const messages = items.filter((i): i is z.infer<typeof MessageItem> => 'role' in i);
  const last = items.at(-1)!;
  const lastUser = messages.filter((i) => i.role === 'user').at(-1) ?? messages.at(-1);
  const completion = billedCompletion(ctx, model, {
    lastUser: lastUser ? contentText(lastUser.content) : '',
    ...('type' in last && last.type === 'function_call_output' && { toolResult: last.output }),
    tools: (body.tools ?? []).map((t) => ({ name: t.name, parameters: t.parameters })),
    toolChoice: typeof body.tool_choice === 'string' ? body.tool_choice : undefined,
    maxTokens: body.max_output_tokens,
    images:
      lastUser && Array.isArray(lastUser.content)
        ? lastUser.content.flatMap((p) => (p.type === 'input_image' ? [/^data:([^;,]+)/.exec(String(p.image_url ?? ''))?.[1] ?? 'image'] : []))
        : [],
    prefix: [
      ...(body.tools ?? []).map((t) => toolBlock(t, carriesMarker(t))),
      ...(body.instructions ? [messageBlock(body.instructions, false)] : []),
      ...items.map((i) => messageBlock(itemText(i), carriesMarker(i))),
    ],
  });
  if (!completion) return;

  const responseId = (completion.replyId ??= newId('resp_'));
  const suffix = responseId.slice('resp_'.length);
  const ids = { response: responseId, message: `msg_${suffix}`, reasoning: `rs_${suffix}` };
  const created = Math.floor(Date.now() / 1000);
  const output = (done: boolean) => [
    ...(ctx.quirk === 'unknown_response_items' ? serverItems(ids.response) : []),
    ...(completion.reasoning.length > 0 ? [reasoningItem(ids.reasoning, done ? completion.reasoning.join('') : '')] : []),
    ...(completion.deltas.length > 0 || completion.toolCalls.length === 0 ? [messageItem(ids.message, completion.text)] : []),
    ...completion.toolCalls.map((c) => functionCallItem(c, ctx.quirk)),
  ];
  const response = (status: 'in_progress' | 'completed' | 'incomplete') => ({
    id: ids.response,
    object: 'response',
    created_at: created,
    status,
    model: model.id,
    output: status === 'in_progress' ? [] : output(true),
    incomplete_details: status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
    usage: status === 'in_progress' ? null : usage(completion),
  });
  const finalStatus = completion.truncated ? 'incomplete' : 'completed';
  if (!body.stream) return ctx.ex.reply(response(finalStatus), ctx.fault);

  const sse = new SseWriter(ctx.ex, ctx.fault, completion.paceMs);
  let sequence = 0;
  const send = (type: string, fields: object, asDelta = false) => {
    const data = JSON.stringify({ type, sequence_number: sequence++, ...fields });
    return asDelta ? sse.delta(data, type) : sse.event(data, type);
  };
  let index = 0;
  if (!(await sse.open())) return;
  if (ctx.quirk === 'keep_alive_comments' && !(await sse.raw(KEEP_ALIVE + KEEP_ALIVE))) return;
  if (!(await send('response.created', { response: response('in_progress') }))) return;
  if (ctx.quirk === 'unknown_response_items') {
    for (const item of serverItems(ids.response)) {
      if (!(await send('response.output_item.added', { output_index: index, item }))) return;
      if (!(await send(`response.${item.type}.completed`, { item_id: item.id, output_index: index }))) return;
      if (!(await send('response.output_item.done', { output_index: index++, item }))) return;
    }
  }
  if (completion.reasoning.length > 0) {
    const at = { item_id: ids.reasoning, output_index: index, summary_index: 0 };
    if (!(await send('response.output_item.added', { output_index: index, item: reasoningItem(ids.reasoning, '') }))) return;
    for (const delta of completion.reasoning) if (!(await send('response.reasoning_summary_text.delta', { ...at, delta }, true))) return;
    if (!(await send('response.reasoning_summary_text.done', { ...at, text: completion.reasoning.join('') }))) return;
    if (!(await send('response.output_item.done', { output_index: index++, item: reasoningItem(ids.reasoning, completion.reasoning.join('')) }))) return;
  }
  if (completion.deltas.length > 0 || completion.toolCalls.length === 0) {
    const at = { item_id: ids.message, output_index: index, content_index: 0 };
    const part = (text: string) => ({ type: 'output_text', text, annotations: [] });
    if (!(await send('response.output_item.added', { output_index: index, item: { ...messageItem(ids.message, ''), status: 'in_progress', content: [] } })))
      return;
    if (!(await send('response.content_part.added', { ...at, part: part('') }))) return;
    for (const delta of completion.deltas) if (!(await send('response.output_text.delta', { ...at, delta }, true))) return;
    if (!(await sse.beforeClosing())) return;
    if (!(await send('response.output_text.done', { ...at, text: completion.text }))) return;
    if (!(await send('response.content_part.done', { ...at, part: part(completion.text) }))) return;
    if (!(await send('response.output_item.done', { output_index: index++, item: messageItem(ids.message, completion.text) }))) return;
  }
  for (const call of completion.toolCalls) {
    const item = functionCallItem(call, ctx.quirk);
    if (!(await send('response.output_item.added', { output_index: index, item: { ...item, arguments: '', status: 'in_progress' } }))) return;
    if (ctx.quirk === 'arguments_in_completed') {
      // As a router sends them: empty everywhere, the last statement without an id.
      if (!(await sse.beforeClosing())) return;
      if (!(await send('response.function_call_arguments.done', { item_id: item.id, output_index: index, name: item.name, arguments: '' }))) return;
      const { id: _, ...withoutId } = item;
      if (!(await send('response.output_item.done', { output_index: index++, item: { ...withoutId, arguments: '' } }))) return;
      continue;
    }
    const streamed = ctx.quirk !== 'whole_arguments';
    for (const delta of streamed ? (item.arguments.match(/.{1,12}/gs) ?? []) : []) {
      if (!(await send('response.function_call_arguments.delta', { item_id: item.id, output_index: index, delta }, true))) return;
    }
    if (!(await sse.beforeClosing())) return;
    if (streamed && !(await send('response.function_call_arguments.done', { item_id: item.id, output_index: index, arguments: item.arguments }))) return;
    if (!(await send('response.output_item.done', { output_index: index++, item }))) return;
  }
  const closing = completion.truncated ? 'response.incomplete' : 'response.completed';
  if (await send(closing, { response: response(finalStatus) })) sse.end();
}

function itemText(item: z.infer<typeof InputItem>): string {
  if (item.type === 'function_call') return item.arguments;
  if (item.type === 'function_call_output') return item.output;
  return 'role' in item ? contentText(item.content as z.infer<typeof MessageItem>['content']) : '';
}

function messageItem(id: string, text: string) {
  return { type: 'message', id, status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] };
}

function reasoningItem(id: string, summary: string) {
  return { type: 'reasoning', id, summary: summary === '' ? [] : [{ type: 'summary_text', text: summary }] };
}

function functionCallItem(call: ToolCallOut, quirk: Quirk | undefined) {
  return {
    type: 'function_call',
    id: `fc_${call.id.slice('call_'.length)}`,
    call_id: call.id,
    name: call.name,
    arguments: wireArguments(call, quirk),
    status: 'completed',
  };
}

/**
 * Items of the server's own tools, in shapes a client that does not use them must not check:
 * a web search, and an MCP tool listing whose `arguments` is an object and `call_id` null.
 */
function serverItems(responseId: string): { type: string; id: string; [field: string]: unknown }[] {
  const suffix = responseId.slice('resp_'.length);
  return [
    { type: 'web_search_call', id: `ws_${suffix}`, status: 'completed', action: { type: 'search', query: 'emulator', sources: null } },
    {
      type: 'mcp_list_tools',
      id: `mcpl_${suffix}`,
      server_label: 'emulator',
      tools: [{ name: 'echo', input_schema: {} }],
      arguments: {},
      call_id: null,
      error: null,
    },
  ];
}

function usage(completion: Completion) {
  return {
    input_tokens: completion.promptTokens,
    output_tokens: completion.outputTokens,
    total_tokens: completion.promptTokens + completion.outputTokens,
    // Cached input is counted inside input_tokens.
    ...(completion.cache && {
      input_tokens_details: { cached_tokens: completion.cache.read, ...(completion.cache.write > 0 && { cache_write_tokens: completion.cache.write }) },
    }),
    output_tokens_details: { reasoning_tokens: completion.reasoning.length },
  };
}
