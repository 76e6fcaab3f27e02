// A file replaced whole or not at all: written under a temporary name beside it, flushed to
// disk, then renamed over it (a rename within one folder is atomic). A crash or a failure
// before the rename leaves the old file as it was; the temporary name ends in `.tmp`, which
// no reader lists. Writes to one path go one at a time, in the order asked.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

export const TEMP_SUFFIX = '.tmp';

/** `rename` is the step a test replaces to stop a write between the data and the rename. */
export async function writeFileAtomic(file: string, data: string, rename: (from: string, to: string) => Promise<void> = fs.rename): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`);
  const handle = await fs.open(temp, 'w');
  try {
    await handle.writeFile(data, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

/** Runs each job after the jobs asked before it for the same key have ended (a failed one does not stop the next). */
export class SerialQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, job: () => Promise<T>): Promise<T> {
    const run = (this.tails.get(key) ?? Promise.resolve()).catch(() => undefined).then(job);
    this.tails.set(key, run);
    void run
      .catch(() => undefined)
      .then(() => {
        if (this.tails.get(key) === run) this.tails.delete(key);
      });
    return run;
  }

  /** Resolves when every job asked for so far has ended. */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()].map((tail) => tail.catch(() => undefined)));
  }
}
