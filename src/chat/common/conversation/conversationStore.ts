// What the chat needs of the place its conversations are kept (src/chat/common/history/historyStore.ts
// keeps them in files): the chat depends on this, not on the files.
import type { Conversation, HistoryItem } from './conversation';

export interface ConversationStore {
  /** Reads the list; the chat's first use waits for it. */
  load(): Promise<void>;
  /** Newest first. */
  list(): HistoryItem[];
  activeId(): string | undefined;
  setActive(id: string | undefined): Promise<void>;
  get(id: string, options?: { atStart?: boolean }): Promise<Conversation | undefined>;
  /**
   * Resolves once stored: the file's size, and what was stored when another window's turns were
   * merged in; or `deletedElsewhere` when another window deleted it, and nothing was stored.
   */
  save(conversation: Conversation): Promise<{ bytes: number; merged?: Conversation } | { deletedElsewhere: true } | undefined>;
  rename(id: string, title: string): Promise<void>;
  delete(id: string): Promise<void>;
  search(query: string, stopped?: () => boolean): Promise<HistoryItem[]>;
  /** An image no longer attached to the next message: its file goes unless something may still send or show it. */
  discardImage(file: string): Promise<void>;
  /** How many conversation files could not be read and were moved aside since the list was read. */
  unreadable?(): { count: number };
  /** Calls `listener` with the ids of the conversations another window changed. */
  onDidChange(listener: (ids: ReadonlySet<string>) => void): { dispose(): void };
}
