// Conversations kept in extension state (globalState): a list that survives a reload, with
// the open one remembered. Read back through zod: a damaged entry is dropped, not fatal.
// Only conversation text and code context are kept here, never a key.
//
// Its writes go one at a time, after any other write to the same state: serialMemento.ts says why.
import { SerialMemento, type MementoLike } from '../shell/serialMemento';
import { ConversationSchema, type Conversation, type HistoryItem } from './conversation';

export type { MementoLike };

export const HISTORY_KEY = 'multiModelAI.chat.conversations';
export const ACTIVE_KEY = 'multiModelAI.chat.activeConversation';
export const MAX_CONVERSATIONS = 100;

export class HistoryStore {
  private conversations: Conversation[];
  private readonly memento: SerialMemento;

  /** `memento`: the extension's one SerialMemento, so that no other write overlaps these. */
  constructor(memento: MementoLike, private readonly limit = MAX_CONVERSATIONS) {
    this.memento = SerialMemento.of(memento);
    this.conversations = readConversations(memento.get<unknown>(HISTORY_KEY));
  }

  /** Newest first. */
  list(): HistoryItem[] {
    return this.conversations.map(({ id, title, updatedAt }) => ({ id, title, updatedAt }));
  }

  get(id: string): Conversation | undefined {
    const found = this.conversations.find((c) => c.id === id);
    return found && structuredClone(found);
  }

  activeId(): string | undefined {
    const id = this.memento.get<unknown>(ACTIVE_KEY);
    return typeof id === 'string' ? id : undefined;
  }

  setActive(id: string | undefined): Promise<void> {
    return this.memento.update(ACTIVE_KEY, id);
  }

  /** Stores (or moves to the top) a conversation; empty ones are not kept. */
  save(conversation: Conversation): Promise<void> {
    if (conversation.turns.length === 0) return Promise.resolve();
    const rest = this.conversations.filter((c) => c.id !== conversation.id);
    this.conversations = [structuredClone(conversation), ...rest].slice(0, this.limit);
    return this.write();
  }

  rename(id: string, title: string): Promise<void> {
    const found = this.conversations.find((c) => c.id === id);
    if (!found) return Promise.resolve();
    found.title = title.trim().slice(0, 200) || found.title;
    return this.write();
  }

  delete(id: string): Promise<void> {
    this.conversations = this.conversations.filter((c) => c.id !== id);
    return this.write();
  }

  /** Resolves when every write asked for so far has ended. */
  flushed(): Promise<void> {
    return this.memento.flushed();
  }

  private write(): Promise<void> {
    return this.memento.update(HISTORY_KEY, this.conversations);
  }
}

function readConversations(stored: unknown): Conversation[] {
  const conversations: Conversation[] = [];
  for (const entry of Array.isArray(stored) ? stored : []) {
    const parsed = ConversationSchema().safeParse(entry);
    if (!parsed.success) continue;
    // A reply that was streaming when the window closed did not finish.
    for (const turn of parsed.data.turns) {
      if (turn.role === 'assistant' && turn.status === 'streaming') {
        turn.status = turn.text ? 'interrupted' : 'failed';
        turn.error = { message: 'The answer did not finish before VS Code closed: retry to ask again.', actions: ['retry'] };
      }
    }
    conversations.push(parsed.data);
  }
  return conversations;
}
