// Bytes of a streamed reply -> typed parts: bytes -> lines -> SSE events -> the transport's
// reader. Unlike the vendor SDKs, a stream that ends before the reply says it finished is a
// fault, not a quiet success; so is an event that cannot be read (we stop: text after an
// unreadable event could have a hole). The caller turns faults into ServiceErrors.
import type * as z from 'zod/mini';
import { LineDecoder } from './lineDecoder';
import { SseDecoder, type SseEvent } from './sseDecoder';
import type { ReplyPart, StreamReader } from './replyPart';
import { ErrorBodySchema } from '../catalog/schemas';

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

/**
 * Yields the parts each network chunk completes, as one batch: a chunk often holds dozens of
 * deltas, and one await per batch instead of per delta keeps long streams cheap. The first part
 * of each kind goes out as soon as it is decoded, with what came before it: the first words
 * must not wait for the rest of their chunk to be parsed (a fast server packs a whole short
 * reply into one chunk), and the answer's first words must not wait behind its reasoning's.
 */
export async function* decodeEventStream(source: AsyncIterable<Uint8Array>, reader: StreamReader): AsyncGenerator<ReplyPart[], void, undefined> {
  const lines = new LineDecoder();
  const sse = new SseDecoder();
  let done = false;
  /** The kinds of part already sent. */
  const sent: Record<ReplyPart['type'], boolean> = { delta: false, reasoning: false, tool_call: false, end: false };

  for await (const bytes of source) {
    if (done) continue; // drain what follows the end so the connection can be reused
    const parts: ReplyPart[] = [];
    lines.push(bytes);
    try {
      for (let line = lines.next(); line !== undefined; line = lines.next()) {
        const event = sse.push(line);
        if (event === undefined) continue;
        const before = parts.length;
        if (reader.read(event, parts)) {
          done = true;
          break;
        }
        if (parts.length > before && firstOfItsKind(parts, before, sent)) yield parts.splice(0);
      }
    } catch (fault) {
      // The parts before the fault still reach the caller, then the fault.
      if (parts.length > 0) yield parts;
      throw fault;
    }
    if (parts.length > 0) yield parts;
  }
  if (done) return;
  // An event cut off without its blank line is incomplete (WHATWG rules): it is dropped.
  yield [reader.end()];
}

/** Whether a part from `from` on is the first of its kind (noting it as sent). */
function firstOfItsKind(parts: readonly ReplyPart[], from: number, sent: Record<ReplyPart['type'], boolean>): boolean {
  let first = false;
  for (let i = from; i < parts.length; i++) {
    const { type } = parts[i]!;
    if (!sent[type]) {
      sent[type] = true;
      first = true;
    }
  }
  return first;
}

/** The event's JSON; an error event (by name or by an `error` member) becomes an error_event fault. */
export function eventJson(event: SseEvent): unknown {
  let json: unknown;
  try {
    json = JSON.parse(event.data);
  } catch {
    if (event.event === 'error') throw new StreamFault('error_event');
    throw new StreamFault('malformed', undefined, 'a data line is not JSON');
  }
  const carriesError = typeof json === 'object' && json !== null && (json as { error?: unknown }).error != null;
  if (event.event === 'error' || carriesError) throw errorFault(json);
  return json;
}

/**
 * The service's `{ error: { code, message } }`, the Messages `{ error: { type, message } }`, or
 * the Responses `{ type: "error", code, message }`.
 */
export function errorFault(json: unknown): StreamFault {
  const hasError = (json as { error?: unknown } | null)?.error != null;
  const parsed = ErrorBodySchema().safeParse(hasError ? json : { error: json });
  const detail = parsed.success ? parsed.data.error : undefined;
  return new StreamFault('error_event', detail?.code ?? detail?.type ?? undefined, detail?.message ?? undefined);
}

/** A parsed event that does not have the shape its type promises. */
export const malformed = (what: string): StreamFault => new StreamFault('malformed', undefined, `${what} has an unexpected shape`);

/** The event read with `schema`; an error event or a wrong shape is a fault. */
export function readEvent<T>(event: SseEvent, schema: z.ZodMiniType<T>, what = 'an event'): T {
  return checked(eventJson(event), schema, what);
}

/**
 * The event checked against the schema of its own `type` (each schema names its type as a
 * literal), or undefined for a type not among `schemas` (a ping, or a type the interface added
 * since), which is not read at all.
 */
export function readTypedEvent<S extends Record<string, z.ZodMiniType>>(event: SseEvent, schemas: S, what = 'an event'): z.infer<S[keyof S]> | undefined {
  const json = eventJson(event);
  const type = (json as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') throw malformed(what);
  if (!Object.hasOwn(schemas, type)) return undefined;
  return checked(json, schemas[type]!, what) as z.infer<S[keyof S]>;
}

/** An event's JSON as `schema` has it, or a malformed fault. */
function checked<T>(json: unknown, schema: z.ZodMiniType<T>, what: string): T {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw malformed(what);
  return parsed.data;
}

/** For interfaces whose replies always end with a completing event: bytes that end first are a cut. */
export function truncated(): never {
  throw new StreamFault('truncated');
}
