import * as assert from 'node:assert/strict';
import { checkImage, sniffImage } from '#src/platform/client/images/imageBytes';

const bytes = (...values: number[]) => Uint8Array.from(values);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10);
const WEBP = Uint8Array.from([...Buffer.from('RIFF'), 0x24, 0, 0, 0, ...Buffer.from('WEBPVP8 ')]);
const GIF = Uint8Array.from(Buffer.from('GIF89a'));

describe('image bytes: an image is what its first bytes say', () => {
  it('recognises PNG, JPEG, WebP and GIF by their signatures', () => {
    assert.deepEqual(
      [PNG, JPEG, WEBP, GIF].map((b) => sniffImage(b)?.ext),
      ['png', 'jpg', 'webp', 'gif'],
    );
    assert.deepEqual(
      [PNG, JPEG, WEBP, GIF].map((b) => sniffImage(b)?.mime),
      ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    );
  });

  it('refuses text, HTML, a RIFF that is not WebP and a truncated signature', () => {
    const riffWave = Uint8Array.from([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WAVE')]);
    for (const b of [Uint8Array.from(Buffer.from('<html>')), Uint8Array.from(Buffer.from('{"error":1}')), riffWave, PNG.slice(0, 7)]) {
      assert.equal(sniffImage(b), undefined);
    }
  });

  it('says why bytes are not an acceptable image, size first', () => {
    assert.deepEqual(checkImage(PNG), { type: { ext: 'png', mime: 'image/png' } });
    assert.deepEqual(checkImage(new Uint8Array()), { problem: 'it is empty' });
    assert.deepEqual(checkImage(Uint8Array.from(Buffer.from('hello'))), { problem: 'it is not a PNG, JPEG, WebP or GIF image' });
    assert.deepEqual(checkImage(new Uint8Array(3 * 1024 * 1024), 2 * 1024 * 1024), { problem: 'it is 3 MB, over the 2 MB limit' });
  });
});
