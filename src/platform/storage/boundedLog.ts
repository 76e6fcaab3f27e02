// A record kept as lines appended to files in one folder, a file a period (a month, say), named by
// a pattern whose first group sorts the files oldest first. Together at most `maxBytes`: the oldest
// files go first; a file that alone is over the bound keeps its newest half. Lines from any window
// are appended whole (one append call each batch), so windows writing at once never mix a line.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from './atomicWrite';

export interface LogFile {
  file: string;
  /** The pattern's first group: what the files sort by. */
  key: string;
  bytes: number;
}

/** The record's files, oldest first, with their sizes; none when the folder is not there. */
export async function logFiles(folder: string, pattern: RegExp): Promise<LogFile[]> {
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found = names.flatMap((name) => {
    const key = pattern.exec(name)?.[1];
    return key ? [{ file: path.join(folder, name), key }] : [];
  });
  found.sort((a, b) => (a.key < b.key ? -1 : 1));
  return Promise.all(found.map(async (f) => ({ ...f, bytes: (await fs.stat(f.file)).size })));
}

/** Appends each file's text (lines ending in a newline), making the folder when it is not there. */
export async function appendLines(folder: string, byFile: ReadonlyMap<string, string>): Promise<void> {
  await fs.mkdir(folder, { recursive: true });
  for (const [file, text] of byFile) await fs.appendFile(file, text, 'utf8');
}

/** Removes the oldest files while the record is over `maxBytes`; a lone file over it keeps its newest lines up to half the bound. Returns the bytes left. */
export async function keepWithin(folder: string, pattern: RegExp, maxBytes: number): Promise<number> {
  const files = await logFiles(folder, pattern);
  let total = files.reduce((sum, f) => sum + f.bytes, 0);
  while (total > maxBytes && files.length > 1) {
    const oldest = files.shift()!;
    await fs.rm(oldest.file, { force: true });
    total -= oldest.bytes;
  }
  const [last] = files;
  if (total > maxBytes && last) {
    const lines = (await fs.readFile(last.file, 'utf8')).split('\n').filter(Boolean);
    let kept = 0;
    let from = lines.length;
    while (from > 0 && kept + Buffer.byteLength(lines[from - 1]!) + 1 <= maxBytes / 2) kept += Buffer.byteLength(lines[--from]!) + 1;
    await writeFileAtomic(
      last.file,
      lines
        .slice(from)
        .map((line) => `${line}\n`)
        .join(''),
    );
    total = (await fs.stat(last.file)).size;
  }
  return total;
}
