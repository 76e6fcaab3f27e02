// Conversations kept in extension state (globalState): a list that survives a reload, with
// the open one remembered. Read back through zod: a damaged entry is dropped, not fatal.
// Only conversation text and code context are kept here, never a key.
//
// Writes go one at a time. VS Code's globalState keeps one object for all of an extension's
// keys in the extension host, sends it whole to the workbench on a 0 ms timer, and replaces
// it whole with the workbench's copy each time the workbench reports a change, which it does
// for every write, before the write's promise resolves (extHostMemento.ts, mainThreadStorage.ts).
// A write made while an earlier one is still on its way can thus be overwritten by that
// earlier write's echo before it is sent, and the older value is sent in its place: a finished
// answer was restored after a reload as "did not finish" (the streaming-time save). So each
// write waits for the one before it, and writes what the store holds when its turn comes.
import * as z from 'zod';
import { ConversationSchema, type Conversation, type HistoryItem } from './conversation';

/** The part of vscode.Memento the store needs (tests pass a Map-backed one). */
export interface MementoLike {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

export const HISTORY_KEY = 'multiModelAI.chat.conversations';
export const ACTIVE_KEY = 'multiModelAI.chat.activeConversation';
export const MAX_CONVERSATIONS = 100;

export class HistoryStore {
  private conversations: Conversation[];
  /** The last write asked for: the next one starts when it has ended. */
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly memento: MementoLike, private readonly limit = MAX_CONVERSATIONS) {
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
    return this.queue(() => this.memento.update(ACTIVE_KEY, id));
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

  /** Resolves when every write asked for so far has been stored. */
  flushed(): Promise<void> {
    return this.writes;
  }

  /** The list as it is when this write's turn comes (a later save may have changed it). */
  private write(): Promise<void> {
    return this.queue(() => this.memento.update(HISTORY_KEY, this.conversations));
  }

  /** Runs `update` once the writes before it have ended; a failed write does not stop the next. */
  private queue(update: () => PromiseLike<void>): Promise<void> {
    const run = this.writes.catch(() => undefined).then(update);
    this.writes = run;
    return run;
  }
}

function readConversations(stored: unknown): Conversation[] {
  const list = z.array(z.unknown()).safeParse(stored).data ?? [];
  const conversations: Conversation[] = [];
  for (const entry of list) {
    const parsed = ConversationSchema.safeParse(entry);
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
