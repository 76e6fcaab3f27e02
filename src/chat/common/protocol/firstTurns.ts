// What the page is first sent of a conversation, and the turns it asks for after. Apart from
// protocol.ts (zod) so that a page playing the host (the history benchmark) sends the same
// without bundling the schemas.
import type { AssistantTurn, Conversation, Turn } from '../conversation/conversation';
import { allTurns, siblingGroups, type Tree } from '../conversation/conversationTree';
import type { AnswerTab, ConversationViewInput, TurnViewInput } from './protocol';

/**
 * How many of a conversation's latest turns its first message to the page holds: more than a
 * tall view shows. A long history's older turns (a megabyte for 200) would cost the page its
 * first paint to receive; it asks for them once it has painted these (`conversation/earlier`).
 */
export const FIRST_TURNS = 20;

/** `conversation` as the page is first sent it: its latest turns, and how many came before. */
export function conversationView(conversation: Pick<Conversation, 'id' | 'title' | 'turns' | 'others'>): ConversationViewInput {
  const { id, title, turns } = conversation;
  const earlier = Math.max(0, turns.length - FIRST_TURNS);
  return { id, title, turns: turnViews(conversation, turns.slice(earlier)), earlier };
}

/** `answer`'s tab: its label's parts, and its text only while it streams (the page asks for another's when its tab opens). */
export function answerTab(answer: AssistantTurn): AnswerTab {
  const { id, role, status, model, usage, costRub, firstTokenMs, createdAt } = answer;
  return { id, role, status, model, usage, costRub, firstTokenMs, createdAt, ...(status === 'streaming' && { text: answer.text }) };
}

/** The answer `id` anywhere in `tree`, if it has one. */
export function answerIn(tree: Tree, id: string): AssistantTurn | undefined {
  const turn = allTurns(tree).find((candidate) => candidate.id === id);
  return turn?.role === 'assistant' ? turn : undefined;
}

/** Turns of `tree`'s path as the page is sent them: each answer with the tabs of every answer to its message, each message with its place among its branches. */
export function turnViews(tree: Tree, turns: readonly Turn[]): TurnViewInput[] {
  if (!tree.others?.length) return [...turns];
  const groups = siblingGroups(tree);
  return turns.map((turn) => {
    const siblings = groups.get(turn.id);
    if (!siblings) return turn;
    if (turn.role === 'assistant') return { ...turn, answers: siblings.flatMap((sibling) => (sibling.role === 'assistant' ? [answerTab(sibling)] : [])) };
    const at = siblings.indexOf(turn);
    return { ...turn, branch: { at: at + 1, of: siblings.length, previous: siblings[at - 1]?.id, next: siblings[at + 1]?.id } };
  });
}

/** The turns before the one with id `before` (what the page asks for after the first ones), if there is that turn. */
export function turnsBefore<T extends { id: string }>(turns: readonly T[], before: string): T[] | undefined {
  const index = turns.findIndex((turn) => turn.id === before);
  return index < 0 ? undefined : turns.slice(0, index);
}
