// Ask Another Model: answers from other models to a message, added beside the answer on screen
// (siblings in the conversation's tree, conversationTree.ts) and streamed at the same time. Each
// is one request and one generation; the same conversation is trimmed to each model's own
// context window by the streaming loop.
import { newId, type AssistantTurn, type Conversation, type Turn, type UserTurn } from '../conversation/conversation';
import { addBeside } from '../conversation/conversationTree';
import type { ToPageInput } from '../protocol/protocol';
import type { AnswerDeps } from './answerer';
import { answererOf } from './askedTurns';

/** At most this many models answer at once. */
export const MAX_OTHER_MODELS = 3;

/** An empty answer, streaming from now. */
export function streamingReply(): AssistantTurn {
  return { id: newId('a'), role: 'assistant', text: '', status: 'streaming', createdAt: new Date().toISOString() };
}

/** `show` that notes on `reply` how long its first text took to come, from now. */
export function timed(reply: AssistantTurn, show: (message: ToPageInput) => void): (message: ToPageInput) => void {
  const start = Date.now();
  return (message) => {
    if (message.type === 'reply/delta' && reply.firstTokenMs === undefined) reply.firstTokenMs = Date.now() - start;
    show(message);
  };
}

/** The message the answer `answerId` on the path answers, with the turns before it; undefined when there is none, or it made images. */
export function askedFor(conversation: Conversation, answerId: string): { ask: UserTurn; asked: Turn[] } | undefined {
  const at = conversation.turns.findIndex((turn) => turn.id === answerId);
  const ask = conversation.turns[at - 1];
  if (at < 1 || conversation.turns[at]?.role !== 'assistant' || ask?.role !== 'user' || ask.mode === 'image') return undefined;
  return { ask, asked: conversation.turns.slice(0, at) };
}

/** Adds a streaming answer per model (at most MAX_OTHER_MODELS) beside the answers to `ask`. */
export function repliesBeside(conversation: Conversation, ask: UserTurn, models: readonly string[]): AssistantTurn[] {
  return models.slice(0, MAX_OTHER_MODELS).map((model) => {
    const reply = { ...streamingReply(), model };
    addBeside(conversation, reply, ask.id);
    return reply;
  });
}

export interface BesideJob {
  ask: UserTurn;
  asked: Turn[];
  replies: readonly AssistantTurn[];
  signal: AbortSignal;
  show(message: ToPageInput): void;
}

/** Streams each reply from its model at once; `ended` is called as each ends, and all end before this resolves. */
export async function answerBeside(job: BesideJob, deps: AnswerDeps, ended: (reply: AssistantTurn) => Promise<void>): Promise<void> {
  const { answer, argument } = answererOf(job.ask);
  await Promise.all(
    job.replies.map(async (reply) => {
      const { model } = reply;
      await answer({ ...job, argument, reply, show: timed(reply, job.show) }, { ...deps, connect: () => deps.connect(model) });
      await ended(reply);
    }),
  );
}
