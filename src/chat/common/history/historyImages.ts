// The images attached to the history's conversations: stored beside them, and removed by the
// rule of unusedImages.ts, one removal at a time so that a sweep never races a deletion.
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { SerialQueue } from '../../../platform/storage/atomicWrite';
import { attachmentsFolder } from './attachmentFiles';
import type { HistoryFolder } from './conversationFiles';
import { UnusedImages } from './unusedImages';

export interface HistoryImagesOptions {
  folder: HistoryFolder;
  /** Deleted in some window: its file, still there for a moment, keeps no image. */
  isDeleted(id: string): boolean;
  /** Stored images in use outside the history (the chips of a message not sent yet). */
  inUse(): Iterable<string>;
  log(line: string): void;
}

export class HistoryImages {
  /** The folder of attached images. */
  readonly folder: string;
  private readonly unused: UnusedImages;
  private readonly removals = new SerialQueue();
  private sweepTimer?: ReturnType<typeof setTimeout>;

  constructor(private readonly options: HistoryImagesOptions) {
    this.folder = attachmentsFolder(options.folder.root);
    this.unused = new UnusedImages({
      folder: this.folder,
      inUse: options.inUse,
      dropShown: (names) => this.dropShown(names),
      log: options.log,
    });
  }

  /** Stores an image attached to the next message; resolves with its file. */
  store(bytes: Uint8Array, ext: string): Promise<string> {
    return this.unused.store(bytes, ext);
  }

  /** An image no longer attached to the next message: its file goes unless it may still be used. */
  async discard(file: string): Promise<void> {
    if (path.dirname(file) === this.folder) await this.remove([path.basename(file)]);
  }

  /** The images of deleted conversations, by name: those no other conversation shows go. */
  remove(names: Iterable<string>): Promise<void> {
    return this.removals.run('images', () => this.unused.remove(names));
  }

  /** Removes the images of the folder that may go (unusedImages.ts). */
  sweep(): Promise<void> {
    return this.removals.run('images', () => this.unused.sweep());
  }

  /** Sweeps once, `delayMs` from now: the chat's first show goes first. */
  sweepAfter(delayMs: number): void {
    this.sweepTimer = setTimeout(() => void this.sweep(), delayMs);
    this.sweepTimer.unref?.();
  }

  idle(): Promise<void> {
    return this.removals.idle();
  }

  dispose(): void {
    clearTimeout(this.sweepTimer);
  }

  /** Takes out of `names` the images a conversation still stored shows. */
  private async dropShown(names: Set<string>): Promise<void> {
    const { folder } = this.options;
    for (const id of await folder.conversationIds()) {
      if (names.size === 0) return;
      if (this.options.isDeleted(id)) continue;
      // A stored name is a 64-digit hash: found in the file's text, it is that image.
      const text = await readFile(folder.conversationFile(id), 'utf8').catch(() => '');
      for (const name of [...names]) if (text.includes(name)) names.delete(name);
    }
  }
}
