// A conversation is a tree of turns. A message's answers are siblings (Regenerate and Ask
// Another Model add more); an edited earlier message is a sibling of the message it was edited
// from, a branch. What is on screen is one path through the tree, kept as `turns` (each follows
// the one before it, as a conversation stored before there were branches does); every other
// turn is kept in `others`, each with the id of the turn it follows. At a fork the path takes the
// child the person chose last, or else the first one made.
import type { Conversation, Turn } from './conversation';

/** The parent of the turns that start a conversation. */
export const START = '';

/** The path and the rest of the tree, as a conversation keeps them. */
export type Tree = Pick<Conversation, 'turns' | 'others'>;

/** Every turn of the tree: the path, then the rest. */
export function allTurns(tree: Tree): Turn[] {
  return tree.others?.length ? [...tree.turns, ...tree.others] : tree.turns;
}

/** Each turn's parent: on the path the turn before it, elsewhere the one it names. */
export function parentsOf(tree: Tree): Map<string, string> {
  const parents = new Map<string, string>();
  tree.turns.forEach((turn, at) => parents.set(turn.id, tree.turns[at - 1]?.id ?? START));
  for (const turn of tree.others ?? []) if (!parents.has(turn.id)) parents.set(turn.id, turn.parentId ?? START);
  return parents;
}

const byCreation = (a: Turn, b: Turn): number => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0);

/** The children of each turn (and of START), in the order they were made. */
function childrenOf(turns: readonly Turn[], parents: ReadonlyMap<string, string>): Map<string, Turn[]> {
  const children = new Map<string, Turn[]>();
  for (const turn of turns) {
    const parent = parents.get(turn.id) ?? START;
    const list = children.get(parent);
    if (list) list.push(turn);
    else children.set(parent, [turn]);
  }
  for (const list of children.values()) list.sort(byCreation);
  return children;
}

/** The child the path goes on with: the one chosen last, else the first made. */
function chosenChild(children: readonly Turn[] | undefined): Turn | undefined {
  let chosen = children?.[0];
  for (const child of children ?? []) if ((child.chosenAt ?? '') > (chosen?.chosenAt ?? '')) chosen = child;
  return chosen;
}

/**
 * Lays `turns` out as a tree whose path starts with `path` (as far as its turns are still there,
 * each following the one before) and goes on by the children chosen; the rest, if reachable from
 * the start, goes to `others` with its parent named. A turn whose parent is gone follows that
 * turn's parent; one no path reaches (a damaged file names a loop) is left out. Sets each turn's
 * `parentId` to fit.
 */
export function arrange(turns: readonly Turn[], known: ReadonlyMap<string, string>, path: readonly string[]): Required<Tree> {
  const byId = new Map(turns.map((turn) => [turn.id, turn]));
  const parents = new Map<string, string>();
  for (const turn of turns) {
    let parent = known.get(turn.id) ?? START;
    for (let hops = 0; parent !== START && !byId.has(parent); hops++) parent = hops > known.size ? START : (known.get(parent) ?? START);
    parents.set(turn.id, parent);
  }
  const children = childrenOf(turns, parents);
  const shown: Turn[] = [];
  for (const id of path) {
    const turn = byId.get(id);
    if (!turn || (parents.get(id) ?? START) !== (shown.at(-1)?.id ?? START)) break;
    shown.push(turn);
  }
  for (let next = chosenChild(children.get(shown.at(-1)?.id ?? START)); next; next = chosenChild(children.get(next.id))) shown.push(next);
  const onPath = new Set(shown.map((turn) => turn.id));
  const others: Turn[] = [];
  const reach = (parent: string): void => {
    for (const child of children.get(parent) ?? []) {
      if (!onPath.has(child.id)) {
        const parentId = parents.get(child.id);
        if (parentId) child.parentId = parentId;
        else delete child.parentId;
        others.push(child);
      }
      reach(child.id);
    }
  };
  reach(START);
  for (const turn of shown) delete turn.parentId;
  others.sort(byCreation);
  return { turns: shown, others };
}

/** Puts `tree`'s parts in `conversation`, with no `others` when there are none. */
export function placeTree(conversation: Tree, tree: Required<Tree>): void {
  conversation.turns = tree.turns;
  if (tree.others.length > 0) conversation.others = tree.others;
  else delete conversation.others;
}

/**
 * Shows the path through the turn `id`: the turns it follows, the turn, then the children chosen.
 * With `chosenAt`, the turn is the one chosen at its fork from then on. False when there is no such turn.
 */
export function showPath(conversation: Tree, id: string, chosenAt?: string): boolean {
  const parents = parentsOf(conversation);
  const all = allTurns(conversation);
  const turn = all.find((candidate) => candidate.id === id);
  if (!turn) return false;
  if (chosenAt) turn.chosenAt = chosenAt;
  const path: string[] = [];
  for (let at = id; at !== START && path.length <= all.length; at = parents.get(at) ?? START) path.unshift(at);
  placeTree(conversation, arrange(all, parents, path));
  return true;
}

/** Moves the path's turns from `index` on off the path, kept in `others`: a new turn can take their place. */
export function leavePath(conversation: Tree, index: number): void {
  const parents = parentsOf(conversation);
  const left = conversation.turns.slice(index);
  for (const turn of left) {
    const parentId = parents.get(turn.id);
    if (parentId) turn.parentId = parentId;
    else delete turn.parentId;
  }
  conversation.turns = conversation.turns.slice(0, index);
  if (left.length > 0) conversation.others = [...(conversation.others ?? []), ...left].sort(byCreation);
}

/** Adds `turn` off the path, following the turn `parentId`: another answer that does not take the path. */
export function addBeside(conversation: Tree, turn: Turn, parentId: string): void {
  turn.parentId = parentId;
  conversation.others = [...(conversation.others ?? []), turn];
}

/** For each turn with siblings, the turns that share its parent and role (it among them), in the order they were made. */
export function siblingGroups(tree: Tree): Map<string, Turn[]> {
  const groups = new Map<string, Turn[]>();
  for (const children of childrenOf(allTurns(tree), parentsOf(tree)).values()) {
    for (const role of ['user', 'assistant'] as const) {
      const siblings = children.filter((turn) => turn.role === role);
      if (siblings.length > 1) for (const turn of siblings) groups.set(turn.id, siblings);
    }
  }
  return groups;
}
