// What the page asks for of the open conversation after it showed it: the turns before the first
// it was sent (once those are painted), and an answer's text when its tab is first opened (the
// tabs are sent without the text of the answers off the path, firstTurns.ts).
import type { ToHost, ToPageInput } from '../common/protocol/protocol';
import type { OpenConversation } from '../common/session/openConversation';

type Asked = Extract<ToHost, { type: 'conversation/earlier' | 'conversation/answer' }>;

/** Posts what the page asked for, if the conversation it named is still the open one and has it. */
export function postRequestedTurns(session: Pick<OpenConversation, 'answer' | 'earlierTurns'>, asked: Asked, page: { post(message: ToPageInput): void }): void {
  if (asked.type === 'conversation/earlier') {
    const turns = session.earlierTurns(asked.id, asked.before);
    if (turns) page.post({ type: 'conversation/earlier', id: asked.id, before: asked.before, turns });
    return;
  }
  const turn = session.answer(asked.id, asked.answerId);
  if (turn) page.post({ type: 'conversation/answer', id: asked.id, turn });
}
