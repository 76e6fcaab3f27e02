// What a message may carry besides its text, and how a file or an image becomes a chip: only
// real PNG, JPEG, WebP or GIF images by their bytes, at most 10 images and 20 MB of them, at
// most 20 files, text files cut to what the model's context leaves room for (codeBudget, with a
// note saying how much was sent),
// binary files refused with why. The host reads the bytes (VS Code's file system, so virtual
// folders work too); every decision is made here.
import * as l10n from '@vscode/l10n';
import { MAX_IMAGE_BYTES, sniffImage } from '../../../platform/client/images/imageBytes';
import { displayLocale } from '../../../platform/format/displayLanguage';
import { formatDecimal, formatInteger } from '../../../platform/format/localeFormat';
import { languageIdForFence } from '../../../platform/text/fenceLanguage';
import { MAX_CONTEXT_CHARS } from './contextBlock';
import { newId, type ContextItem } from '../conversation/conversation';

export const MAX_IMAGES = 10;
export const MAX_FILES = 20;
/** Bytes of images one message may carry, all together. */
export const MAX_IMAGE_BYTES_PER_MESSAGE = MAX_IMAGE_BYTES;
/** A file is attached only when at least this much of it can be sent. */
const MIN_FILE_CHARS = 500;
/** How far into a file a NUL byte marks it as binary (as git decides). */
const BINARY_PROBE_BYTES = 8000;

const megabytes = (bytes: number): string => `${formatDecimal(bytes / (1024 * 1024), displayLocale())} MB`;

/** Where an attached file comes from, as the chip names it. */
export interface AttachedFileName {
  /** Base name. */
  fileName: string;
  /** Workspace-relative path, or the full path of a file outside the workspace. */
  path: string;
  /** The address it is read from again when the message is sent. */
  uri?: string;
}

/** Why `items` are more than one message may carry, or undefined. */
export function attachmentLimit(items: readonly ContextItem[]): string | undefined {
  const images = items.filter((item) => item.kind === 'image');
  const files = items.filter((item) => item.kind === 'file' && item.uri !== undefined);
  const locale = displayLocale();
  if (images.length > MAX_IMAGES) return l10n.t('A message can carry at most {0} images: remove one first.', formatInteger(MAX_IMAGES, locale));
  const bytes = images.reduce((sum, item) => sum + (item.bytes ?? 0), 0);
  if (bytes > MAX_IMAGE_BYTES_PER_MESSAGE)
    return l10n.t(
      'The images of a message can be {0} at most, and these would be {1}: remove one first.',
      megabytes(MAX_IMAGE_BYTES_PER_MESSAGE),
      megabytes(bytes),
    );
  if (files.length > MAX_FILES) return l10n.t('A message can carry at most {0} files: remove one first.', formatInteger(MAX_FILES, locale));
  return undefined;
}

/** Whether the bytes are not text: a NUL byte near the start, or not UTF-8. */
export function isBinary(bytes: Uint8Array): boolean {
  if (bytes.subarray(0, BINARY_PROBE_BYTES).includes(0)) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return false;
  } catch {
    return true;
  }
}

export type Attached = { ok: true; item: ContextItem } | { ok: false; message: string };

/** Characters of code still free in a message of at most `limit` characters beside `others`. */
export function freeChars(others: readonly ContextItem[], limit: number): number {
  return limit - others.reduce((sum, item) => sum + item.text.length, 0);
}

/** Why `what` cannot be attached: the message carries as much code as it can. */
export function noRoomFor(what: string, limit: number): Attached {
  return {
    ok: false,
    message: l10n.t('This message carries as much code as it can ({0} characters): remove a chip to attach {1}.', formatInteger(limit, displayLocale()), what),
  };
}

/**
 * A text file as a chip, cut to the characters still free of the message's `limit` (codeBudget;
 * `others` are already attached); a binary file refused with why. An image is not given here
 * (imageFromBytes).
 */
export function textFileAttachment(bytes: Uint8Array, name: AttachedFileName, others: readonly ContextItem[], limit = MAX_CONTEXT_CHARS): Attached {
  if (isBinary(bytes))
    return {
      ok: false,
      message: l10n.t('{0} is not a text file, so it cannot be attached: only text files and PNG, JPEG, WebP or GIF images can.', name.path),
    };
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const free = freeChars(others, limit);
  const locale = displayLocale();
  if (free < Math.min(MIN_FILE_CHARS, text.length)) return noRoomFor(name.path, limit);
  const lines = text.split('\n');
  const totalLines = Math.max(1, text.endsWith('\n') ? lines.length - 1 : lines.length);
  let sent = text;
  let note: string | undefined;
  if (text.length > free) {
    // Cut at a line's end, so the model never reads half a line as the code's last.
    const cut = text.lastIndexOf('\n', free);
    sent = text.slice(0, cut > 0 ? cut + 1 : free);
    const sentLines = Math.max(1, sent.split('\n').length - 1);
    note = l10n.t('lines 1–{0} of {1} sent', formatInteger(sentLines, locale), formatInteger(totalLines, locale));
  }
  const ext = /\.([^./\\]+)$/.exec(name.fileName)?.[1] ?? '';
  const item: ContextItem = {
    id: newId('ctx'),
    kind: 'file',
    fileName: name.fileName,
    path: name.path,
    languageId: languageIdForFence(ext),
    startLine: 1,
    endLine: totalLines,
    text: sent,
    ...(name.uri !== undefined && { uri: name.uri }),
    ...(note !== undefined && { note }),
  };
  return { ok: true, item };
}

/** The image these bytes are, or why they cannot be attached. */
export function checkAttachedImage(
  bytes: Uint8Array,
  name: string,
): { mimeType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif'; ext: string } | { problem: string } {
  const type = sniffImage(bytes);
  if (!type) return { problem: l10n.t('{0} is not a PNG, JPEG, WebP or GIF image, so it cannot be attached.', name) };
  if (bytes.length > MAX_IMAGE_BYTES_PER_MESSAGE)
    return {
      problem: l10n.t('{0} is {1}, more than the {2} the images of a message can be.', name, megabytes(bytes.length), megabytes(MAX_IMAGE_BYTES_PER_MESSAGE)),
    };
  return { mimeType: type.mime, ext: type.ext };
}

/** An image chip for a stored copy (`file`, beside the history). */
export function imageItem(file: string, mimeType: NonNullable<ContextItem['mimeType']>, bytes: number, name: AttachedFileName): ContextItem {
  return {
    id: newId('img'),
    kind: 'image',
    fileName: name.fileName,
    path: name.path,
    languageId: '',
    startLine: 1,
    endLine: 1,
    text: '',
    file,
    mimeType,
    bytes,
  };
}

/** Whether the model takes images as input (its catalog entry's input modalities). */
export function takesImages(entry: { architecture: { input_modalities?: readonly string[] } } | undefined): boolean {
  return (entry?.architecture.input_modalities ?? []).includes('image');
}

/** Said when a message with images is for a model that does not take them. */
export const noImagesMessage = (model: string): string => l10n.t('{0} does not take images: pick a model that does, or remove the images.', model);
