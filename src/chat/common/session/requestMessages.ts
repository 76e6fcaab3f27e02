// The messages a reply is asked with: the system prompt (with the project's instructions), then
// each user message with the one answer that stands for it. Failed and interrupted answers are
// left out, so the model never continues from a broken text; a regenerated answer replaces the
// one before it. The messages of a slash command that is not text for a model (`/image`) and
// their answers are left out too. Attached images go with their message as the one message type's images.
import type { ImageInput, TextMessage } from '../../../platform/client/transports/textRequest';
import { buildExplainPrompt } from './explainPrompt';
import { userContent } from '../attachments/contextBlock';
import type { Turn, UserTurn } from '../conversation/conversation';
import { withInstructions, type ProjectInstructions } from '../../../platform/instructions/projectInstructions';
import { commandOfMode } from './slashCommands';

export const SYSTEM_PROMPT =
  'You are a programming assistant inside VS Code. Answer in Markdown. Put code in fenced blocks that name ' +
  'their language. Be accurate and concise; say so when you are not sure.';

export interface RequestExtras {
  instructions?: ProjectInstructions;
  /** The attached images' bytes by their stored file; one missing there went away. */
  images?: ReadonlyMap<string, ImageInput>;
}

export function userMessageContent(turn: UserTurn): string {
  const [first] = turn.context;
  if (turn.mode === 'explain' && first) return buildExplainPrompt(first);
  return userContent(turn.text, turn.context);
}

/** A user turn as a message: its text and code, and its images (one gone is named instead). */
function userMessage(turn: UserTurn, images: ReadonlyMap<string, ImageInput> | undefined): TextMessage {
  const content = userMessageContent(turn);
  const attached = turn.context.filter((item) => item.kind === 'image');
  if (attached.length === 0) return { role: 'user', content };
  const found = attached.flatMap((item) => (item.file && images?.get(item.file)) || []);
  const gone = attached.filter((item) => !item.file || !images?.has(item.file)).map((item) => `[The image ${item.path} is no longer available.]`);
  const text = [...gone, content].join('\n\n');
  return found.length > 0 ? { role: 'user', content: text, images: found } : { role: 'user', content: text };
}

/** Messages for a reply to everything in `turns` (which ends with the user turn being answered). */
export function requestMessages(turns: readonly Turn[], extras: RequestExtras = {}): TextMessage[] {
  const messages: TextMessage[] = [{ role: 'system', content: withInstructions(SYSTEM_PROMPT, extras.instructions) }];
  let answer: string | undefined;
  const flush = () => {
    if (answer !== undefined) messages.push({ role: 'assistant', content: answer });
    answer = undefined;
  };
  let skipped = false;
  for (const turn of turns) {
    if (turn.role === 'user') skipped = commandOfMode(turn.mode)?.textForModel === false;
    if (skipped) continue;
    if (turn.role === 'user') {
      flush();
      messages.push(userMessage(turn, extras.images));
    } else if ((turn.status === 'done' || turn.status === 'stopped') && turn.text !== '') {
      answer = turn.text;
    }
  }
  flush();
  return messages;
}

/**
 * For a model that does not take images: the messages without them, each named in its
 * message's text instead (the person's current message is refused before it gets here).
 */
export function withoutImages(messages: readonly TextMessage[]): TextMessage[] {
  return messages.map((message) =>
    message.role === 'user' && message.images?.length
      ? { role: 'user', content: `[${message.images.length} image(s) left out: this model does not take images.]\n\n${message.content}` }
      : message,
  );
}
