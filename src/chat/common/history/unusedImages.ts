// When an attached image's file goes: a chip removed from the composer, a conversation deleted,
// and a sweep of the folder some time after the history is first read (images attached and
// never sent: a window closed with them in its composer).
//
// The rule, the same for all three: a stored image goes only when no conversation still stored
// shows it, this window's composer does not hold it, and either this window wrote it and no
// window attached it since, or it is older than the grace period. Attaching an image writes its
// file or gives it a new modification time (storeAttachment), so a composer in another window
// holds only images younger than that, or ones this window did not write alone: neither goes.
// A composer that holds an image past the grace period says at send time that it is gone.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { imagesInFolder, isStoredImageName, storeAttachment } from './attachmentFiles';

/** How long an image no conversation shows is kept for a composer in another window. */
export const UNSENT_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;

export interface UnusedImagesOptions {
  /** The folder of attached images (attachmentsFolder). */
  folder: string;
  /** The files this window's composer holds for the next message. */
  inUse(): Iterable<string>;
  /** Takes out of `names` the images a stored conversation shows. */
  dropShown(names: Set<string>): Promise<void>;
  /** The extension's log (English). */
  log(line: string): void;
}

export class UnusedImages {
  /** The images this window wrote, by name, with the modification time it left them with. */
  private readonly written = new Map<string, number>();

  constructor(private readonly options: UnusedImagesOptions) {}

  /** Stores an attached image's bytes; resolves with its file. */
  async store(bytes: Uint8Array, ext: string): Promise<string> {
    const { file, written } = await storeAttachment(this.options.folder, bytes, ext);
    const time = written ? await this.modified(path.basename(file)) : undefined;
    if (time !== undefined) this.written.set(path.basename(file), time);
    return file;
  }

  /** Removes the images named `names` that may go (the rule above); the others stay. */
  async remove(names: Iterable<string>): Promise<void> {
    try {
      await this.removeUnused(names);
    } catch (error) {
      this.options.log(`History: could not remove attached images: ${(error as Error).message}`);
    }
  }

  /** Removes every image of the folder that may go. */
  async sweep(): Promise<void> {
    await this.remove(await imagesInFolder(this.options.folder));
  }

  private async removeUnused(names: Iterable<string>): Promise<void> {
    const held = new Set([...this.options.inUse()].map((file) => path.basename(file)));
    const before = Date.now() - UNSENT_IMAGE_GRACE_MS;
    // Each candidate's modification time, read before the conversations are.
    const times = new Map<string, number>();
    for (const name of new Set(names)) {
      if (!isStoredImageName(name) || held.has(name)) continue;
      const time = await this.modified(name);
      if (time !== undefined && (time < before || this.written.get(name) === time)) times.set(name, time);
    }
    if (times.size === 0) return;
    const unshown = new Set(times.keys());
    await this.options.dropShown(unshown);
    for (const name of unshown) {
      // Attached again while the conversations were read: its time moved on, so it stays.
      if ((await this.modified(name)) !== times.get(name)) continue;
      await fs.rm(path.join(this.options.folder, name), { force: true });
      this.written.delete(name);
    }
  }

  private async modified(name: string): Promise<number | undefined> {
    return fs.stat(path.join(this.options.folder, name)).then(
      (stat) => stat.mtimeMs,
      () => undefined,
    );
  }
}
