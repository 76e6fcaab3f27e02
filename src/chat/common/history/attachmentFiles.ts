// Images attached to chat messages, kept as files beside the history (history/attachments),
// never inside a conversation's JSON: named by their content's hash, so the same picture
// attached twice is one file, and written whole before their name appears. When one goes is
// decided in unusedImages.ts.
import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Conversation } from '../conversation/conversation';
import { TEMP_SUFFIX } from '../../../platform/storage/atomicWrite';
import { allTurns } from '../conversation/conversationTree';

/** A stored image's name: its content's hash and its type, nothing that could leave the folder. */
const STORED_NAME = /^[0-9a-f]{64}\.(png|jpg|jpeg|webp|gif)$/;

/** The folder of attached images inside the history folder. */
export function attachmentsFolder(historyFolder: string): string {
  return path.join(historyFolder, 'attachments');
}

/** Whether `name` is a stored image's: the only files of the folder ever removed. */
export const isStoredImageName = (name: string): boolean => STORED_NAME.test(name);

/** An image as stored: its file, and whether this call wrote it (else it was there already). */
export interface StoredAttachment {
  file: string;
  written: boolean;
}

/**
 * Stores `bytes` as `<sha256>.<ext>` in `folder`. A file already there gets a new modification
 * time: an image attached is never older than its last attachment (unusedImages.ts relies on it).
 */
export async function storeAttachment(folder: string, bytes: Uint8Array, ext: string): Promise<StoredAttachment> {
  const file = path.join(folder, `${createHash('sha256').update(bytes).digest('hex')}.${ext}`);
  const exists = await fs.stat(file).then(
    (stat) => stat.size === bytes.length,
    () => false,
  );
  if (exists) {
    const now = new Date();
    const touched = await fs.utimes(file, now, now).then(
      () => true,
      () => false,
    );
    // Gone meanwhile: written again below.
    if (touched) return { file, written: false };
  }
  await fs.mkdir(folder, { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
  await fs.writeFile(temp, bytes);
  await fs.rename(temp, file);
  return { file, written: true };
}

/** The names of the stored images in `folder` (none when it is not there). */
export async function imagesInFolder(folder: string): Promise<string[]> {
  return (await fs.readdir(folder).catch(() => [] as string[])).filter(isStoredImageName);
}

/** The bytes of a stored image, or undefined when it went away. */
export async function readAttachment(file: string): Promise<Uint8Array | undefined> {
  return fs.readFile(file).catch(() => undefined);
}

/** The names of the stored images `conversation` shows in any branch (read from its JSON, so checked). */
export function storedImageNames(conversation: Conversation): string[] {
  const names = new Set<string>();
  for (const turn of allTurns(conversation)) {
    if (turn.role !== 'user') continue;
    for (const item of turn.context) {
      const name = item.kind === 'image' && item.file !== undefined ? path.basename(item.file) : '';
      if (isStoredImageName(name)) names.add(name);
    }
  }
  return [...names];
}
