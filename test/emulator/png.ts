// A minimal PNG codec on node:zlib: enough to write the emulator's images and to read the
// images sent for editing (8-bit, non-interlaced: grey, RGB, palette, grey+alpha, RGBA).
import { crc32, deflateSync, inflateSync } from 'node:zlib';

/** Pixels row by row, `channels` bytes each: 3 (RGB) or 4 (RGBA). */
export interface Bitmap {
  width: number;
  height: number;
  channels: 3 | 4;
  pixels: Uint8Array;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Thrown for PNG bytes that are broken. */
export class PngError extends Error {}

/** Thrown for a valid PNG of a variant this codec does not read (16-bit, interlaced, ...). */
export class PngUnsupportedError extends PngError {}

export function encodePng(bitmap: Bitmap): Buffer {
  const { width, height, channels, pixels } = bitmap;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, channels === 4 ? 6 : 2, 0, 0, 0], 8); // 8-bit, RGB(A), no interlace
  const stride = width * channels;
  const raw = Buffer.alloc(height * (1 + stride));
  // Filter type 0 (none) on every row: simplest, and deflate still packs gradients well.
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (1 + stride) + 1);
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export interface PngChunk {
  type: string;
  data: Buffer;
  crcOk: boolean;
}

/** The chunks after the signature, in order; throws PngError when the framing is broken. */
export function readChunks(png: Buffer): PngChunk[] {
  if (png.length < 8 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new PngError('not a PNG: the signature is missing');
  const chunks: PngChunk[] = [];
  for (let at = 8; at < png.length;) {
    if (at + 12 > png.length) throw new PngError('truncated chunk header');
    const length = png.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > png.length) throw new PngError('truncated chunk');
    const typed = png.subarray(at + 4, at + 8 + length);
    chunks.push({ type: typed.subarray(0, 4).toString('latin1'), data: typed.subarray(4), crcOk: crc32(typed) === png.readUInt32BE(end - 4) });
    at = end;
  }
  return chunks;
}

const CHANNELS_BY_COLOUR_TYPE: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export function decodePng(png: Buffer): Bitmap {
  const chunks = readChunks(png);
  if (chunks.some((c) => !c.crcOk)) throw new PngError('a chunk fails its CRC');
  const ihdr = chunks[0]?.type === 'IHDR' ? chunks[0].data : undefined;
  if (!ihdr || ihdr.length !== 13) throw new PngError('IHDR must come first');
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const [depth, colourType, , , interlace] = ihdr.subarray(8);
  const sourceChannels = CHANNELS_BY_COLOUR_TYPE[colourType ?? -1];
  if (depth !== 8 || interlace !== 0 || sourceChannels === undefined) {
    throw new PngUnsupportedError(`unsupported PNG variant (bit depth ${depth}, colour type ${colourType}, interlace ${interlace})`);
  }
  if (width === 0 || height === 0 || width * height > 16_000_000) throw new PngUnsupportedError(`unsupported dimensions ${width}x${height}`);
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  } catch {
    throw new PngError('the image data does not inflate');
  }
  const stride = width * sourceChannels;
  if (raw.length < height * (1 + stride)) throw new PngError('the image data is too short');
  const samples = unfilter(raw, width, height, sourceChannels);
  const palette = chunks.find((c) => c.type === 'PLTE')?.data;
  const transparency = chunks.find((c) => c.type === 'tRNS')?.data;
  if (colourType === 3 && !palette) throw new PngError('a palette image without PLTE');
  const channels = colourType === 4 || colourType === 6 || (colourType === 3 && transparency) ? 4 : 3;
  const pixels = new Uint8Array(width * height * channels);
  for (let i = 0; i < width * height; i++) {
    const s = i * sourceChannels;
    const rgba = toRgba(colourType ?? 0, samples, s, palette, transparency);
    pixels.set(rgba.subarray(0, channels), i * channels);
  }
  return { width, height, channels, pixels };
}

const scratch = new Uint8Array(4);

function toRgba(colourType: number, samples: Uint8Array, s: number, palette?: Buffer, transparency?: Buffer): Uint8Array {
  const v = samples[s] ?? 0;
  switch (colourType) {
    case 0:
      scratch.set([v, v, v, 255]);
      break;
    case 4:
      scratch.set([v, v, v, samples[s + 1] ?? 255]);
      break;
    case 3:
      scratch.set([palette?.[v * 3] ?? 0, palette?.[v * 3 + 1] ?? 0, palette?.[v * 3 + 2] ?? 0, transparency?.[v] ?? 255]);
      break;
    default:
      scratch.set([v, samples[s + 1] ?? 0, samples[s + 2] ?? 0, colourType === 6 ? (samples[s + 3] ?? 255) : 255]);
  }
  return scratch;
}

/** Undoes the per-row filters (PNG spec, section 9). */
function unfilter(raw: Buffer, width: number, height: number, bpp: number): Uint8Array {
  const stride = width * bpp;
  const out = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (1 + stride)];
    const row = raw.subarray(y * (1 + stride) + 1, (y + 1) * (1 + stride));
    const at = y * stride;
    if (filter === undefined || filter > 4) throw new PngError(`unknown row filter ${filter}`);
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? (out[at + x - bpp] ?? 0) : 0;
      const b = y > 0 ? (out[at + x - stride] ?? 0) : 0;
      const c = x >= bpp && y > 0 ? (out[at + x - stride - bpp] ?? 0) : 0;
      out[at + x] = ((row[x] ?? 0) + predict(filter, a, b, c)) & 0xff;
    }
  }
  return out;
}

function predict(filter: number, a: number, b: number, c: number): number {
  switch (filter) {
    case 1:
      return a;
    case 2:
      return b;
    case 3:
      return (a + b) >> 1;
    case 4:
      return paeth(a, b, c);
    default:
      return 0;
  }
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}
