// What counts as an image: the file's own first bytes, never its name or a Content-Type, and
// a size limit, for what the service sends back and for what a person asks to edit.

export interface ImageType {
  /** File extension, without the dot. */
  ext: 'png' | 'jpg' | 'webp' | 'gif';
  mime: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
}

/** Larger than any image the widely used images APIs produce or accept (they cap uploads at 4 to 50 MB). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF = [0x47, 0x49, 0x46, 0x38];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

function startsWith(bytes: Uint8Array, signature: number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
}

/** The image format the bytes begin with, if any. */
export function sniffImage(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, PNG)) return { ext: 'png', mime: 'image/png' };
  if (startsWith(bytes, JPEG)) return { ext: 'jpg', mime: 'image/jpeg' };
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return { ext: 'webp', mime: 'image/webp' };
  if (startsWith(bytes, GIF)) return { ext: 'gif', mime: 'image/gif' };
  return undefined;
}

export function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** The image these bytes are, or why they are not one this extension accepts. */
export function checkImage(bytes: Uint8Array, maxBytes = MAX_IMAGE_BYTES): { type: ImageType } | { problem: string } {
  if (bytes.length === 0) return { problem: 'it is empty' };
  if (bytes.length > maxBytes) return { problem: `it is ${formatMegabytes(bytes.length)}, over the ${formatMegabytes(maxBytes)} limit` };
  const type = sniffImage(bytes);
  return type ? { type } : { problem: 'it is not a PNG, JPEG, WebP or GIF image' };
}
