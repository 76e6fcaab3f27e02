// A folder for files that cannot be read: each is moved, not deleted, into a folder named for
// the day it was moved (`<root>/2026-03-05/`, the UTC date), so the person can still look at it
// or send it with a bug report, and nothing reads it again. A day's folder goes once it is older
// than the time such files are kept.
import { existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';

const DAY_FOLDER = /^(\d{4})-(\d{2})-(\d{2})$/;

export class AsideFolder {
  constructor(readonly root: string) {}

  /** The day's folder for `now`. */
  dayFolder(now = new Date()): string {
    return path.join(this.root, now.toISOString().slice(0, 10));
  }

  /**
   * Moves `file` into the folder of `now`'s day, under its own name, or numbered beside a file of
   * that name moved earlier that day (`c_1-2.json`). Resolves with where it went, or undefined
   * when `file` was gone already (another process moved it first).
   */
  async moveAside(file: string, now = new Date()): Promise<string | undefined> {
    const day = this.dayFolder(now);
    await fs.mkdir(day, { recursive: true });
    const { name, ext } = path.parse(file);
    let target = path.join(day, `${name}${ext}`);
    for (let n = 2; existsSync(target); n++) target = path.join(day, `${name}-${n}${ext}`);
    try {
      await fs.rename(file, target);
      return target;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Removes the days' folders more than `maxAgeMs` older than `now`; resolves with their names. */
  async prune(maxAgeMs: number, now = Date.now()): Promise<string[]> {
    const removed: string[] = [];
    for (const name of await fs.readdir(this.root).catch(() => [] as string[])) {
      const day = DAY_FOLDER.exec(name);
      if (!day) continue;
      const start = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
      if (Number.isNaN(start) || now - start <= maxAgeMs) continue;
      await fs.rm(path.join(this.root, name), { recursive: true, force: true });
      removed.push(name);
    }
    return removed;
  }
}
