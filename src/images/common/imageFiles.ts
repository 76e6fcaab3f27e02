// Saving images into the workspace: the folder checked writable before the images are paid
// for, names from the prompt, never over an existing file, and never a half-written file. Each image is written whole to a hidden temporary file in the same
// folder, its final name is claimed by creating it exclusively (so a file that exists, or
// appears meanwhile, is never replaced), and the temporary file is renamed onto the claim.
import * as l10n from '@vscode/l10n';
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import * as path from 'node:path';
import { ImageInputError } from '../../platform/client/images/imageInputError';

const MAX_STEM = 48;
const FALLBACK_STEM = 'image';

/** "a red fox, logo!" -> "a-red-fox-logo": lower-case ASCII words, at most 48 characters. */
export function stemFromText(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let stem = '';
  for (const word of words) {
    const next = stem ? `${stem}-${word}` : word;
    if (next.length > MAX_STEM) break;
    stem = next;
  }
  return stem || (words[0]?.slice(0, MAX_STEM) ?? '') || FALLBACK_STEM;
}

/** The name an edit of `original` is saved under (before numbering): "shot.png" -> "shot-edited". */
export function editedStem(original: string): string {
  const base = path.basename(original, path.extname(original));
  return `${base}-edited`;
}

/** The images could not be written in their folder. */
export class SaveError extends ImageInputError {}

/** Whose folder the images go to, for what to do when it cannot be written: the setting's, or the edited original's. */
export type ImageFolderKind = 'setting' | 'original';

function advice(kind: ImageFolderKind): string {
  return kind === 'setting'
    ? l10n.t('Choose another folder in the setting multiModelAI.imageFolder.')
    : l10n.t('An edit is saved next to the original: copy the image into a folder you can write to, and edit the copy.');
}

/**
 * Creates `folder` when missing, then creates and deletes a probe file in it. Run before images
 * are paid for: a folder that cannot take them is found out while nothing has been spent.
 */
export async function checkWritableFolder(folder: string, kind: ImageFolderKind): Promise<void> {
  const probe = path.join(folder, `.probe.${randomBytes(6).toString('hex')}.partial`);
  try {
    await mkdir(folder, { recursive: true });
    await (await open(probe, 'wx')).close();
    await unlink(probe);
  } catch (error) {
    throw new SaveError(
      l10n.t('Images cannot be saved in {0}, so nothing was sent: {1}', folder, refusal(error, kind)),
      `Images cannot be saved in ${folder}: ${fault(error)}`,
    );
  }
}

/**
 * Writes `bytes` as `<folder>/<stem>.<ext>`, or `<stem>-2.<ext>`, `-3`... when taken; returns
 * the path written. The folder is created when missing (it may have gone since it was checked).
 * A failure leaves nothing behind.
 */
export async function saveNewFile(folder: string, kind: ImageFolderKind, stem: string, ext: string, bytes: Uint8Array): Promise<string> {
  const temporary = path.join(folder, `.${stem}.${randomBytes(6).toString('hex')}.partial`);
  try {
    await mkdir(folder, { recursive: true });
    const file = await open(temporary, 'wx');
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    const target = await claimName(folder, stem, ext);
    try {
      await rename(temporary, target);
    } catch (error) {
      await unlink(target).catch(() => undefined);
      throw error;
    }
    return target;
  } catch (error) {
    throw new SaveError(l10n.t('Could not save the image in {0}: {1}', folder, refusal(error, kind)), `Could not save the image in ${folder}: ${fault(error)}`);
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

/** Creates `<stem>.<ext>` (or the first free `<stem>-N.<ext>`) empty and exclusively; returns its path. */
async function claimName(folder: string, stem: string, ext: string): Promise<string> {
  for (let n = 1; ; n++) {
    const target = path.join(folder, `${n === 1 ? stem : `${stem}-${n}`}.${ext}`);
    try {
      await (await open(target, 'wx')).close();
      return target;
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw error;
    }
  }
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function refusal(error: unknown, kind: ImageFolderKind): string {
  return refusalMessage(fault(error), kind);
}

/** The file system's error code, or the error's text: for the log as it is. */
function fault(error: unknown): string {
  return codeOf(error) ?? (error instanceof Error ? error.message : String(error));
}

/** Why the file system refused (its error `code`, or the error's text), and what the person can do. */
export function refusalMessage(code: string, kind: ImageFolderKind): string {
  const why =
    code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
      ? l10n.t('the folder is read-only for VS Code')
      : code === 'ENOSPC'
        ? l10n.t('the disk is full')
        : code === 'ENOTDIR' || code === 'EEXIST'
          ? l10n.t("a file has the folder's name")
          : l10n.t('the file system refused ({0})', code);
  return l10n.t('{0}. {1}', why, advice(kind));
}

/**
 * The folder generated images go to: multiModelAI.imageFolder, absolute or relative to the
 * first workspace folder (`workspace`: its name and, when it is on this machine's disk, its path).
 * Returns the path, or what the person should do.
 */
export function resolveImageFolder(
  setting: string,
  workspace: { name: string; fsPath?: string } | undefined,
): { ok: true; folder: string } | { ok: false; message: string } {
  if (path.isAbsolute(setting)) return { ok: true, folder: setting };
  if (!workspace)
    return { ok: false, message: l10n.t('Open a folder first: images are saved into the workspace. Or set multiModelAI.imageFolder to an absolute path.') };
  if (workspace.fsPath === undefined)
    return {
      ok: false,
      message: l10n.t(
        "Images are saved on this machine's disk, and the folder {0} is not there: set multiModelAI.imageFolder to an absolute path.",
        workspace.name,
      ),
    };
  return { ok: true, folder: path.join(workspace.fsPath, setting) };
}
