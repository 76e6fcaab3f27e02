// The record's files: one a month (`usage-2026-11.jsonl`, by the entry's UTC month), one entry
// a line, appended and bounded as the storage's bounded log keeps them (boundedLog.ts).
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { logFiles } from '../storage/boundedLog';
import { parseUsageLine, type UsageEntry } from './usageEntry';

export const MAX_USAGE_BYTES = 50 * 1024 * 1024;
/** A month's file of the record (boundedLog.ts keeps the files within their bound). */
export const USAGE_FILE = /^usage-(\d{4}-\d{2})\.jsonl$/;

/** The file an entry written at `time` (ISO) goes to. */
export function monthFile(folder: string, time: string): string {
  return path.join(folder, `usage-${time.slice(0, 7)}.jsonl`);
}

/** The record's files, oldest month first, with their sizes. */
export async function usageFiles(folder: string): Promise<{ file: string; month: string; bytes: number }[]> {
  return (await logFiles(folder, USAGE_FILE)).map(({ file, key, bytes }) => ({ file, month: key, bytes }));
}

const TIME_FIELD = '"time":"';

/** Whether the line's time is on a date before `day`; a line whose time is not found is read. */
function before(line: string, day: string): boolean {
  const at = line.indexOf(TIME_FIELD);
  return at >= 0 && line.slice(at + TIME_FIELD.length, at + TIME_FIELD.length + 10) < day;
}

export interface UsageRead {
  entries: UsageEntry[];
  /** Lines that were not an entry (corrupt, cut off by a crash), skipped. */
  corrupt: number;
}

/**
 * Every entry from the UTC day `fromDay` ("2026-10-02") on, or all, oldest first. Lines of the
 * earlier days of that month are passed over by their time's date without being parsed: a year
 * of entries is read in the time of a month's.
 */
export async function readUsage(folder: string, fromDay = ''): Promise<UsageRead> {
  const entries: UsageEntry[] = [];
  let corrupt = 0;
  const fromMonth = fromDay.slice(0, 7);
  for (const { file, month } of await usageFiles(folder)) {
    if (month < fromMonth) continue;
    corrupt += parseLines(await fs.readFile(file, 'utf8'), month === fromMonth ? fromDay : '', entries);
  }
  return { entries, corrupt };
}

/** One month's file ("2026-11"), from the UTC day `fromDay` on, and the bytes it held when read (0 when there is none). */
export async function readMonth(folder: string, month: string, fromDay = ''): Promise<UsageRead & { bytes: number }> {
  let text: string;
  try {
    text = await fs.readFile(monthFile(folder, month), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], corrupt: 0, bytes: 0 };
    throw error;
  }
  const entries: UsageEntry[] = [];
  const corrupt = parseLines(text, fromDay.slice(0, 7) === month ? fromDay : '', entries);
  return { entries, corrupt, bytes: Buffer.byteLength(text) };
}

/** Adds the entries of one month's `text` to `entries`, passing over the lines before `fromDay` (none when empty); returns the corrupt lines. */
function parseLines(text: string, fromDay: string, entries: UsageEntry[]): number {
  let corrupt = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line === '' || (fromDay !== '' && before(line, fromDay))) continue;
    const entry = parseUsageLine(line);
    if (entry) entries.push(entry);
    else corrupt++;
  }
  return corrupt;
}
