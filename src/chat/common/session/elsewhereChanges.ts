// What other windows do to the conversation open here: the turns (in every branch) and name they
// store are taken in, keeping this window's own turn objects (one may be streaming); and one they delete while
// it is answered here is kept here as a new conversation, since the question and the answer
// paid for are stored nowhere else.
import * as l10n from '@vscode/l10n';
import { newId, type Conversation, type Turn } from '../conversation/conversation';
import type { ConversationStore } from '../conversation/conversationStore';
import { allTurns, arrange, parentsOf, type Tree } from '../conversation/conversationTree';
import type { ToPageInput } from '../protocol/protocol';

/** What the store says of a save. */
export type Saved = Awaited<ReturnType<ConversationStore['save']>>;

/**
 * The stored tree with this window's own turn objects in their place, on the path shown here as
 * far as its turns are kept (and on into turns added after it); undefined when it is the same.
 */
export function adoptedTree(own: Tree, stored: Tree): Required<Tree> | undefined {
  const byId = new Map(allTurns(own).map((turn) => [turn.id, turn]));
  const turns = allTurns(stored).map((turn) => byId.get(turn.id) ?? turn);
  const tree = arrange(
    turns,
    new Map([...parentsOf(own), ...parentsOf(stored)]),
    own.turns.map((turn) => turn.id),
  );
  const same = (mine: readonly Turn[] = [], theirs: readonly Turn[] = []) => mine.length === theirs.length && mine.every((turn, at) => turn === theirs[at]);
  return same(own.turns, tree.turns) && same(own.others, tree.others) ? undefined : tree;
}

/** Whether the save found the conversation deleted in another window: nothing was stored. */
export const deletedElsewhere = (saved: Saved): boolean => saved !== undefined && 'deletedElsewhere' in saved;

/** Gives a conversation deleted elsewhere a new id, marked as kept after its deletion, to be stored again. */
export function markKept(conversation: Conversation): void {
  conversation.id = newId('c');
  conversation.keptAfterDeletion = true;
  conversation.updatedAt = new Date().toISOString();
}

export interface KeptNotice {
  log?(line: string): void;
  post(message: ToPageInput): void;
  inform?(message: string, ...buttons: string[]): Promise<string | undefined>;
}

/** Says once that a conversation deleted elsewhere was kept here, offering to delete it here too. */
export function tellKept(conversation: Conversation, deletedId: string, deps: KeptNotice, remove: (id: string) => Promise<void>): void {
  const { id, title } = conversation;
  deps.log?.(`Chat: ${deletedId} was deleted in another window while it was being answered here; kept here as ${id}.`);
  const message = l10n.t('"{0}" was deleted in another window while it was being answered here. It is kept here as a new conversation.', title);
  if (!deps.inform) return deps.post({ type: 'notice/show', level: 'info', message });
  const here = l10n.t('Delete It Here Too');
  void deps.inform(message, here).then((choice) => (choice === here ? remove(id) : undefined));
}
