// Two windows adding to one conversation: when a window saves a conversation whose file
// another window has written since, the two are merged turn by turn, by id, against what
// this window last read or wrote of it (its base). A turn either window added is kept; a turn
// either removed (Retry, Regenerate, Edit replace turns) stays removed; a turn changed in one
// window only (an answer that ended there) takes that window's version; the turns are in the
// order they were made.
import type { Conversation, Turn } from '../conversation/conversation';

/** What a window last read or wrote of a conversation: its title and a fingerprint of each turn. */
export interface MergeBase {
  title: string;
  turns: ReadonlyMap<string, string>;
}

/** Changes when a turn does as it streams and ends; cheap to keep for every turn. */
function fingerprint(turn: Turn): string {
  return turn.role === 'user' ? `u${turn.text.length}` : `a${turn.status}:${turn.text.length}:${turn.images?.length ?? 0}:${turn.error ? 1 : 0}`;
}

export function baseOf(conversation: Conversation): MergeBase {
  return { title: conversation.title, turns: new Map(conversation.turns.map((turn) => [turn.id, fingerprint(turn)])) };
}

export function mergeTurns(base: MergeBase | undefined, ours: readonly Turn[], theirs: readonly Turn[]): Turn[] {
  const theirsById = new Map(theirs.map((turn) => [turn.id, turn]));
  const oursIds = new Set(ours.map((turn) => turn.id));
  const merged: Turn[] = [];
  for (const turn of ours) {
    const other = theirsById.get(turn.id);
    if (!other) {
      if (!base?.turns.has(turn.id)) merged.push(turn);
      continue;
    }
    const unchangedHere = base?.turns.get(turn.id) === fingerprint(turn);
    merged.push(unchangedHere ? other : turn);
  }
  for (const turn of theirs) if (!oursIds.has(turn.id) && !base?.turns.has(turn.id)) merged.push(turn);
  // Stable: turns made at the same instant keep this window's order.
  return merged
    .map((turn, at) => ({ turn, at }))
    .sort((a, b) => (a.turn.createdAt < b.turn.createdAt ? -1 : a.turn.createdAt > b.turn.createdAt ? 1 : a.at - b.at))
    .map(({ turn }) => turn);
}

/** Our conversation with the turns and name another window stored since `base` merged in. */
export function mergeConversations(base: MergeBase | undefined, ours: Conversation, theirs: Conversation): Conversation {
  const renamedThere = base !== undefined && ours.title === base.title && theirs.title !== base.title;
  return {
    ...ours,
    title: renamedThere ? theirs.title : ours.title,
    createdAt: ours.createdAt < theirs.createdAt ? ours.createdAt : theirs.createdAt,
    updatedAt: ours.updatedAt > theirs.updatedAt ? ours.updatedAt : theirs.updatedAt,
    turns: mergeTurns(base, ours.turns, theirs.turns),
  };
}
