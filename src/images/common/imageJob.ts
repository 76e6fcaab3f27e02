// One person's image request from start to files on disk: checked input and folder, one request
// to the service (its retries are the client's), checked images, each saved as a new file. The
// command palette, the explorer's Edit Image and the chat's /image all run through here.
import * as l10n from '@vscode/l10n';
import { readFile, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { buildImageRequest, type ImageFile, type WantedImageOptions } from '../../platform/client/images/imageRequest';
import { costOfImages } from '../../platform/client/catalog/pricing';
import type { ModelEntry } from '../../platform/client/catalog/schemas';
import type { RequestOptions, ServiceClient } from '../../platform/client/serviceClient';
import { checkImage, MAX_IMAGE_BYTES } from '../../platform/client/images/imageBytes';
import { displayLocale } from '../../platform/format/displayLanguage';
import { formatDecimal, formatInteger } from '../../platform/format/localeFormat';
import { checkWritableFolder, editedStem, saveNewFile, stemFromText } from './imageFiles';
import { ImageInputError } from '../../platform/client/images/imageInputError';

export { ImageInputError };

/** Longest prompt sent (the widely used image models read up to 32 000 characters). */
export const MAX_PROMPT_CHARS = 32_000;

/** Why the prompt cannot be sent, or undefined when it can. */
export function promptProblem(prompt: string, what: 'image' | 'edit'): string | undefined {
  if (prompt.trim() === '')
    return what === 'image'
      ? l10n.t('Describe the image to make, e.g. "a flat icon of a red fox".')
      : l10n.t('Say what to change, e.g. "make the background transparent".');
  if (prompt.length > MAX_PROMPT_CHARS) {
    const locale = displayLocale();
    return l10n.t('The prompt is {0} characters: shorten it to {1} at most.', formatInteger(prompt.length, locale), formatInteger(MAX_PROMPT_CHARS, locale));
  }
  return undefined;
}

/** The image file a person asked to edit, read and checked by its bytes. */
export async function readImageToEdit(file: string): Promise<ImageFile> {
  const name = path.basename(file);
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    throw new ImageInputError(l10n.t('{0} cannot be read: check that it still exists.', name), `${name} cannot be read`);
  }
  // Checked before reading, so a huge file is never loaded.
  if (size > MAX_IMAGE_BYTES)
    throw new ImageInputError(
      l10n.t('{0} is {1}, over the {2} limit: pick a smaller image.', name, megabytes(size), megabytes(MAX_IMAGE_BYTES)),
      `${name} is ${size} bytes, over the ${MAX_IMAGE_BYTES} bytes an image may be`,
    );
  const bytes = await readFile(file);
  const checked = checkImage(bytes);
  // The size was checked above: the file is empty or not an image.
  if ('problem' in checked) {
    throw new ImageInputError(
      bytes.length === 0
        ? l10n.t('{0} cannot be edited: it is empty. Pick a PNG, JPEG or WebP image.', name)
        : l10n.t('{0} cannot be edited: it is not a PNG, JPEG, WebP or GIF image. Pick a PNG, JPEG or WebP image.', name),
      bytes.length === 0 ? `${name} is empty` : `${name} is not a PNG, JPEG, WebP or GIF image`,
    );
  }
  return { bytes, fileName: name, mime: checked.type.mime };
}

/** "21.3 MB" / "21,3 МБ". */
function megabytes(bytes: number): string {
  return l10n.t('{0} MB', formatDecimal(bytes / (1024 * 1024), displayLocale()));
}

export interface ImageJob {
  client: Pick<ServiceClient, 'createImages'>;
  model: ModelEntry;
  prompt: string;
  wanted?: WantedImageOptions;
  /** Where new images go; for an edit, the original's folder. */
  folder: string;
  /** For an edit: the original's path and its checked content. */
  edit?: { file: string; image: ImageFile };
  signal?: AbortSignal;
  onRetry?: RequestOptions['onRetry'];
}

export interface ImageJobResult {
  /** Absolute paths of the new files, in the service's order. */
  files: string[];
  model: string;
  costRub?: number;
  requestId?: string;
}

export async function runImageJob(job: ImageJob): Promise<ImageJobResult> {
  const problem = promptProblem(job.prompt, job.edit ? 'edit' : 'image');
  if (problem) throw new ImageInputError(problem, `The prompt was refused (${job.prompt.length} characters)`);
  const kind = job.edit ? 'original' : 'setting';
  await checkWritableFolder(job.folder, kind);
  const request = buildImageRequest(job.model, job.prompt.trim(), job.wanted, job.edit?.image);
  const made = await job.client.createImages(request, { signal: job.signal, onRetry: job.onRetry });
  const stem = job.edit ? editedStem(job.edit.file) : stemFromText(job.prompt);
  // Made means paid: once the images arrived, a cancel no longer discards them.
  const files: string[] = [];
  for (const image of made.images) files.push(await saveNewFile(job.folder, kind, stem, image.type.ext, image.bytes));
  const costRub = costOfImages(job.model, made.images.length);
  return {
    files,
    model: job.model.id,
    ...(costRub !== undefined && { costRub }),
    ...(made.requestId !== undefined && { requestId: made.requestId }),
  };
}
