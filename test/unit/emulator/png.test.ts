import * as assert from 'node:assert/strict';
import { crc32, deflateSync } from 'node:zlib';
import { decodePng, encodePng, PngError, PngUnsupportedError } from '../../emulator/png';
import { checkPng, fileSays } from './pngCheck';

/** PNG bytes built by hand: IHDR fields, the raw (already filtered) rows, extra chunks before IDAT. */
function handmade(
  ihdr: { width: number; height: number; depth?: number; colourType: number; interlace?: number },
  raw: number[],
  extra: [string, number[]][] = [],
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([head, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(ihdr.width, 0);
  header.writeUInt32BE(ihdr.height, 4);
  header.set([ihdr.depth ?? 8, ihdr.colourType, 0, 0, ihdr.interlace ?? 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...extra.map(([type, data]) => chunk(type, Buffer.from(data))),
    chunk('IDAT', deflateSync(Buffer.from(raw))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('emulator PNG codec', () => {
  const rgba = { width: 2, height: 2, channels: 4 as const, pixels: Uint8Array.from([10, 20, 30, 255, 40, 50, 60, 128, 70, 80, 90, 0, 100, 110, 120, 255]) };

  it('writes PNGs that pass an independent structure check (and `file`, where installed), and reads them back', () => {
    const rgb = { width: 3, height: 1, channels: 3 as const, pixels: Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9]) };
    for (const [bitmap, described] of [
      [rgba, 'PNG image data, 2 x 2, 8-bit/color RGBA, non-interlaced'],
      [rgb, 'PNG image data, 3 x 1, 8-bit/color RGB, non-interlaced'],
    ] as const) {
      const png = encodePng(bitmap);
      assert.deepEqual(checkPng(png), { width: bitmap.width, height: bitmap.height, channels: bitmap.channels });
      assert.deepEqual(decodePng(png), bitmap);
      const said = fileSays(png);
      if (said !== undefined) assert.equal(said, described);
    }
  });

  it('reads every row filter (sub, up, average, Paeth)', () => {
    // Grey, 3 pixels wide: a plain row, then one row per filter type, each meaning [10, 20, 30];
    // the filtered bytes are worked out by hand.
    const raw = [
      0,
      10,
      20,
      30, // none
      1,
      10,
      10,
      10, // sub: differences from the left
      2,
      0,
      0,
      0, // up: same as the row above
      3,
      5,
      5,
      5, // average: 10 - (0+10)/2 = 5; 20 - (10+20)/2 = 5; 30 - (20+30)/2 = 5
      4,
      0,
      0,
      0, // Paeth: predicts the value above here
    ];
    const bitmap = decodePng(handmade({ width: 3, height: 5, colourType: 0 }, raw));
    assert.deepEqual([...bitmap.pixels], Array.from({ length: 5 }, () => [10, 10, 10, 20, 20, 20, 30, 30, 30]).flat());
  });

  it('reads grey+alpha and palette images (with tRNS) as RGBA', () => {
    const greyAlpha = decodePng(handmade({ width: 2, height: 1, colourType: 4 }, [0, 7, 100, 9, 200]));
    assert.deepEqual({ channels: greyAlpha.channels, pixels: [...greyAlpha.pixels] }, { channels: 4, pixels: [7, 7, 7, 100, 9, 9, 9, 200] });
    const palette = decodePng(
      handmade(
        { width: 2, height: 1, colourType: 3 },
        [0, 1, 0],
        [
          ['PLTE', [1, 2, 3, 4, 5, 6]],
          ['tRNS', [50]],
        ],
      ),
    );
    assert.deepEqual({ channels: palette.channels, pixels: [...palette.pixels] }, { channels: 4, pixels: [4, 5, 6, 255, 1, 2, 3, 50] });
  });

  it('tells an unsupported variant from damaged bytes', () => {
    assert.throws(() => decodePng(handmade({ width: 1, height: 1, depth: 16, colourType: 2 }, [0, 0, 0, 0, 0, 0, 0])), PngUnsupportedError);
    assert.throws(() => decodePng(handmade({ width: 1, height: 1, colourType: 2, interlace: 1 }, [0, 0, 0, 0])), PngUnsupportedError);
    const damaged = encodePng(rgba);
    damaged[40] = (damaged[40] ?? 0) ^ 0xff; // inside IDAT: its CRC no longer matches
    assert.throws(
      () => decodePng(damaged),
      (e: unknown) => e instanceof PngError && !(e instanceof PngUnsupportedError) && /CRC/.test(e.message),
    );
    assert.throws(() => decodePng(Buffer.from('GIF89a')), /signature/);
  });
});
