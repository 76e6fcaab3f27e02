// What the chat controller needs of the window it runs in: the history, the pages, the
// service (through the answerers' needs) and the ways to tell the person something.
import type { Attached } from '../attachments/attachments';
import type { ContextItem } from '../conversation/conversation';
import type { ConversationStore } from '../conversation/conversationStore';
import type { ToPageInput } from '../protocol/protocol';
import type { AnswerDeps } from './answerer';

export interface ChatSessionDeps extends AnswerDeps {
  store: ConversationStore;
  /** A conversation past this size is continued in a new one (the store's bound). */
  maxConversationBytes?: number;
  /** Delivers a message to every open page. */
  post(message: ToPageInput): void;
  /** A file attached by its address, read again as the message is sent: its text now, or why it cannot be sent. */
  rereadFile?(item: ContextItem): Promise<Attached>;
  /** Characters of code a message may carry to the chosen model (codeBudget); MAX_CONTEXT_CHARS without it. */
  codeBudget?(): number;
  /** Tells the person something with buttons (a notification); resolves with the button pressed. Without it, a notice on the pages. */
  inform?(message: string, ...buttons: string[]): Promise<string | undefined>;
  /** The extension's log (English). */
  log?(line: string): void;
}
