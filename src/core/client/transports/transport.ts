// One text interface of the service (spec, "What the service does" 1): how a TextRequest is
// written for it, and how its replies are read back into the common parts. Everything else
// (retries, timeouts, request ids, diagnostics, logs) is the ServiceClient's, the same for all.
import type { StreamReader } from '../eventStream';
import type { Usage } from '../schemas';
import type { TextRequest, ToolCall } from '../textRequest';

export const TRANSPORT_NAMES = ['chat-completions', 'responses', 'messages'] as const;
export type TransportName = (typeof TRANSPORT_NAMES)[number];

/** Finish reasons in the chat-completions vocabulary, whatever the interface said. */
export type FinishReason = 'stop' | 'length' | 'tool_calls' | (string & {});

export type ReplyPart =
  | { type: 'delta'; text: string }
  | { type: 'reasoning'; text: string }
  /** A tool call whose arguments are complete. */
  | { type: 'tool_call'; call: ToolCall }
  | { type: 'end'; finishReason: FinishReason | null; usage?: Usage; reasoningSignature?: string };

export interface Transport {
  readonly name: TransportName;
  /** Below the base URL, e.g. /chat/completions. */
  readonly path: string;
  body(request: TextRequest, streaming: boolean): Record<string, unknown>;
  /** A fresh reader for one streamed reply. */
  streamReader(): StreamReader;
  /** The parts of a whole (non-streamed) reply, ending with `end`; undefined when its shape is unexpected. */
  parse(json: unknown): ReplyPart[] | undefined;
}

/** Usage in the chat-completions shape the rest of the extension reads. */
export function usage(input: number, output: number, reasoning?: number): Usage {
  return { prompt_tokens: input, completion_tokens: output, total_tokens: input + output, ...(reasoning ? { reasoning_tokens: reasoning } : {}) };
}

/** Pieces of streamed tool calls, by the key the interface uses, completed when their arguments are. */
export class ToolCallAssembler {
  private readonly open = new Map<string | number, ToolCall>();

  start(key: string | number, id: string, name: string): void {
    this.open.set(key, { id, name, arguments: '' });
  }

  append(key: string | number, piece: string): boolean {
    const call = this.open.get(key);
    if (call) call.arguments += piece;
    return call !== undefined;
  }

  /** The finished call (arguments `{}` when none came). */
  finish(key: string | number, parts: ReplyPart[]): void {
    const call = this.open.get(key);
    if (!call) return;
    this.open.delete(key);
    parts.push({ type: 'tool_call', call: { ...call, arguments: call.arguments === '' ? '{}' : call.arguments } });
  }

  finishAll(parts: ReplyPart[]): void {
    for (const key of [...this.open.keys()]) this.finish(key, parts);
  }

  get count(): number {
    return this.open.size;
  }
}
