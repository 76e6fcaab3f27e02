// An answer's text for the page that opened its tab: a conversation's tabs are sent without the
// text of the answers off the path (firstTurns.ts), and each is sent when it is first shown.
import type { ToHost, ToPageInput } from '../common/protocol/protocol';
import type { OpenConversation } from '../common/session/openConversation';

/** Posts the answer the page asked for, if the conversation it named is still the open one. */
export function postAnswerText(
  session: Pick<OpenConversation, 'answer'>,
  asked: Extract<ToHost, { type: 'conversation/answer' }>,
  page: { post(message: ToPageInput): void },
): void {
  const turn = session.answer(asked.id, asked.answerId);
  if (turn) page.post({ type: 'conversation/answer', id: asked.id, turn });
}
