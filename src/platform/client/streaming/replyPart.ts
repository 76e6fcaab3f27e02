// A piece of an answer, the one name it has from the transport that reads it to the page that shows
// it: text, reasoning, a whole tool call, or the end with the usage. And the reader that turns one
// interface's events into pieces.
import type { Usage } from '../catalog/schemas';
import type { SseEvent } from './sseDecoder';

export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as JSON text. */
  arguments: string;
}

/**
 * A Messages thinking block as the interface sent it: sent back unchanged, since it checks the
 * signature (or a redacted block's data) of every block in front of the tool calls they led to.
 */
export type ThinkingBlock = { type: 'thinking'; thinking: string; signature: string } | { type: 'redacted_thinking'; data: string };

/** Finish reasons in the chat-completions vocabulary, whatever the interface said. */
export type FinishReason = 'stop' | 'length' | 'tool_calls' | (string & {});

export type ReplyPart =
  | { type: 'delta'; text: string }
  | { type: 'reasoning'; text: string }
  /** A tool call whose arguments are complete. */
  | { type: 'tool_call'; call: ToolCall }
  | { type: 'end'; finishReason: FinishReason | null; usage?: Usage; reasoningBlocks?: ThinkingBlock[]; requestId?: string };

/** What a reader passes over unread: a block, output item or content part of a type it does not use, or a finish reason it does not know (read as stop). */
export type SkippedKind = 'block' | 'item' | 'part' | 'finish reason';

/**
 * Told of each thing a reader passes over, by kind and the server's name for it. Called only
 * when something is skipped, with strings the reply already holds: the reading of text costs
 * nothing more. The caller logs each once per model (docs/SERVICE.md, "Replies").
 */
export type OnSkipped = (kind: SkippedKind, name: string) => void;

/** The log line for what a reader of `model`'s reply passed over. */
export function skippedLine(model: string, kind: SkippedKind, name: string): string {
  return kind === 'finish reason'
    ? `Reply: ${model} ended with the finish reason "${name}", which is not known; it is read as stop.`
    : `Reply: ${model} sent ${kind === 'item' ? 'an' : 'a'} ${kind} of type ${name}, which is not used; it was skipped.`;
}

/** One interface's reading of one streamed reply. */
export interface StreamReader {
  /** Adds the parts `event` completes; true once the reply is complete. Throws a StreamFault (eventStream.ts). */
  read(event: SseEvent, parts: ReplyPart[]): boolean;
  /** The bytes ended without a completing event: the end part, or a `truncated` fault. */
  end(): ReplyPart;
}
