// The chat's conversations, one file each under the extension's global storage folder, shared
// by every window (conversationFiles.ts shows the layout). Node's file system, not the
// editor's: the extension runs only in a Node extension host (desktop, code-server, remote),
// where the global storage folder is a file: URI, and Node gives what this needs and
// vscode.workspace.fs does not: a flushed write and a rename over the old file, and a watch on
// a folder outside the workspace; the unit tests run the same code on real folders.
//
// Nothing is read until the chat opens (load()). A save writes the conversation's file first
// (the caller's answer is stored when it resolves) and the list after it; writes to one
// conversation go one at a time. A conversation another window wrote since this one read it
// is merged, turn by turn (historyMerge.ts); one deleted anywhere is never written again, and
// a save of one another window deleted says so, so that the chat keeps what it holds as a new
// conversation (chatSession.ts); otherWindows.ts follows the other windows' changes. The
// first read puts right what crashed writes left (crashLeftovers.ts); a conversation file that
// cannot be read is moved aside to `unreadable/` and kept there for 30 days. The open
// conversation is remembered per window (openConversation.ts). The bounds are historyBounds.ts's;
// attached images are historyImages.ts's, swept a while after the list is first read.
import * as path from 'node:path';
import type { Conversation, HistoryItem } from '../conversation/conversation';
import type { MementoLike } from '../../../platform/storage/serialMemento';
import { SerialQueue } from '../../../platform/storage/atomicWrite';
import { storedImageNames } from './attachmentFiles';
import { HistoryFolder, isSafeId } from './conversationFiles';
import { endStreamingTurns, KEEP_UNREADABLE_MS, mendTexts, sweepTemporaryFiles, TEMP_FILE_AGE_MS } from './crashLeftovers';
import { MAX_CONVERSATIONS, MAX_HISTORY_BYTES, pastBounds } from './historyBounds';
import { HistoryImages } from './historyImages';
import { entryOf, IndexWriter, itemOf, newestFirst, readIndex, type IndexEntry } from './historyIndex';
import { baseOf, mergeConversations } from './historyMerge';
import { searchHistory } from './historySearch';
import { OpenConversation } from './openConversation';
import { changedId, DELETED_ELSEWHERE, followChange, KEEP_DELETIONS_MS, type DeletedElsewhere, type Known, type WindowView } from './otherWindows';
import { watchFolders, type FolderWatch } from '../../../platform/storage/folderWatch';

export type { DeletedElsewhere, MementoLike };

/** How long after the list is first read the folder of images is swept: the chat's first show goes first. */
const IMAGE_SWEEP_DELAY_MS = 30_000;

export interface HistoryStoreOptions {
  /** The history folder (`<globalStorage>/history`). */
  folder: string;
  /** The extension's globalState: the open conversation, for a window that keeps none of its own. */
  state: MementoLike;
  /** This window's workspaceState: the conversation open in it (else `state`). */
  window?: MementoLike;
  /** The extension's log (English). */
  log?: (line: string) => void;
  limit?: number;
  maxBytes?: number;
  /** Watch the folder for other windows' changes (off in tests that drive two stores by hand). */
  watch?: boolean;
  /** Stored images in use outside the history (the chips of a message not sent yet): never removed. */
  imagesInUse?: () => Iterable<string>;
  /** The wait before the images no conversation shows are swept, once the list is read. */
  imageSweepDelayMs?: number;
}

export interface SaveResult {
  /** The size of the conversation's file. */
  bytes: number;
  /** What was stored, when another window's turns or name were merged into it. */
  merged?: Conversation;
}

/** What another window changed: the conversations' ids. */
export type HistoryListener = (ids: ReadonlySet<string>) => void;

export class HistoryStore {
  readonly folder: HistoryFolder;
  private entries = new Map<string, IndexEntry>();
  private readonly known = new Map<string, Known>();
  /** Deleted in any window: a late save must not bring one back. */
  private readonly deleted = new Set<string>();
  /** Deleted in this window, by the person or the bounds: a late save of one is dropped without a word. */
  private readonly deletedHere = new Set<string>();
  /** The searchable texts found older than their conversations, written again after the first read. */
  private textsMended?: Promise<void>;
  private readonly writes = new SerialQueue();
  private readonly open: OpenConversation;
  private readonly listeners = new Set<HistoryListener>();
  private loading?: Promise<void>;
  private watch?: FolderWatch;
  private readonly index: IndexWriter;
  private disposed = false;
  private readonly images: HistoryImages;

  constructor(private readonly options: HistoryStoreOptions) {
    this.folder = new HistoryFolder(options.folder);
    this.open = new OpenConversation(options.state, options.window);
    this.index = new IndexWriter(this.folder, () => this.entries.values(), this.log);
    this.images = new HistoryImages({
      folder: this.folder,
      isDeleted: (id) => this.deleted.has(id),
      inUse: () => options.imagesInUse?.() ?? [],
      log: (line) => this.log(line),
    });
  }

  private get log(): (line: string) => void {
    return this.options.log ?? (() => undefined);
  }

  /** Reads the list; once, when the chat first needs it. */
  load(): Promise<void> {
    return (this.loading ??= (async () => {
      await this.folder.create();
      await sweepTemporaryFiles(this.folder, { olderThanMs: TEMP_FILE_AGE_MS }, this.log);
      await this.folder.unreadable.prune(KEEP_UNREADABLE_MS);
      this.entries = await readIndex(this.folder, this.log);
      await this.folder.pruneDeleted(KEEP_DELETIONS_MS);
      const mend = { folder: this.folder, ids: [...this.entries.keys()], writes: this.writes, isDeleted: (id: string) => this.deleted.has(id), log: this.log };
      this.textsMended = mendTexts(mend).catch((error: Error) => this.log(`History: could not check the search texts: ${error.message}`));
      if (this.options.watch !== false && !this.disposed) {
        this.watch = watchFolders([this.folder.conversations, this.folder.deleted], (paths) => void this.changedElsewhere(paths));
      }
      if (!this.disposed) this.images.sweepAfter(this.options.imageSweepDelayMs ?? IMAGE_SWEEP_DELAY_MS);
    })());
  }

  /** Newest first (empty until loaded). */
  list(): HistoryItem[] {
    return this.sortedEntries().map(itemOf);
  }

  entry(id: string): IndexEntry | undefined {
    return this.entries.get(id);
  }

  activeId(): string | undefined {
    return this.open.id();
  }

  setActive(id: string | undefined): Promise<void> {
    return this.open.set(id);
  }

  onDidChange(listener: HistoryListener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /**
   * The stored conversation. `atStart`: read as a window opens, when an answer still marked
   * streaming was cut by the close of the window that streamed it (only that window shows its
   * open conversation, so no other is streaming it).
   */
  async get(id: string, { atStart = false } = {}): Promise<Conversation | undefined> {
    await this.load();
    if (!isSafeId(id) || this.deleted.has(id)) return undefined;
    // Read from its file even when not listed yet: another window may have written it since.
    const read = await this.readKnown(id);
    if (!read) {
      // Gone, or moved aside as unreadable: not listed any more.
      if (this.entries.delete(id)) this.index.soon();
      return undefined;
    }
    if (!this.entries.has(id)) this.entries.set(id, entryOf(read, this.known.get(id)?.bytes ?? 0));
    if (atStart) endStreamingTurns(read);
    return read;
  }

  /**
   * Stores a conversation (empty ones are not kept); resolves once its file is written. One
   * deleted in this window is not stored; one deleted in another window is not stored either,
   * and the result says so: what the caller holds of it is stored nowhere.
   */
  async save(conversation: Conversation): Promise<SaveResult | DeletedElsewhere | undefined> {
    await this.load();
    const { id } = conversation;
    if (conversation.turns.length === 0 || this.deletedHere.has(id)) return undefined;
    if (!isSafeId(id)) {
      this.log(`History: not saved: the conversation id ${JSON.stringify(id.slice(0, 100))} cannot name a file.`);
      return undefined;
    }
    if (this.deleted.has(id)) return DELETED_ELSEWHERE;
    const result = await this.writes.run(id, () => this.write(conversation));
    if (result && 'bytes' in result) await this.bound(id);
    return result;
  }

  /** Writes `conversation` merged with what another window stored since this one last did. */
  private async write(conversation: Conversation): Promise<SaveResult | DeletedElsewhere | undefined> {
    const { id } = conversation;
    if (this.deletedHere.has(id)) return undefined;
    if (this.deleted.has(id) || this.folder.isDeleted(id)) return DELETED_ELSEWHERE;
    const known = this.known.get(id);
    const revision = await this.folder.revision(id);
    let stored = conversation;
    let merged: Conversation | undefined;
    if (revision !== undefined && revision !== known?.revision) {
      const theirs = await this.folder.read(id, this.log);
      if (theirs) stored = merged = mergeConversations(known, conversation, theirs.conversation);
    }
    const written = await this.folder.write(stored).catch((error: unknown) => {
      // Delete All in another window removes the temporary file this write was renaming.
      if (this.folder.isDeleted(id)) return undefined;
      throw error;
    });
    // Deleted in another window while this one wrote: the deletion stands, this file goes.
    if (!written || this.folder.isDeleted(id)) {
      await this.folder.remove(id);
      return DELETED_ELSEWHERE;
    }
    const { bytes } = written;
    this.known.set(id, { ...baseOf(stored), ...written });
    this.entries.set(id, entryOf(stored, bytes));
    this.index.soon();
    return merged ? { bytes, merged } : { bytes };
  }

  async rename(id: string, title: string): Promise<void> {
    const name = title.trim().slice(0, 200);
    if (!name) return;
    await this.load();
    await this.writes.run(id, async () => {
      const stored = await this.readKnown(id);
      if (!stored) return;
      // A new version, so that another window's copy does not win over the new name.
      await this.write({ ...stored, title: name, updatedAt: new Date().toISOString() });
    });
  }

  /** Deletes the conversation, and the attached images no other conversation shows. */
  async delete(id: string): Promise<void> {
    await this.deleteMany([id]);
  }

  /** Deletes every conversation, in every window, their attached images and the temporary files of their writes. */
  async deleteAll(): Promise<void> {
    await this.load();
    const ids = new Set([...this.entries.keys(), ...(await this.folder.conversationIds())]);
    await this.deleteMany([...ids]);
    const always = (target: string) => ids.has(target.replace(/\.(json|txt)$/, ''));
    await sweepTemporaryFiles(this.folder, { olderThanMs: TEMP_FILE_AGE_MS, always }, this.log);
  }

  /** The conversation files this window found unreadable and moved aside: how many, and the folder of the last. */
  unreadable(): { count: number; folder?: string } {
    const moved = this.folder.movedAside;
    return { count: moved.length, ...(moved.length > 0 ? { folder: path.dirname(moved.at(-1)!) } : {}) };
  }

  private async deleteMany(ids: readonly string[]): Promise<void> {
    await this.load();
    const images = new Set<string>();
    await Promise.all(
      ids.map(async (id) => {
        this.deleted.add(id);
        this.deletedHere.add(id);
        this.entries.delete(id);
        this.known.delete(id);
        if (!isSafeId(id)) return;
        await this.writes.run(id, async () => {
          const read = await this.folder.read(id, this.log);
          for (const name of read ? storedImageNames(read.conversation) : []) images.add(name);
          await this.folder.tombstone(id);
        });
      }),
    );
    this.index.soon();
    // Deleted together, so that an image two of them show is not kept by the other's file.
    await this.images.remove(images);
  }

  /** Stores an image attached to the next message beside the history; resolves with its file. */
  storeImage(bytes: Uint8Array, ext: string): Promise<string> {
    return this.images.store(bytes, ext);
  }

  /** An image no longer attached to the next message (its chip removed): its file goes unless it may still be used. */
  discardImage(file: string): Promise<void> {
    return this.images.discard(file);
  }

  /** Removes the images of the folder that may go (unusedImages.ts); runs by itself a while after load(). */
  sweepImages(): Promise<void> {
    return this.images.sweep();
  }

  /** The conversations whose title or text holds `query` (all when it is empty), newest first. */
  async search(query: string, stopped?: () => boolean): Promise<HistoryItem[]> {
    await this.load();
    await this.textsMended;
    return (await searchHistory(this.folder, this.sortedEntries(), query, stopped)).map(itemOf);
  }

  /** Resolves when every write asked for so far has ended. */
  async flushed(): Promise<void> {
    await this.textsMended;
    await this.writes.idle();
    await this.index.idle();
    await this.images.idle();
    await this.open.flushed();
  }

  dispose(): void {
    this.disposed = true;
    this.images.dispose();
    this.watch?.close();
    this.listeners.clear();
  }

  private sortedEntries(): IndexEntry[] {
    return [...this.entries.values()].sort(newestFirst);
  }

  private async readKnown(id: string): Promise<Conversation | undefined> {
    const read = await this.folder.read(id, this.log);
    if (!read) return undefined;
    this.known.set(id, { ...baseOf(read.conversation), revision: read.revision, bytes: read.bytes });
    return read.conversation;
  }

  /** The last `limit` conversations and at most `maxBytes` of them; the oldest go first, never `keep`. */
  private async bound(keep: string): Promise<void> {
    const limit = this.options.limit ?? MAX_CONVERSATIONS;
    const maxBytes = this.options.maxBytes ?? MAX_HISTORY_BYTES;
    const dropped = pastBounds(this.entries, keep, limit, maxBytes);
    if (dropped.length === 0) return;
    this.log(
      `History: removed the ${dropped.length} oldest conversation(s) to keep within ${limit} conversations and ${Math.round(maxBytes / 1024 / 1024)} MB.`,
    );
    await this.deleteMany(dropped.map((entry) => entry.id));
  }

  private view(): WindowView {
    return { folder: this.folder, entries: this.entries, known: this.known, deleted: this.deleted, log: this.log };
  }

  /** Another window wrote or deleted conversations: the list follows. */
  private async changedElsewhere(paths: ReadonlySet<string>): Promise<void> {
    const changed = new Set<string>();
    for (const file of paths) {
      const id = changedId(this.folder, file);
      if (id && (await this.writes.run(id, () => followChange(id, this.view())))) changed.add(id);
    }
    if (changed.size === 0 || this.disposed) return;
    for (const listener of this.listeners) listener(changed);
  }
}
