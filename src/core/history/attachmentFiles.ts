// Images attached to chat messages, kept as files beside the history (history/attachments),
// never inside a conversation's JSON: named by their content's hash, so the same picture
// attached twice is one file, and written whole before their name appears. One goes when the
// last conversation that shows it is deleted.
import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Conversation } from '../chat/conversation';
import { TEMP_SUFFIX } from './atomicWrite';

/** A stored image's name: its content's hash and its type, nothing that could leave the folder. */
const STORED_NAME = /^[0-9a-f]{64}\.(png|jpg|jpeg|webp|gif)$/;

/** The folder of attached images inside the history folder. */
export function attachmentsFolder(historyFolder: string): string {
  return path.join(historyFolder, 'attachments');
}

/** Stores `bytes` as `<sha256>.<ext>` in `folder`; resolves with the file's path. */
export async function storeAttachment(folder: string, bytes: Uint8Array, ext: string): Promise<string> {
  const file = path.join(folder, `${createHash('sha256').update(bytes).digest('hex')}.${ext}`);
  const exists = await fs.stat(file).then(
    (stat) => stat.size === bytes.length,
    () => false,
  );
  if (exists) return file;
  await fs.mkdir(folder, { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
  await fs.writeFile(temp, bytes);
  await fs.rename(temp, file);
  return file;
}

/** The bytes of a stored image, or undefined when it went away. */
export async function readAttachment(file: string): Promise<Uint8Array | undefined> {
  return fs.readFile(file).catch(() => undefined);
}

/** The names of the stored images `conversation` shows (read from its JSON, so checked). */
export function storedImageNames(conversation: Conversation): string[] {
  const names = new Set<string>();
  for (const turn of conversation.turns) {
    if (turn.role !== 'user') continue;
    for (const item of turn.context) {
      const name = item.kind === 'image' && item.file !== undefined ? path.basename(item.file) : '';
      if (STORED_NAME.test(name)) names.add(name);
    }
  }
  return [...names];
}

/** Removes the stored images named `names` from `folder`; one already gone is passed over. */
export async function removeAttachments(folder: string, names: Iterable<string>): Promise<void> {
  for (const name of names) if (STORED_NAME.test(name)) await fs.rm(path.join(folder, name), { force: true });
}
