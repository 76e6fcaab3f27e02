// Quirks: not failures, but ways some compatible servers write a reply that the widely used
// APIs do not. Queued like faults (`{ type: "quirk", quirk }`), so a client meets them in tests.
// Each imitates a shape seen in recordings of real providers (README.md, Quirks, names them).
import * as z from 'zod';
import type { ToolCallOut } from './completionText';

export const QuirkSchema = z.enum([
  // Chat completions: every `tool_calls` piece repeats the call's id, type and function name.
  'repeated_call_ids',
  // Responses: no function_call_arguments events; the arguments come whole in output_item.done.
  'whole_arguments',
  // Chat completions and Responses: a call without arguments says `arguments: ""`, not `"{}"`.
  'empty_arguments',
  // Chat completions: each call whole in one piece without `index`, in the chunk with the finish reason and the usage.
  'index_less_tool_calls',
  // Chat completions: `content` as an array of parts; reasoning as `thinking` parts nesting `text` parts.
  'content_parts',
  // Chat completions: reasoning only as OpenRouter's `reasoning_details` pieces (text, then an encrypted piece).
  'reasoning_details',
  // Chat completions: every chunk carries the usage counted so far.
  'usage_every_chunk',
  // Chat completions: the stream ends after the finish reason (and usage) without `data: [DONE]`.
  'no_done',
  // Chat completions: the finish reason in Messages' words (`end_turn`, `tool_use`, `max_tokens`).
  'vendor_finish_reasons',
  // Every stream: keep-alive comment lines (`: OPENROUTER PROCESSING`) before the first event.
  'keep_alive_comments',
  // Responses: server-side items (a web search, an MCP tool listing with odd field types) before the answer.
  'unknown_response_items',
  // Responses: function-call arguments "" in every streamed event (output_item.done without id), whole only in response.completed.
  'arguments_in_completed',
  // Messages: a server_tool_use block and a web_search_tool_result block before the text, a citations_delta inside it.
  'unknown_message_blocks',
  // Messages: message_start counts 0 input tokens; message_delta gives the count.
  'input_tokens_in_message_delta',
]);
export type Quirk = z.infer<typeof QuirkSchema>;

/** A call's arguments as the server writes them. */
export function wireArguments(call: ToolCallOut, quirk: Quirk | undefined): string {
  return quirk === 'empty_arguments' && call.arguments === '{}' ? '' : call.arguments;
}

/** The keep-alive comment OpenRouter sends while a model has not answered yet. */
export const KEEP_ALIVE = ': OPENROUTER PROCESSING\n\n';

/** Chat-completions finish reasons as Messages words them (vendor_finish_reasons). */
export const VENDOR_FINISH: Record<string, string> = { stop: 'end_turn', tool_calls: 'tool_use', length: 'max_tokens' };
