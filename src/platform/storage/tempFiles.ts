// Temporary files an atomic write leaves behind when its process ends between writing and
// renaming: `.<name>.<hex>.tmp` beside `<name>` (history/atomicWrite.ts names them so), or
// `<name>.<hex>.tmp` (an attached image's, history/attachmentFiles.ts). No reader
// lists them, so nothing else ever removes them. A sweep removes those old enough that no write
// can still be using one (a write renames its file within moments of writing it).
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

const TEMP_NAME = /^\.?(.+)\.[0-9a-f]{8,}\.tmp$/;

/** The name the temporary file `name` was to become (`c_1.json` for `.c_1.json.0a1b2c3d.tmp`); undefined for any other name. */
export function tempTarget(name: string): string | undefined {
  return TEMP_NAME.exec(name)?.[1];
}

export interface TempSweep {
  /** A temporary file last written this long before `now` or longer ago is removed. */
  olderThanMs: number;
  now?: number;
  /** Removed whatever their age: those to become a name this says yes to. */
  always?: (target: string) => boolean;
}

/** Removes the temporary files in `folder` that may go; resolves with the names removed. */
export async function sweepTempFiles(folder: string, { olderThanMs, now = Date.now(), always = () => false }: TempSweep): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await fs.readdir(folder).catch(() => [] as string[])) {
    const target = tempTarget(name);
    if (target === undefined) continue;
    const file = path.join(folder, name);
    if (!always(target)) {
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat?.isFile() || now - stat.mtimeMs < olderThanMs) continue;
    }
    await fs.rm(file, { force: true });
    removed.push(name);
  }
  return removed;
}
