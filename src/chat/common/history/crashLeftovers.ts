// What a crash or a closed window leaves in the history, put right as it is read: temporary
// files of writes that did not finish are removed, searchable texts older than their
// conversations are written again, and an answer still marked streaming is marked cut. (A
// conversation file that cannot be read is moved aside as it is read.)
import * as l10n from '@vscode/l10n';
import { sweepTempFiles, type TempSweep } from '../../../platform/storage/tempFiles';
import type { SerialQueue } from '../../../platform/storage/atomicWrite';
import { attachmentsFolder } from './attachmentFiles';
import type { Conversation } from '../conversation/conversation';
import type { HistoryFolder } from './conversationFiles';
import { allTurns } from '../conversation/conversationTree';

/** How long a conversation file that could not be read is kept aside. */
export const KEEP_UNREADABLE_MS = 30 * 24 * 60 * 60 * 1000;
/** A temporary file this old is no write's any more: a write renames its file within moments. */
export const TEMP_FILE_AGE_MS = 60_000;

/** Removes the temporary files of writes that did not finish in the history's folders. */
export async function sweepTemporaryFiles(folder: HistoryFolder, sweep: TempSweep, log: (line: string) => void): Promise<void> {
  let count = 0;
  const folders = [folder.conversations, folder.text, folder.root, attachmentsFolder(folder.root)];
  for (const each of folders) count += (await sweepTempFiles(each, sweep)).length;
  if (count > 0) log(`History: removed ${count} temporary file(s) left by writes that did not finish.`);
}

export interface MendTexts {
  folder: HistoryFolder;
  /** The listed conversations. */
  ids: readonly string[];
  /** The store's writes, one at a time per conversation: a text is written between them. */
  writes: SerialQueue;
  isDeleted(id: string): boolean;
  log(line: string): void;
}

/** Writes again the searchable texts a crash left older than their conversations. */
export async function mendTexts({ folder, ids, writes, isDeleted, log }: MendTexts): Promise<void> {
  let mended = 0;
  for (const id of await folder.staleTexts(ids)) {
    await writes
      .run(id, async () => {
        if (isDeleted(id)) return;
        const read = await folder.read(id, log);
        if (!read) return;
        await folder.writeText(read.conversation);
        mended++;
      })
      .catch((error: Error) => log(`History: could not write the search text of ${id}: ${error.message}`));
  }
  if (mended > 0) log(`History: wrote the search text of ${mended} conversation(s) again: it was older than the conversation.`);
}

/** An answer that was streaming when its window closed did not finish. */
export function endStreamingTurns(conversation: Conversation): void {
  for (const turn of allTurns(conversation)) {
    if (turn.role === 'assistant' && turn.status === 'streaming') {
      turn.status = turn.text ? 'interrupted' : 'failed';
      turn.error = { message: l10n.t('The answer did not finish before VS Code closed: retry to ask again.'), actions: ['retry'] };
    }
  }
}
