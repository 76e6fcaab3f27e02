import * as assert from 'node:assert/strict';
import { attachmentLimit, checkAttachedImage, imageItem, isBinary, takesImages, textFileAttachment } from '#src/chat/common/attachments/attachments';
import { codeBudget, MAX_CONTEXT_CHARS } from '#src/chat/common/attachments/contextBlock';
import type { ContextItem } from '#src/chat/common/conversation/conversation';
import { useEnglish, useRussian } from '../../../l10n/displayLanguage';
import { selection } from '../fixtures/contextItems';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const GIF = new TextEncoder().encode('GIF89a....');
const WEBP = new Uint8Array([...new TextEncoder().encode('RIFF'), 0, 0, 0, 0, ...new TextEncoder().encode('WEBPVP8 ')]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const name = (path: string) => ({ fileName: path.split('/').pop()!, path, uri: `file:///work/${path}` });
const image = (bytes: number, file = `/h/attachments/${bytes}.png`): ContextItem => imageItem(file, 'image/png', bytes, name('shot.png'));
const file = (path: string): ContextItem => {
  const read = textFileAttachment(new TextEncoder().encode('x\n'), name(path), []);
  assert.ok(read.ok);
  return read.item;
};

describe('chat attachments: what a message may carry', () => {
  it('an image is one by its bytes, whatever its name: PNG, JPEG, WebP and GIF; a renamed text file is refused saying why', () => {
    assert.deepEqual(
      [PNG, JPEG, WEBP, GIF].map((bytes) => checkAttachedImage(bytes, 'x')),
      [
        { mimeType: 'image/png', ext: 'png' },
        { mimeType: 'image/jpeg', ext: 'jpg' },
        { mimeType: 'image/webp', ext: 'webp' },
        { mimeType: 'image/gif', ext: 'gif' },
      ],
    );
    assert.deepEqual(checkAttachedImage(new TextEncoder().encode('not a picture'), 'logo.png'), {
      problem: 'logo.png is not a PNG, JPEG, WebP or GIF image, so it cannot be attached.',
    });
  });

  it('an image over 20 MB is refused with its size', () => {
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    big.set(PNG);
    assert.deepEqual(checkAttachedImage(big, 'huge.png'), { problem: 'huge.png is 20 MB, more than the 20 MB the images of a message can be.' });
  });

  it('at most 10 images, 20 MB of images and 20 files a message, each limit said with what to do', () => {
    const images = (n: number, bytes = 100) => Array.from({ length: n }, (_, i) => image(bytes, `/h/${i}.png`));
    assert.equal(attachmentLimit(images(10)), undefined);
    assert.equal(attachmentLimit(images(11)), 'A message can carry at most 10 images: remove one first.');
    assert.equal(attachmentLimit(images(3, 8 * 1024 * 1024)), 'The images of a message can be 20 MB at most, and these would be 24 MB: remove one first.');
    const files = (n: number) => Array.from({ length: n }, (_, i) => file(`src/f${i}.ts`));
    assert.equal(attachmentLimit([...files(20), selection('a = 1')]), undefined);
    assert.equal(attachmentLimit(files(21)), 'A message can carry at most 20 files: remove one first.');
  });

  it('a text file becomes a chip with its language and lines; a file outside the workspace keeps its full path', () => {
    const read = textFileAttachment(new TextEncoder().encode('\uFEFFexport const a = 1;\nexport const b = 2;\n'), name('/home/me/notes/util.ts'), []);
    assert.ok(read.ok);
    const { id, ...rest } = read.item;
    assert.match(id, /^ctx_/);
    assert.deepEqual(rest, {
      kind: 'file',
      fileName: 'util.ts',
      path: '/home/me/notes/util.ts',
      languageId: 'typescript',
      startLine: 1,
      endLine: 2,
      text: 'export const a = 1;\nexport const b = 2;\n',
      uri: 'file:///work//home/me/notes/util.ts',
    });
  });

  it('a file larger than the message can carry is cut at a line end, with a note of how much was sent', () => {
    const line = `${'y'.repeat(99)}\n`;
    const read = textFileAttachment(new TextEncoder().encode(line.repeat(1000)), name('data/big.csv'), [selection('z'.repeat(4000))]);
    assert.ok(read.ok);
    assert.equal(read.item.text, line.repeat((MAX_CONTEXT_CHARS - 4000) / 100));
    assert.equal(read.item.note, 'lines 1–200 of 1,000 sent');
    assert.equal(read.item.endLine, 1000);
  });

  it("a file too large for the model's context is cut to half of what the answer's room leaves, saying how much was sent, in English and Russian", () => {
    const lines = `${'x'.repeat(39)}\n`.repeat(3400);
    const attach = (contextLength: number | undefined) => {
      const read = textFileAttachment(new TextEncoder().encode(lines), name('src/huge.ts'), [], codeBudget(contextLength));
      assert.ok(read.ok);
      return [read.item.text.length, read.item.note];
    };
    assert.deepEqual(attach(8192), [8600, 'lines 1–215 of 3,400 sent']);
    assert.deepEqual(attach(1_000_000), [136_000, undefined]);
    assert.deepEqual(attach(undefined), [24_000, 'lines 1–600 of 3,400 sent']);
    useRussian();
    try {
      assert.deepEqual(attach(32_768), [40_120, 'отправлены строки 1–1\u00a0003 из 3\u00a0400']);
    } finally {
      useEnglish();
    }
  });

  it('the code a message may carry follows the context length and max_tokens as the context fit counts them', () => {
    assert.deepEqual(
      [codeBudget(8192), codeBudget(128_000), codeBudget(128_000, 16_000), codeBudget(4000, 8000), codeBudget(undefined)],
      [8601, 173_465, 156_800, 0, 24_000],
    );
  });

  it('a binary file is refused with why; a message already full refuses one more file', () => {
    assert.deepEqual(textFileAttachment(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 1]), name('bin/tool'), []), {
      ok: false,
      message: 'bin/tool is not a text file, so it cannot be attached: only text files and PNG, JPEG, WebP or GIF images can.',
    });
    assert.equal(isBinary(new Uint8Array([0xc3, 0x28])), true, 'not UTF-8');
    assert.equal(isBinary(new TextEncoder().encode('ünïcödé')), false);
    assert.deepEqual(textFileAttachment(new TextEncoder().encode('a'.repeat(2000)), name('more.txt'), [selection('z'.repeat(MAX_CONTEXT_CHARS - 100))]), {
      ok: false,
      message: 'This message carries as much code as it can (24,000 characters): remove a chip to attach more.txt.',
    });
  });

  it('a model takes images when its input modalities list image', () => {
    assert.deepEqual(
      [{ input_modalities: ['text', 'image'] }, { input_modalities: ['text'] }, {}].map((architecture) => takesImages({ architecture })),
      [true, false, false],
    );
  });
});
