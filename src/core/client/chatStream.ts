// Bytes of a streamed chat completion -> typed parts: bytes -> lines -> SSE events -> chunks.
// Unlike openai-node, a stream that ends without `[DONE]` and without a finish_reason is a
// fault, not a quiet success. A data line that is not a valid chunk is a fault too (we stop:
// text after an unreadable chunk could have a hole). The caller turns faults into ServiceErrors.
import { LineDecoder } from './lineDecoder';
import { SseDecoder, type SseEvent } from './sseDecoder';
import { ChatChunkSchema, ErrorBodySchema, type Usage } from './schemas';

export type ChatStreamPart =
  | { type: 'delta'; text: string }
  | { type: 'end'; finishReason: string | null; usage?: Usage };

export type StreamFaultReason = 'error_event' | 'malformed' | 'truncated';

export class StreamFault extends Error {
  constructor(
    readonly reason: StreamFaultReason,
    readonly code?: string,
    readonly serviceMessage?: string,
  ) {
    super(`stream ${reason}${code ? ` (${code})` : ''}${serviceMessage ? `: ${serviceMessage}` : ''}`);
    this.name = 'StreamFault';
  }
}

const DONE = '[DONE]';

/**
 * Yields the parts each network chunk completes, as one batch: a chunk often holds dozens of
 * deltas, and one await per batch instead of per delta keeps long streams cheap. The very first
 * delta goes out alone, as soon as it is decoded: the first words must not wait for the rest of
 * their chunk to be parsed (a fast server packs a whole short reply into one chunk).
 */
export async function* decodeChatStream(source: AsyncIterable<Uint8Array>): AsyncGenerator<ChatStreamPart[], void, undefined> {
  const lines = new LineDecoder();
  const sse = new SseDecoder();
  const state: { finishReason: string | null; usage?: Usage } = { finishReason: null };
  let sawFinish = false;
  let done = false;
  let firstDeltaSent = false;

  for await (const bytes of source) {
    if (done) continue; // drain what follows [DONE] so the connection can be reused
    const parts: ChatStreamPart[] = [];
    try {
      for (const line of lines.decode(bytes)) {
        const event = sse.push(line);
        if (event === undefined) continue;
        if (event.data === DONE) {
          done = true;
          parts.push(endPart(state));
          break;
        }
        const chunk = parseChunk(event);
        for (const choice of chunk.choices) {
          const text = choice.delta?.content;
          if (text) parts.push({ type: 'delta', text });
          if (choice.finish_reason) {
            state.finishReason = choice.finish_reason;
            sawFinish = true;
          }
        }
        if (chunk.usage) state.usage = chunk.usage;
        if (!firstDeltaSent && parts.length > 0) {
          firstDeltaSent = true;
          yield parts.splice(0);
        }
      }
    } catch (fault) {
      // The deltas before the fault still reach the caller, then the fault.
      if (parts.length > 0) yield parts;
      throw fault;
    }
    if (parts.length > 0) yield parts;
  }
  if (done) return;
  // An event cut off without its blank line is incomplete (WHATWG rules): it is dropped.
  lines.flush();
  if (!sawFinish) throw new StreamFault('truncated');
  yield [endPart(state)];
}

function endPart(state: { finishReason: string | null; usage?: Usage }): ChatStreamPart {
  return state.usage ? { type: 'end', finishReason: state.finishReason, usage: state.usage } : { type: 'end', finishReason: state.finishReason };
}

function parseChunk(event: SseEvent) {
  let json: unknown;
  try {
    json = JSON.parse(event.data);
  } catch {
    if (event.event === 'error') throw new StreamFault('error_event');
    throw new StreamFault('malformed', undefined, 'a data line is not JSON');
  }
  const carriesError = typeof json === 'object' && json !== null && (json as { error?: unknown }).error != null;
  if (event.event === 'error' || carriesError) {
    const error = ErrorBodySchema.safeParse(json);
    const detail = error.success ? error.data.error : undefined;
    throw new StreamFault('error_event', detail?.code ?? undefined, detail?.message ?? undefined);
  }
  const chunk = ChatChunkSchema.safeParse(json);
  if (!chunk.success) throw new StreamFault('malformed', undefined, 'a chunk has an unexpected shape');
  return chunk.data;
}
