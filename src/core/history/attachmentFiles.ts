// Images attached to chat messages, kept as files beside the history (history/attachments),
// never inside a conversation's JSON: named by their content's hash, so the same picture
// attached twice is one file, and written whole before their name appears.
import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { TEMP_SUFFIX } from './atomicWrite';

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
