// What the page is first sent of a conversation, and the turns it asks for after. Apart from
// protocol.ts (zod) so that a page playing the host (the history benchmark) sends the same
// without bundling the schemas.
import type { Conversation } from '../conversation/conversation';
import type { ConversationViewInput } from './protocol';

/**
 * How many of a conversation's latest turns its first message to the page holds: more than a
 * tall view shows. A long history's older turns (a megabyte for 200) would cost the page its
 * first paint to receive; it asks for them once it has painted these (`conversation/earlier`).
 */
export const FIRST_TURNS = 20;

/** `conversation` as the page is first sent it: its latest turns, and how many came before. */
export function conversationView({ id, title, turns }: Pick<Conversation, 'id' | 'title' | 'turns'>): ConversationViewInput {
  const earlier = Math.max(0, turns.length - FIRST_TURNS);
  return { id, title, turns: turns.slice(earlier), earlier };
}

/** The turns before the one with id `before` (what the page asks for after the first ones), if there is that turn. */
export function turnsBefore<T extends { id: string }>(turns: readonly T[], before: string): T[] | undefined {
  const index = turns.findIndex((turn) => turn.id === before);
  return index < 0 ? undefined : turns.slice(0, index);
}
