// An independent check of PNG bytes, not using the emulator's codec: signature, IHDR first and
// IEND last, the CRC of every chunk, and the inflated image data exactly height x (1 + width x
// channels) bytes with valid row filters. `file` is asked too where it is installed.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, inflateSync } from 'node:zlib';

export interface PngFacts {
  width: number;
  height: number;
  channels: number;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function checkPng(png: Buffer): PngFacts {
  assert.deepEqual([...png.subarray(0, 8)], SIGNATURE, 'PNG signature');
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const typed = png.subarray(at + 4, at + 8 + length);
    assert.equal(typed.length, 4 + length, 'chunk length within the file');
    const type = typed.subarray(0, 4).toString('latin1');
    assert.equal(png.readUInt32BE(at + 8 + length), crc32(typed), `CRC of ${type}`);
    chunks.push({ type, data: typed.subarray(4) });
    at += 12 + length;
  }
  assert.equal(chunks[0]?.type, 'IHDR');
  assert.deepEqual(chunks.at(-1), { type: 'IEND', data: Buffer.alloc(0) });
  const ihdr = chunks[0].data;
  const [width, height] = [ihdr.readUInt32BE(0), ihdr.readUInt32BE(4)];
  const [depth, colourType, compression, filter, interlace] = ihdr.subarray(8);
  assert.deepEqual([depth, compression, filter, interlace], [8, 0, 0, 0], '8-bit, deflate, standard filters, not interlaced');
  const channels = colourType === 6 ? 4 : colourType === 2 ? 3 : assert.fail(`colour type ${colourType}`);
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  assert.equal(raw.length, height * (1 + width * channels), 'inflated IDAT size');
  for (let y = 0; y < height; y++) assert.ok((raw[y * (1 + width * channels)] ?? 9) <= 4, `row ${y} filter type`);
  return { width, height, channels };
}

/** What `file` says of the bytes, or undefined where `file` is not installed. */
export function fileSays(bytes: Buffer): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'png-check-'));
  try {
    writeFileSync(join(dir, 'image'), bytes);
    return execFileSync('file', ['-b', join(dir, 'image')], { encoding: 'utf8' }).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
