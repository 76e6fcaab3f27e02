// Quirks: not failures, but ways some compatible servers write a reply that the widely used
// APIs do not. Queued like faults (`{ type: "quirk", quirk }`), so a client meets them in tests.
import * as z from 'zod';
import type { ToolCallOut } from './completionText';

export const QuirkSchema = z.enum([
  // Chat completions: every `tool_calls` piece repeats the call's id, type and function name.
  'repeated_call_ids',
  // Responses: no function_call_arguments events; the arguments come whole in output_item.done.
  'whole_arguments',
  // Chat completions and Responses: a call without arguments says `arguments: ""`, not `"{}"`.
  'empty_arguments',
]);
export type Quirk = z.infer<typeof QuirkSchema>;

/** A call's arguments as the server writes them. */
export function wireArguments(call: ToolCallOut, quirk: Quirk | undefined): string {
  return quirk === 'empty_arguments' && call.arguments === '{}' ? '' : call.arguments;
}
