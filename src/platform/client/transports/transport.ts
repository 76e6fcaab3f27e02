// One text interface of the service (spec, "What the service does" 1): how a TextRequest is
// written for it, and how its replies are read back into the common parts. Everything else
// (retries, timeouts, request ids, diagnostics, logs) is the ServiceClient's, the same for all.
import type { Usage } from '../catalog/schemas';
import type { TextRequest } from './textRequest';
import type { OnSkipped, ReplyPart, StreamReader, ToolCall } from '../streaming/replyPart';

export const TRANSPORT_NAMES = ['chat-completions', 'responses', 'messages'] as const;
export type TransportName = (typeof TRANSPORT_NAMES)[number];

export interface Transport {
  readonly name: TransportName;
  /** Below the base URL, e.g. /chat/completions. */
  readonly path: string;
  body(request: TextRequest, streaming: boolean): Record<string, unknown>;
  /** A fresh reader for one streamed reply; `onSkipped` is told what it passes over. */
  streamReader(onSkipped?: OnSkipped): StreamReader;
  /** The parts of a whole (non-streamed) reply, ending with `end`; undefined when its shape is unexpected. */
  parse(json: unknown, onSkipped?: OnSkipped): ReplyPart[] | undefined;
}

/** The schema of a tool that takes no arguments, for the interfaces that require one. */
export const EMPTY_PARAMETERS = { type: 'object', properties: {} };

/**
 * Usage in the chat-completions shape the rest of the extension reads. `input` counts every input
 * token; `cache`, those of them read from the cache and written to it, when the reply says so.
 */
export function usage(input: number, output: number, reasoning?: number, cache?: { read?: number; write?: number }): Usage {
  const read = cache?.read ?? 0;
  const write = cache?.write ?? 0;
  const details =
    read > 0 || write > 0 ? { prompt_tokens_details: { ...(read > 0 && { cached_tokens: read }), ...(write > 0 && { cache_write_tokens: write }) } } : {};
  return { prompt_tokens: input, completion_tokens: output, total_tokens: input + output, ...(reasoning ? { reasoning_tokens: reasoning } : {}), ...details };
}

/** A call's arguments, `{}` when a server sent none (some send `""` for a call without any). */
export const argumentsOrEmpty = (text: string): string => (text === '' ? '{}' : text);

/** Pieces of streamed tool calls, by the key the interface uses, completed when their arguments are. */
export class ToolCallAssembler {
  private readonly open = new Map<string | number, ToolCall>();

  start(key: string | number, id: string, name: string): void {
    const open = this.open.get(key);
    // Some servers repeat the id (and name) in every piece of a call: the same call goes on.
    if (open?.id === id) {
      open.name ||= name;
      return;
    }
    this.open.set(key, { id, name, arguments: '' });
  }

  append(key: string | number, piece: string): boolean {
    const call = this.open.get(key);
    if (call) call.arguments += piece;
    return call !== undefined;
  }

  /**
   * The finished call. `whole`: the arguments as the finished item states them, which some
   * servers send instead of pieces; kept when longer than the pieces gathered.
   */
  finish(key: string | number, parts: ReplyPart[], whole = ''): void {
    const call = this.open.get(key);
    if (!call) return;
    this.open.delete(key);
    const args = whole.length > call.arguments.length ? whole : call.arguments;
    parts.push({ type: 'tool_call', call: { ...call, arguments: argumentsOrEmpty(args) } });
  }

  finishAll(parts: ReplyPart[]): void {
    for (const key of [...this.open.keys()]) this.finish(key, parts);
  }

  get count(): number {
    return this.open.size;
  }
}
