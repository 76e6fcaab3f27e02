// The messages a reply is asked with: the system prompt, then each user message with the
// one answer that stands for it. Failed and interrupted answers are left out, so the model
// never continues from a broken text; a regenerated answer replaces the one before it.
// `/image` messages and their images are not text for a model: they are left out too.
import type { TextMessage } from '../client/textRequest';
import { buildExplainPrompt } from './explainPrompt';
import { userContent } from './contextBlock';
import type { Turn, UserTurn } from './conversation';

export const SYSTEM_PROMPT =
  'You are a programming assistant inside VS Code. Answer in Markdown. Put code in fenced blocks that name ' +
  'their language. Be accurate and concise; say so when you are not sure.';

export function userMessageContent(turn: UserTurn): string {
  const [first] = turn.context;
  if (turn.mode === 'explain' && first) return buildExplainPrompt(first);
  return userContent(turn.text, turn.context);
}

/** Messages for a reply to everything in `turns` (which ends with the user turn being answered). */
export function requestMessages(turns: readonly Turn[]): TextMessage[] {
  const messages: TextMessage[] = [{ role: 'system', content: SYSTEM_PROMPT }];
  let answer: string | undefined;
  const flush = () => {
    if (answer !== undefined) messages.push({ role: 'assistant', content: answer });
    answer = undefined;
  };
  let drawing = false;
  for (const turn of turns) {
    if (turn.role === 'user') drawing = turn.mode === 'image';
    if (drawing) continue;
    if (turn.role === 'user') {
      flush();
      messages.push({ role: 'user', content: userMessageContent(turn) });
    } else if ((turn.status === 'done' || turn.status === 'stopped') && turn.text !== '') {
      answer = turn.text;
    }
  }
  flush();
  return messages;
}
