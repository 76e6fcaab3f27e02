// The pictures of the image endpoints: generated ones painted from a hash of the prompt (a
// gradient and three discs, so prompts look visibly different), and edits as a transformation
// of the input chosen by a hash of the prompt. Everything is deterministic.
import { createHash } from 'node:crypto';
import type { Bitmap } from './png';

/** No side of an answered image is longer: answers stay small whatever size is asked. */
export const MAX_SIDE = 256;
/** The side of a generated image when no size is asked. */
export const DEFAULT_SIDE = 64;

export interface Dimensions {
  width: number;
  height: number;
}

/** The dimensions for a requested `WxH`, scaled down to fit MAX_SIDE; absent or `auto`: `fallback` as it is. */
export function fitSize(size: string | undefined, fallback: Dimensions): Dimensions {
  if (!size || size === 'auto') return fallback;
  const [width, height] = size.split('x').map(Number);
  const scale = Math.min(1, MAX_SIDE / Math.max(width ?? 1, height ?? 1));
  return { width: Math.max(1, Math.round((width ?? 1) * scale)), height: Math.max(1, Math.round((height ?? 1) * scale)) };
}

const hash = (seed: string): Buffer => createHash('sha256').update(seed).digest();

/** An RGB picture: a diagonal two-colour gradient with three discs, all from the seed's hash. */
export function paint(seed: string, { width, height }: Dimensions): Bitmap {
  const h = hash(seed);
  const from = [h[0] ?? 0, h[1] ?? 0, h[2] ?? 0];
  const to = [h[3] ?? 0, h[4] ?? 0, h[5] ?? 0];
  const discs = [0, 1, 2].map((k) => ({
    x: ((h[6 + k * 6] ?? 0) / 255) * width,
    y: ((h[7 + k * 6] ?? 0) / 255) * height,
    r: (0.1 + ((h[8 + k * 6] ?? 0) / 255) * 0.25) * Math.min(width, height),
    colour: [h[9 + k * 6] ?? 0, h[10 + k * 6] ?? 0, h[11 + k * 6] ?? 0],
  }));
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x + y) / Math.max(1, width + height - 2);
      const disc = discs.filter((d) => (x - d.x) ** 2 + (y - d.y) ** 2 <= d.r ** 2).at(-1);
      const rgb = disc ? disc.colour : from.map((f, i) => Math.round(f + ((to[i] ?? 0) - f) * t));
      pixels.set(rgb, (y * width + x) * 3);
    }
  }
  return { width, height, channels: 3, pixels };
}

/** The edit a prompt asks for, by its hash: invert the colours, or mirror / turn upside down and tint. */
export type EditKind = 'invert' | 'mirror-tint' | 'flip-tint';

export function editKind(seed: string): EditKind {
  const kinds: EditKind[] = ['invert', 'mirror-tint', 'flip-tint'];
  return kinds[(hash(seed)[0] ?? 0) % kinds.length] ?? 'invert';
}

/** The input transformed as the seed's EditKind says; same dimensions and channels, alpha kept. */
export function transform(input: Bitmap, seed: string): Bitmap {
  const { width, height, channels } = input;
  const kind = editKind(seed);
  const h = hash(seed);
  const tint = [h[1] ?? 0, h[2] ?? 0, h[3] ?? 0];
  const pixels = new Uint8Array(input.pixels.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = kind === 'mirror-tint' ? width - 1 - x : x;
      const sy = kind === 'flip-tint' ? height - 1 - y : y;
      const from = (sy * width + sx) * channels;
      const to = (y * width + x) * channels;
      for (let c = 0; c < 3; c++) {
        const v = input.pixels[from + c] ?? 0;
        pixels[to + c] = kind === 'invert' ? 255 - v : (v + (tint[c] ?? 0)) >> 1;
      }
      if (channels === 4) pixels[to + 3] = input.pixels[from + 3] ?? 255;
    }
  }
  return { width, height, channels, pixels };
}

/** Nearest-neighbour scaling, for an edit asked at another size. */
export function resize(input: Bitmap, { width, height }: Dimensions): Bitmap {
  if (width === input.width && height === input.height) return input;
  const { channels } = input;
  const pixels = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    const sy = Math.floor((y * input.height) / height);
    for (let x = 0; x < width; x++) {
      const from = (sy * input.width + Math.floor((x * input.width) / width)) * channels;
      pixels.set(input.pixels.subarray(from, from + channels), (y * width + x) * channels);
    }
  }
  return { width, height, channels, pixels };
}
