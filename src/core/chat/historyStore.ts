// Conversations kept in extension state (globalState): a list that survives a reload, with
// the open one remembered. Read back through zod: a damaged entry is dropped, not fatal.
// Only conversation text and code context are kept here, never a key.
//
// Its writes go one at a time, after any other write to the same state: serialMemento.ts says why.
// globalState is shared by every VS Code window, so each write starts from what is stored:
// another window's new or newer conversations are kept, not overwritten by this window's list,
// and a conversation deleted in one window is gone from all (its id is kept as deleted).
// The list is bounded by count and by size, newest first: every window reads it all at start.
// The open conversation is remembered per window (workspaceState), so that two windows reopen
// their own and do not both add turns to the same one.
import * as l10n from '@vscode/l10n';
import { SerialMemento, type MementoLike } from '../storage/serialMemento';
import { ConversationSchema, type Conversation, type HistoryItem } from './conversation';

export type { MementoLike };

export const HISTORY_KEY = 'multiModelAI.chat.conversations';
export const ACTIVE_KEY = 'multiModelAI.chat.activeConversation';
export const DELETED_KEY = 'multiModelAI.chat.deletedConversations';
/** Deleted ids kept for the other windows: far more than are deleted while a window stays open. */
const MAX_DELETED = 500;
export const MAX_CONVERSATIONS = 100;
/** About 10 MB of stored text; the newest conversation is kept whatever its size. */
export const MAX_STORED_CHARS = 10_000_000;

export class HistoryStore {
  private conversations: Conversation[];
  private readonly memento: SerialMemento;
  /** Deleted here: a late save (a reply that was stopping) must not bring one back. */
  private readonly deleted = new Set<string>();
  /** The version (updatedAt) of each conversation this window last wrote: a stored one that differs is another window's. */
  private readonly written = new Map<string, string>();
  /** Stored size of each conversation object, counted once. */
  private readonly sizes = new WeakMap<Conversation, number>();

  private readonly window: SerialMemento;
  private readonly limit: number;
  private readonly maxChars: number;

  /**
   * `memento`: the extension's one SerialMemento of globalState, so that no other write overlaps
   * these; `window`: where this window's open conversation is kept (its workspaceState; else `memento`).
   */
  constructor(memento: MementoLike, options: { window?: MementoLike; limit?: number; maxChars?: number } = {}) {
    this.memento = SerialMemento.of(memento);
    this.window = options.window ? SerialMemento.of(options.window) : this.memento;
    this.limit = options.limit ?? MAX_CONVERSATIONS;
    this.maxChars = options.maxChars ?? MAX_STORED_CHARS;
    const deleted = this.deletedEverywhere();
    this.conversations = readConversations(memento.get<unknown>(HISTORY_KEY), true).filter((c) => !deleted.has(c.id));
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
    // Before it was kept per window, the open conversation was kept for all: read from there
    // until this window keeps its own (null: none open).
    const own = this.window.get<unknown>(ACTIVE_KEY);
    const id = own === undefined ? this.memento.get<unknown>(ACTIVE_KEY) : own;
    return typeof id === 'string' ? id : undefined;
  }

  setActive(id: string | undefined): Promise<void> {
    return this.window.update(ACTIVE_KEY, id ?? null);
  }

  /** Stores (or moves to the top) a conversation; empty ones are not kept. */
  save(conversation: Conversation): Promise<void> {
    if (conversation.turns.length === 0 || this.deleted.has(conversation.id)) return Promise.resolve();
    const rest = this.conversations.filter((c) => c.id !== conversation.id);
    this.conversations = [structuredClone(conversation), ...rest];
    return this.write();
  }

  rename(id: string, title: string): Promise<void> {
    const found = this.conversations.find((c) => c.id === id);
    if (!found) return Promise.resolve();
    found.title = title.trim().slice(0, 200) || found.title;
    // A new version, so another window's copy does not win over the new name.
    found.updatedAt = new Date().toISOString();
    return this.write();
  }

  delete(id: string): Promise<void> {
    this.deleted.add(id);
    this.conversations = this.conversations.filter((c) => c.id !== id);
    void this.memento.updateWith(DELETED_KEY, (stored) => [...new Set([...strings(stored), id])].slice(-MAX_DELETED));
    return this.write();
  }

  /** Resolves when every write asked for so far has ended. */
  flushed(): Promise<void> {
    return this.memento.flushed();
  }

  private write(): Promise<void> {
    return this.memento.updateWith(HISTORY_KEY, (stored) => {
      this.conversations = this.bounded(this.mergedWith(stored));
      for (const c of this.conversations) this.written.set(c.id, c.updatedAt);
      return this.conversations;
    });
  }

  /**
   * This window's list (last saved first), with what another window stored that is newer than
   * here in its place, and what is new here placed by its time.
   */
  private mergedWith(stored: unknown): Conversation[] {
    const deleted = this.deletedEverywhere();
    const merged = this.conversations.filter((c) => !deleted.has(c.id));
    for (const entry of Array.isArray(stored) ? stored : []) {
      const { id, updatedAt } = (entry ?? {}) as { id?: unknown; updatedAt?: unknown };
      if (typeof id !== 'string' || typeof updatedAt !== 'string' || deleted.has(id) || this.written.get(id) === updatedAt) continue;
      const at = merged.findIndex((c) => c.id === id);
      if (at >= 0 && merged[at]!.updatedAt >= updatedAt) continue;
      // Another window's answer may still be streaming: read as it is.
      const [theirs] = readConversations([entry], false);
      if (!theirs) continue;
      if (at >= 0) merged[at] = theirs;
      else {
        const older = merged.findIndex((c) => c.updatedAt < updatedAt);
        merged.splice(older < 0 ? merged.length : older, 0, theirs);
      }
    }
    return merged;
  }

  private bounded(conversations: Conversation[]): Conversation[] {
    let chars = 0;
    return conversations.slice(0, this.limit).filter((c, i) => {
      chars += this.sizeOf(c);
      return i === 0 || chars <= this.maxChars;
    });
  }

  private deletedEverywhere(): Set<string> {
    return new Set([...this.deleted, ...strings(this.memento.get<unknown>(DELETED_KEY))]);
  }

  private sizeOf(conversation: Conversation): number {
    let size = this.sizes.get(conversation);
    if (size === undefined) {
      size = JSON.stringify(conversation).length;
      this.sizes.set(conversation, size);
    }
    return size;
  }
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** `atStart`: read when the window opens, when a reply still marked streaming was cut by a close. */
function readConversations(stored: unknown, atStart: boolean): Conversation[] {
  const conversations: Conversation[] = [];
  for (const entry of Array.isArray(stored) ? stored : []) {
    const parsed = ConversationSchema().safeParse(entry);
    if (!parsed.success) continue;
    // A reply that was streaming when the window closed did not finish.
    for (const turn of atStart ? parsed.data.turns : []) {
      if (turn.role === 'assistant' && turn.status === 'streaming') {
        turn.status = turn.text ? 'interrupted' : 'failed';
        turn.error = { message: l10n.t('The answer did not finish before VS Code closed: retry to ask again.'), actions: ['retry'] };
      }
    }
    conversations.push(parsed.data);
  }
  return conversations;
}
