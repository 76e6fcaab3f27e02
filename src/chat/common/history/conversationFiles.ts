// Where the history lives on disk, under the extension's global storage folder:
//   history/index.json              the list (historyIndex.ts)
//   history/conversations/<id>.json one conversation, as the chat keeps it
//   history/text/<id>.txt           its searchable text, lower case (historySearch.ts)
//   history/deleted/<id>            a conversation deleted in some window: never written again
//   history/unreadable/<date>/      conversation files that did not read back as one, moved
//                                   aside with a log line (storage/asideFolder.ts)
// The searchable text is written after its conversation, so a text older than its
// conversation's file was cut short by a crash between the two writes, and is written again.
// Each write of a conversation's file starts with a new revision, so that a window tells its
// own last write from another window's by reading a few bytes (a file's time is too coarse).
import { randomBytes } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { ConversationSchema, type Conversation } from '../conversation/conversation';
import { TEMP_SUFFIX, writeFileAtomic } from '../../../platform/storage/atomicWrite';
import { AsideFolder } from '../../../platform/storage/asideFolder';
import { allTurns } from '../conversation/conversationTree';

/** Ids the chat makes (`c_…`): anything else is never used as a file name. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;

export const isSafeId = (id: string): boolean => SAFE_ID.test(id);

export class HistoryFolder {
  readonly conversations: string;
  readonly text: string;
  readonly deleted: string;
  readonly index: string;
  readonly unreadable: AsideFolder;
  /** Where the files this window could not read went, in the order it moved them. */
  readonly movedAside: string[] = [];
  /** Unreadable files that could not be moved either: logged once. */
  private readonly stuck = new Set<string>();

  constructor(readonly root: string) {
    this.conversations = path.join(root, 'conversations');
    this.text = path.join(root, 'text');
    this.deleted = path.join(root, 'deleted');
    this.index = path.join(root, 'index.json');
    this.unreadable = new AsideFolder(path.join(root, 'unreadable'));
  }

  async create(): Promise<void> {
    for (const folder of [this.conversations, this.text, this.deleted]) await fs.mkdir(folder, { recursive: true });
  }

  conversationFile(id: string): string {
    return path.join(this.conversations, `${id}.json`);
  }

  textFile(id: string): string {
    return path.join(this.text, `${id}.txt`);
  }

  /** The ids of the conversation files there (temporary files left by a crash are not). */
  async conversationIds(): Promise<string[]> {
    const names = await fs.readdir(this.conversations).catch(() => [] as string[]);
    return names
      .filter((name) => name.endsWith('.json') && !name.endsWith(TEMP_SUFFIX))
      .map((name) => name.slice(0, -'.json'.length))
      .filter(isSafeId);
  }

  /** The conversation in `<id>.json`; undefined when there is none, or it is damaged: then it is moved aside (`log` says where). */
  async read(id: string, log: (line: string) => void): Promise<{ conversation: Conversation; bytes: number; revision?: string } | undefined> {
    const file = this.conversationFile(id);
    let raw: string;
    try {
      raw = await fs.readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log(`History: could not read ${file}: ${(error as Error).message}`);
      return undefined;
    }
    let parsed;
    try {
      parsed = ConversationSchema().safeParse(JSON.parse(raw));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success || parsed.data.id !== id) {
      await this.moveAside(file, log);
      return undefined;
    }
    return { conversation: parsed.data, bytes: Buffer.byteLength(raw), revision: revisionOf(raw) };
  }

  /** The revision the conversation's file was last written with (undefined: no file, or none). */
  async revision(id: string): Promise<string | undefined> {
    const handle = await fs.open(this.conversationFile(id), 'r').catch(() => undefined);
    if (!handle) return undefined;
    try {
      const head = Buffer.alloc(REVISION_HEAD);
      const { bytesRead } = await handle.read(head, 0, REVISION_HEAD, 0);
      return revisionOf(head.subarray(0, bytesRead).toString('utf8'));
    } catch {
      return undefined;
    } finally {
      await handle.close();
    }
  }

  /** Moves a file that is not a readable conversation out of the way, so that no window reads it again. */
  private async moveAside(file: string, log: (line: string) => void): Promise<void> {
    try {
      const moved = await this.unreadable.moveAside(file);
      if (moved === undefined) return;
      this.movedAside.push(moved);
      log(`History: moved ${file} to ${moved}: it is not a readable conversation.`);
    } catch (error) {
      if (this.stuck.has(file)) return;
      this.stuck.add(file);
      log(`History: skipped ${file}: it is not a readable conversation, and could not be moved aside (${(error as Error).message}).`);
    }
  }

  /** Writes the conversation, then its searchable text. */
  async write(conversation: Conversation): Promise<{ bytes: number; revision: string }> {
    const revision = randomBytes(8).toString('hex');
    const json = `{"revision":"${revision}",${JSON.stringify(conversation).slice(1)}`;
    await writeFileAtomic(this.conversationFile(conversation.id), json);
    await this.writeText(conversation);
    return { bytes: Buffer.byteLength(json), revision };
  }

  async writeText(conversation: Conversation): Promise<void> {
    await writeFileAtomic(this.textFile(conversation.id), searchText(conversation));
  }

  /**
   * Of `ids`, those whose searchable text is missing or older than their conversation's file:
   * a write of both that a crash cut between the two. Compared by modification time, which a
   * rename keeps: a whole write leaves the text no older than the conversation.
   */
  async staleTexts(ids: readonly string[]): Promise<string[]> {
    const stale: string[] = [];
    const mtime = (file: string) =>
      fs.stat(file).then(
        (stat) => stat.mtimeMs,
        () => undefined,
      );
    for (const id of ids) {
      const [conversation, text] = await Promise.all([mtime(this.conversationFile(id)), mtime(this.textFile(id))]);
      if (conversation !== undefined && (text === undefined || text < conversation)) stale.push(id);
    }
    return stale;
  }

  async remove(id: string): Promise<void> {
    await fs.rm(this.conversationFile(id), { force: true });
    await fs.rm(this.textFile(id), { force: true });
  }

  /** Marks `id` deleted for every window, then removes its files. */
  async tombstone(id: string): Promise<void> {
    await fs.writeFile(path.join(this.deleted, id), new Date().toISOString());
    await this.remove(id);
  }

  isDeleted(id: string): boolean {
    return existsSync(path.join(this.deleted, id));
  }

  /** Forgets deletions older than `maxAgeMs`: no window keeps a conversation open that long unsaved. */
  async pruneDeleted(maxAgeMs: number, now = Date.now()): Promise<void> {
    for (const id of await fs.readdir(this.deleted).catch(() => [] as string[])) {
      const file = path.join(this.deleted, id);
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat && now - stat.mtimeMs > maxAgeMs) await fs.rm(file, { force: true });
    }
  }

  async deletedIds(): Promise<Set<string>> {
    return new Set(await fs.readdir(this.deleted).catch(() => [] as string[]));
  }
}

const REVISION_HEAD = 40;
const revisionOf = (head: string): string | undefined => /^\{"revision":"([0-9a-f]{16})"/.exec(head)?.[1];

/** What search looks in: the title and the text of every turn, in every branch, lower case. */
export function searchText(conversation: Conversation): string {
  return [conversation.title, ...allTurns(conversation).map((turn) => turn.text)].join('\n').toLowerCase();
}
