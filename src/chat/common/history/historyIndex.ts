// The small file the history list is read from: one entry per conversation (id, title,
// dates, the model of its last answer, its file's size), newest first. The conversation
// files are the truth: an entry missing, stale or left over (a window closed before it
// wrote the index, or two windows wrote it at once) is mended from them when the index is read.
import * as z from 'zod/mini';
import { promises as fs } from 'node:fs';
import { buildOnce } from '../../../platform/startup/buildOnce';
import type { Conversation, HistoryItem } from '../conversation/conversation';
import { writeFileAtomic } from '../../../platform/storage/atomicWrite';
import type { HistoryFolder } from './conversationFiles';

export const IndexEntrySchema = buildOnce(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    model: z.optional(z.string()),
    bytes: z.number(),
    keptAfterDeletion: z.optional(z.boolean()),
  }),
);
export type IndexEntry = z.infer<ReturnType<typeof IndexEntrySchema>>;

const IndexSchema = buildOnce(() => z.object({ version: z.literal(1), conversations: z.array(IndexEntrySchema()) }));

export function entryOf(conversation: Conversation, bytes: number): IndexEntry {
  const model = [...conversation.turns].reverse().flatMap((turn) => (turn.role === 'assistant' && turn.model ? [turn.model] : []))[0];
  const { id, title, createdAt, updatedAt, keptAfterDeletion } = conversation;
  return { id, title, createdAt, updatedAt, ...(model ? { model } : {}), bytes, ...(keptAfterDeletion ? { keptAfterDeletion } : {}) };
}

export const itemOf = ({ id, title, updatedAt, keptAfterDeletion }: IndexEntry): HistoryItem => ({
  id,
  title,
  updatedAt,
  ...(keptAfterDeletion ? { keptAfterDeletion } : {}),
});

export const newestFirst = (a: IndexEntry, b: IndexEntry): number => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0);

export async function writeIndex(folder: HistoryFolder, entries: Iterable<IndexEntry>): Promise<void> {
  await writeFileAtomic(folder.index, JSON.stringify({ version: 1, conversations: [...entries].sort(newestFirst) }));
}

/** The index after this window's changes: written one at a time, the last state at the end. */
export class IndexWriter {
  private writing?: Promise<void>;
  private again = false;

  constructor(
    private readonly folder: HistoryFolder,
    private readonly entries: () => Iterable<IndexEntry>,
    private readonly log: (line: string) => void,
  ) {}

  soon(): void {
    if (this.writing) {
      this.again = true;
      return;
    }
    this.writing = (async () => {
      // After the save that asked for it has resolved: an answer is shown as ended once its
      // conversation's file is written, and the list (mended from the files if a window goes
      // first) does not hold it up.
      await new Promise((resolve) => setImmediate(resolve));
      do {
        this.again = false;
        await writeIndex(this.folder, this.entries()).catch((error: Error) => this.log(`History: could not write ${this.folder.index}: ${error.message}`));
      } while (this.again);
      this.writing = undefined;
    })();
  }

  /** Resolves when the write under way, if any, has ended. */
  async idle(): Promise<void> {
    await this.writing;
  }
}

/**
 * The entries, mended from the conversation files: those the index lacks, or whose file was
 * written after the index, are read from their file; those whose file is gone or deleted are dropped.
 */
export async function readIndex(folder: HistoryFolder, log: (line: string) => void): Promise<Map<string, IndexEntry>> {
  const entries = new Map<string, IndexEntry>();
  let indexTime = 0;
  try {
    const [raw, stat] = await Promise.all([fs.readFile(folder.index, 'utf8'), fs.stat(folder.index)]);
    indexTime = stat.mtimeMs;
    const parsed = IndexSchema().safeParse(JSON.parse(raw));
    if (parsed.success) for (const entry of parsed.data.conversations) entries.set(entry.id, entry);
    else log(`History: skipped ${folder.index}: it is not a readable index; the list is read from the conversation files.`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      log(`History: skipped ${folder.index} (${(error as Error).message}); the list is read from the conversation files.`);
  }
  const [ids, deleted] = await Promise.all([folder.conversationIds(), folder.deletedIds()]);
  const present = new Set(ids);
  for (const id of entries.keys()) if (!present.has(id) || deleted.has(id)) entries.delete(id);
  const toRead: string[] = [];
  await Promise.all(
    ids.map(async (id) => {
      // Saved by a window that went before removing it (the deletion was later).
      if (deleted.has(id)) return folder.remove(id);
      if (entries.has(id)) {
        const stat = await fs.stat(folder.conversationFile(id)).catch(() => undefined);
        if (!stat || stat.mtimeMs < indexTime) return;
      }
      toRead.push(id);
    }),
  );
  // One at a time: a lost index does not bring the whole history into memory at once.
  for (const id of toRead) {
    const read = await folder.read(id, log);
    if (read) entries.set(id, entryOf(read.conversation, read.bytes));
    else entries.delete(id);
  }
  return entries;
}
