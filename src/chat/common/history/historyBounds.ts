// How much history is kept: the newest conversations, within a count and a size, the oldest
// going first; and the size past which one conversation is continued in a new one.
import { newestFirst, type IndexEntry } from './historyIndex';

export const MAX_CONVERSATIONS = 500;
export const MAX_HISTORY_BYTES = 200 * 1024 * 1024;
/** A conversation past this size is continued in a new one (chatSession.ts). */
export const MAX_CONVERSATION_BYTES = 20 * 1024 * 1024;

/** The entries past the last `limit` and past `maxBytes` in all, never `keep`: those to delete. */
export function pastBounds(entries: ReadonlyMap<string, IndexEntry>, keep: string, limit: number, maxBytes: number): IndexEntry[] {
  // Within both bounds (nearly every save): nothing to sort.
  if (entries.size <= limit) {
    let total = 0;
    for (const entry of entries.values()) total += entry.bytes;
    if (total <= maxBytes) return [];
  }
  let bytes = 0;
  return [...entries.values()].sort(newestFirst).filter((entry, at) => {
    bytes += entry.bytes;
    return entry.id !== keep && (at >= limit || bytes > maxBytes);
  });
}
