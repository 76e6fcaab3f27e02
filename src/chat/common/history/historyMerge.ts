// Two windows adding to one conversation: when a window saves a conversation whose file
// another window has written since, the two are merged turn by turn, by id, against what
// this window last read or wrote of it (its base). A turn either window added is kept; a turn
// either removed (Retry, Regenerate, Edit replace turns) stays removed; a turn changed in one
// window only (an answer that ended there) takes that window's version; the turns are in the
// order they were made. The turns are the whole tree's (conversationTree.ts): two windows adding
// to different branches keep both, and each window keeps the path it shows.
import type { Conversation, Turn } from '../conversation/conversation';
import { allTurns, arrange, parentsOf, type Tree } from '../conversation/conversationTree';

/** What a window last read or wrote of a conversation: its title and a fingerprint of each turn. */
export interface MergeBase {
  title: string;
  turns: ReadonlyMap<string, string>;
}

/** Changes when a turn does as it streams and ends, or is chosen at its fork; cheap to keep for every turn. */
function fingerprint(turn: Turn): string {
  const chosen = turn.chosenAt ?? '';
  return turn.role === 'user'
    ? `u${turn.text.length}:${chosen}`
    : `a${turn.status}:${turn.text.length}:${turn.images?.length ?? 0}:${turn.error ? 1 : 0}:${chosen}`;
}

export function baseOf(conversation: Conversation): MergeBase {
  return { title: conversation.title, turns: new Map(allTurns(conversation).map((turn) => [turn.id, fingerprint(turn)])) };
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

/** Whether the two windows show one branch: no turn either shows is off the path in the other. */
function onePath(ours: Conversation, theirs: Conversation): boolean {
  const shows = (conversation: Conversation) => new Set(conversation.turns.map((turn) => turn.id));
  const holds = (conversation: Conversation) => new Set(allTurns(conversation).map((turn) => turn.id));
  const fits = (path: readonly Turn[], shown: Set<string>, held: Set<string>) => path.every((turn) => shown.has(turn.id) || !held.has(turn.id));
  return fits(ours.turns, shows(theirs), holds(theirs)) && fits(theirs.turns, shows(ours), holds(ours));
}

/**
 * The tree of both windows' turns. On one branch, the path is merged as a list (turns both added
 * at its end follow each other in time, as in a conversation without branches); on two, each
 * turn keeps its parent and the path stays ours, as far as its turns are kept.
 */
function mergeTrees(base: MergeBase | undefined, ours: Conversation, theirs: Conversation): Required<Tree> {
  // Copies: laying the tree out sets each turn's parent, and ours are the open conversation's.
  const copies = (turns: Turn[]) => turns.map((turn) => ({ ...turn }));
  if (onePath(ours, theirs)) {
    const path = copies(mergeTurns(base, ours.turns, theirs.turns));
    const others = copies(mergeTurns(base, ours.others ?? [], theirs.others ?? []));
    return arrange(
      [...path, ...others],
      parentsOf({ turns: path, others }),
      path.map((turn) => turn.id),
    );
  }
  const parents = new Map([...parentsOf(theirs), ...parentsOf(ours)]);
  const turns = copies(mergeTurns(base, allTurns(ours), allTurns(theirs)));
  return arrange(
    turns,
    parents,
    ours.turns.map((turn) => turn.id),
  );
}

/** Our conversation with the turns (in every branch) and name another window stored since `base` merged in. */
export function mergeConversations(base: MergeBase | undefined, ours: Conversation, theirs: Conversation): Conversation {
  const renamedThere = base !== undefined && ours.title === base.title && theirs.title !== base.title;
  const tree = mergeTrees(base, ours, theirs);
  const { others: _others, ...rest } = ours;
  return {
    ...rest,
    title: renamedThere ? theirs.title : ours.title,
    createdAt: ours.createdAt < theirs.createdAt ? ours.createdAt : theirs.createdAt,
    updatedAt: ours.updatedAt > theirs.updatedAt ? ours.updatedAt : theirs.updatedAt,
    turns: tree.turns,
    ...(tree.others.length > 0 ? { others: tree.others } : {}),
  };
}
