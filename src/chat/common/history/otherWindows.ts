// What other windows do to the stored conversations, as this window follows it: a deletion
// anywhere stands (a late save here is told so), and a file another window wrote or removed
// changes this window's list.
import * as path from 'node:path';
import { isSafeId, type HistoryFolder } from './conversationFiles';
import { entryOf, type IndexEntry } from './historyIndex';
import type { MergeBase } from './historyMerge';

/** How long a deletion is remembered for the other windows. */
export const KEEP_DELETIONS_MS = 30 * 24 * 60 * 60 * 1000;

/** A save of a conversation deleted in another window: nothing was stored, and the deletion stands. */
export interface DeletedElsewhere {
  deletedElsewhere: true;
}
export const DELETED_ELSEWHERE: DeletedElsewhere = { deletedElsewhere: true };

/** What this window last wrote or read of a conversation's file. */
export interface Known extends MergeBase {
  /** The file's revision as this window last wrote or read it: another is another window's write. */
  revision?: string;
  bytes: number;
}

/** This window's view of the stored conversations, which another window's change updates. */
export interface WindowView {
  folder: HistoryFolder;
  entries: Map<string, IndexEntry>;
  known: Map<string, Known>;
  /** Deleted in any window. */
  deleted: Set<string>;
  log(line: string): void;
}

/** The conversation a changed file of the watched folders (conversations, deletions) stands for. */
export function changedId(folder: HistoryFolder, file: string): string | undefined {
  const name = path.basename(file);
  const id = path.dirname(file) === folder.deleted ? name : name.endsWith('.json') ? name.slice(0, -'.json'.length) : undefined;
  return id && isSafeId(id) ? id : undefined;
}

/** Brings `view` in line with the stored files of `id`; resolves with whether the list changed. */
export async function followChange(id: string, view: WindowView): Promise<boolean> {
  const { folder, entries, known } = view;
  if (folder.isDeleted(id)) {
    view.deleted.add(id);
    known.delete(id);
    return entries.delete(id);
  }
  const revision = await folder.revision(id);
  if (revision === undefined) return entries.delete(id);
  if (revision === known.get(id)?.revision) return false;
  const read = await folder.read(id, view.log);
  if (!read) return entries.delete(id);
  entries.set(id, entryOf(read.conversation, read.bytes));
  return true;
}
