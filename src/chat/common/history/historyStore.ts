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
// conversation (chatSession.ts). The first read removes what crashed writes left: temporary
// files, and searchable texts older than their conversations are written again; a conversation
// file that cannot be read is moved aside to `unreadable/` and kept there for 30 days.
// The open conversation is remembered per window (workspaceState). Attached images go by the
// rule of unusedImages.ts, and a while after the list is first read the folder of images is swept.
import * as l10n from '@vscode/l10n';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { Conversation, HistoryItem } from '../conversation/conversation';
import { SerialMemento, type MementoLike } from '../../../platform/storage/serialMemento';
import { SerialQueue } from '../../../platform/storage/atomicWrite';
import { attachmentsFolder, storedImageNames } from './attachmentFiles';
import { HistoryFolder, isSafeId } from './conversationFiles';
import { entryOf, itemOf, newestFirst, readIndex, writeIndex, type IndexEntry } from './historyIndex';
import { baseOf, mergeConversations, type MergeBase } from './historyMerge';
import { searchHistory } from './historySearch';
import { watchFolders, type FolderWatch } from '../../../platform/storage/folderWatch';
import { UnusedImages } from './unusedImages';
import type { TempSweep } from '../../../platform/storage/tempFiles';
import { sweepTempFiles } from '../../../platform/storage/tempFiles';

export type { MementoLike };

export const ACTIVE_KEY = 'multiModelAI.chat.activeConversation';
export const MAX_CONVERSATIONS = 500;
export const MAX_HISTORY_BYTES = 200 * 1024 * 1024;
/** A conversation past this size is continued in a new one (chatSession.ts). */
export const MAX_CONVERSATION_BYTES = 20 * 1024 * 1024;

/** How long a deletion is remembered for the other windows. */
const KEEP_DELETIONS_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a conversation file that could not be read is kept aside. */
export const KEEP_UNREADABLE_MS = 30 * 24 * 60 * 60 * 1000;
/** A temporary file this old is no write's any more: a write renames its file within moments. */
export const TEMP_FILE_AGE_MS = 60_000;
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

/** A save of a conversation deleted in another window: nothing was stored, and the deletion stands. */
export interface DeletedElsewhere {
  deletedElsewhere: true;
}
const DELETED_ELSEWHERE: DeletedElsewhere = { deletedElsewhere: true };

/** What another window changed: the conversations' ids. */
export type HistoryListener = (ids: ReadonlySet<string>) => void;

interface Known extends MergeBase {
  /** The file's revision as this window last wrote or read it: another is another window's write. */
  revision?: string;
  bytes: number;
}

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
  private readonly state: SerialMemento;
  private readonly window: SerialMemento;
  private readonly listeners = new Set<HistoryListener>();
  private loading?: Promise<void>;
  private watch?: FolderWatch;
  private indexWrite?: Promise<void>;
  private indexAgain = false;
  private disposed = false;
  private readonly images: UnusedImages;
  /** Removals of images go one at a time: a sweep never races a deletion. */
  private readonly imageRemovals = new SerialQueue();
  private sweepTimer?: ReturnType<typeof setTimeout>;

  constructor(private readonly options: HistoryStoreOptions) {
    this.folder = new HistoryFolder(options.folder);
    this.state = SerialMemento.of(options.state);
    this.window = options.window ? SerialMemento.of(options.window) : this.state;
    this.images = new UnusedImages({
      folder: attachmentsFolder(options.folder),
      inUse: () => options.imagesInUse?.() ?? [],
      dropShown: (names) => this.dropShown(names),
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
      await this.sweepTemporaryFiles({ olderThanMs: TEMP_FILE_AGE_MS });
      await this.folder.unreadable.prune(KEEP_UNREADABLE_MS);
      this.entries = await readIndex(this.folder, this.log);
      await this.folder.pruneDeleted(KEEP_DELETIONS_MS);
      this.textsMended = this.mendTexts().catch((error: Error) => this.log(`History: could not check the search texts: ${error.message}`));
      if (this.options.watch !== false && !this.disposed) {
        this.watch = watchFolders([this.folder.conversations, this.folder.deleted], (paths) => void this.changedElsewhere(paths));
      }
      if (!this.disposed) {
        this.sweepTimer = setTimeout(() => void this.sweepImages(), this.options.imageSweepDelayMs ?? IMAGE_SWEEP_DELAY_MS);
        this.sweepTimer.unref?.();
      }
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
    // A window that kept none yet reads the one an earlier version kept for all (null: none open).
    const own = this.window.get<unknown>(ACTIVE_KEY);
    const id = own === undefined ? this.state.get<unknown>(ACTIVE_KEY) : own;
    return typeof id === 'string' ? id : undefined;
  }

  setActive(id: string | undefined): Promise<void> {
    return this.window.update(ACTIVE_KEY, id ?? null);
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
      if (this.entries.delete(id)) this.writeIndexSoon();
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
    this.writeIndexSoon();
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
    await this.sweepTemporaryFiles({ olderThanMs: TEMP_FILE_AGE_MS, always: (target) => ids.has(target.replace(/\.(json|txt)$/, '')) });
  }

  /** Removes the temporary files crashed writes left in the history's folders. */
  private async sweepTemporaryFiles(sweep: TempSweep): Promise<void> {
    let count = 0;
    const folders = [this.folder.conversations, this.folder.text, this.folder.root, attachmentsFolder(this.options.folder)];
    for (const folder of folders) count += (await sweepTempFiles(folder, sweep)).length;
    if (count > 0) this.log(`History: removed ${count} temporary file(s) left by writes that did not finish.`);
  }

  /** Writes again the searchable texts a crash left older than their conversations. */
  private async mendTexts(): Promise<void> {
    const stale = await this.folder.staleTexts([...this.entries.keys()]);
    let mended = 0;
    for (const id of stale) {
      await this.writes
        .run(id, async () => {
          if (this.deleted.has(id)) return;
          const read = await this.folder.read(id, this.log);
          if (!read) return;
          await this.folder.writeText(read.conversation);
          mended++;
        })
        .catch((error: Error) => this.log(`History: could not write the search text of ${id}: ${error.message}`));
    }
    if (mended > 0) this.log(`History: wrote the search text of ${mended} conversation(s) again: it was older than the conversation.`);
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
    this.writeIndexSoon();
    // Deleted together, so that an image two of them show is not kept by the other's file.
    await this.removeImages(() => this.images.remove(images));
  }

  private removeImages(job: () => Promise<void>): Promise<void> {
    return this.imageRemovals.run('images', job);
  }

  /** Stores an image attached to the next message beside the history; resolves with its file. */
  storeImage(bytes: Uint8Array, ext: string): Promise<string> {
    return this.images.store(bytes, ext);
  }

  /** An image no longer attached to the next message (its chip removed): its file goes unless it may still be used. */
  async discardImage(file: string): Promise<void> {
    if (path.dirname(file) === attachmentsFolder(this.options.folder)) await this.removeImages(() => this.images.remove([path.basename(file)]));
  }

  /** Removes the images of the folder that may go (unusedImages.ts); runs by itself a while after load(). */
  sweepImages(): Promise<void> {
    return this.removeImages(() => this.images.sweep());
  }

  /** Takes out of `names` the images a conversation still stored shows. */
  private async dropShown(names: Set<string>): Promise<void> {
    for (const id of await this.folder.conversationIds()) {
      if (names.size === 0) return;
      if (this.deleted.has(id)) continue;
      // A stored name is a 64-digit hash: found in the file's text, it is that image.
      const text = await readFile(this.folder.conversationFile(id), 'utf8').catch(() => '');
      for (const name of [...names]) if (text.includes(name)) names.delete(name);
    }
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
    await this.indexWrite;
    await this.imageRemovals.idle();
    await this.state.flushed();
    await this.window.flushed();
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.sweepTimer);
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
    // Within both bounds (nearly every save): nothing to sort.
    if (this.entries.size <= limit) {
      let total = 0;
      for (const entry of this.entries.values()) total += entry.bytes;
      if (total <= maxBytes) return;
    }
    let bytes = 0;
    const dropped = this.sortedEntries().filter((entry, at) => {
      bytes += entry.bytes;
      return entry.id !== keep && (at >= limit || bytes > maxBytes);
    });
    if (dropped.length === 0) return;
    this.log(
      `History: removed the ${dropped.length} oldest conversation(s) to keep within ${limit} conversations and ${Math.round(maxBytes / 1024 / 1024)} MB.`,
    );
    await this.deleteMany(dropped.map((entry) => entry.id));
  }

  /** The index after this window's changes: written one at a time, the last state at the end. */
  private writeIndexSoon(): void {
    if (this.indexWrite) {
      this.indexAgain = true;
      return;
    }
    this.indexWrite = (async () => {
      // After the save that asked for it has resolved: an answer is shown as ended once its
      // conversation's file is written, and the list (mended from the files if a window goes
      // first) does not hold it up.
      await new Promise((resolve) => setImmediate(resolve));
      do {
        this.indexAgain = false;
        await writeIndex(this.folder, this.entries.values()).catch((error: Error) =>
          this.log(`History: could not write ${this.folder.index}: ${error.message}`),
        );
      } while (this.indexAgain);
      this.indexWrite = undefined;
    })();
  }

  /** Another window wrote or deleted conversations: the list follows. */
  private async changedElsewhere(paths: ReadonlySet<string>): Promise<void> {
    const changed = new Set<string>();
    for (const file of paths) {
      const folder = path.dirname(file);
      const name = path.basename(file);
      const id = folder === this.folder.deleted ? name : name.endsWith('.json') ? name.slice(0, -'.json'.length) : undefined;
      if (!id || !isSafeId(id)) continue;
      await this.writes.run(id, async () => {
        if (this.folder.isDeleted(id)) {
          this.deleted.add(id);
          this.known.delete(id);
          if (this.entries.delete(id)) changed.add(id);
          return;
        }
        const revision = await this.folder.revision(id);
        if (revision === undefined) {
          if (this.entries.delete(id)) changed.add(id);
          return;
        }
        if (revision === this.known.get(id)?.revision) return;
        const read = await this.folder.read(id, this.log);
        if (!read) {
          if (this.entries.delete(id)) changed.add(id);
          return;
        }
        this.entries.set(id, entryOf(read.conversation, read.bytes));
        changed.add(id);
      });
    }
    if (changed.size === 0 || this.disposed) return;
    for (const listener of this.listeners) listener(changed);
  }
}

/** An answer that was streaming when its window closed did not finish. */
function endStreamingTurns(conversation: Conversation): void {
  for (const turn of conversation.turns) {
    if (turn.role === 'assistant' && turn.status === 'streaming') {
      turn.status = turn.text ? 'interrupted' : 'failed';
      turn.error = { message: l10n.t('The answer did not finish before VS Code closed: retry to ask again.'), actions: ['retry'] };
    }
  }
}
