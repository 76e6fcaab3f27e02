// Search over the whole history without holding it: each conversation's searchable text
// (conversationFiles.ts writes it beside the conversation, lower case) is read one file at a
// time, a few at once, and dropped once looked at. A search a newer one replaced stops.
import { promises as fs } from 'node:fs';
import type { HistoryFolder } from './conversationFiles';
import type { IndexEntry } from './historyIndex';

const AT_ONCE = 8;

/** The entries (in the order given) whose title or text holds `query`, ignoring case. */
export async function searchHistory(
  folder: HistoryFolder,
  entries: readonly IndexEntry[],
  query: string,
  stopped: () => boolean = () => false,
): Promise<IndexEntry[]> {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...entries];
  const found = new Array<boolean>(entries.length).fill(false);
  let next = 0;
  const worker = async () => {
    while (next < entries.length && !stopped()) {
      const at = next++;
      const entry = entries[at]!;
      if (entry.title.toLowerCase().includes(needle)) {
        found[at] = true;
        continue;
      }
      const text = await fs.readFile(folder.textFile(entry.id), 'utf8').catch(() => '');
      found[at] = text.includes(needle);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return entries.filter((_, at) => found[at]);
}
