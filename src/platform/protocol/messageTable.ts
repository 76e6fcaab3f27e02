// What every page protocol is made of: one table per direction, each message `{ type,
// ...payload }` with its payload's zod schema (built on first use). Both sides decode what they
// receive with the table: a message of a type the table lacks, or whose payload its schema
// refuses, is dropped with the reason, for the log; the host also checks what it posts.
import type * as z from 'zod/mini';
import { safeParseInEnglish } from './zodIssueText';

/** Message type -> its payload's schema. */
export type MessageTable = Record<string, () => z.ZodMiniType>;
/** zod types an empty object as Record<string, never>, which would swallow `type`. */
type Payload<P> = string extends keyof P ? unknown : P;
/** `{ type, ...payload }` for every entry of a table, as decoded. */
export type MessageOf<T extends MessageTable> = { [K in keyof T & string]: { type: K } & Payload<z.output<ReturnType<T[K]>>> }[keyof T & string];
/** `{ type, ...payload }` for every entry of a table, before its schema has checked it. */
export type MessageIn<T extends MessageTable> = { [K in keyof T & string]: { type: K } & Payload<z.input<ReturnType<T[K]>>> }[keyof T & string];

export type Decoded<M> = { ok: true; message: M } | { ok: false; reason: string };

export function decodeMessage<T extends MessageTable>(table: T, raw: unknown): Decoded<MessageOf<T>> {
  if (typeof raw !== 'object' || raw === null) return { ok: false, reason: 'not an object' };
  const type = (raw as { type?: unknown }).type;
  if (typeof type !== 'string' || !Object.hasOwn(table, type)) {
    return { ok: false, reason: `unknown type ${JSON.stringify(type)?.slice(0, 60) ?? 'undefined'}` };
  }
  const { type: _type, ...fields } = raw as Record<string, unknown>;
  const parsed = safeParseInEnglish(table[type]!(), fields);
  if (!parsed.success) return { ok: false, reason: `malformed ${type}: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
  return { ok: true, message: { type, ...(parsed.data as object) } as MessageOf<T> };
}

/** Checks a message the host is about to post to `page` (and strips what the schema leaves out); throws on one its table refuses. */
export function encodeMessage<T extends MessageTable>(table: T, message: MessageIn<T>, page: string): MessageOf<T> {
  const decoded = decodeMessage(table, message);
  if (!decoded.ok) throw new Error(`Refusing to post an invalid message to ${page}: ${decoded.reason}`);
  return decoded.message;
}
