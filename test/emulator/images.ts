// POST /v1/images/generations: served only by models listing `image-generation`. Images are
// small real PNGs whose colour is derived from the prompt, so the same prompt gives the same bytes.
import { crc32, deflateSync } from 'node:zlib';
import * as z from 'zod';
import { checkOptionalFields, parseBody, resolveModel, type HandlerContext } from './handlerContext';

const ImageBody = z.looseObject({
  model: z.string().min(1),
  prompt: z.string().min(1, 'prompt must not be empty'),
  n: z.number().int().min(1).max(4).optional(),
  size: z.string().regex(/^\d{2,4}x\d{2,4}$/, 'size must look like 1024x1024').optional(),
  response_format: z.enum(['b64_json', 'url']).optional(),
});

export async function handleImageGenerations(ctx: HandlerContext): Promise<void> {
  const body = parseBody(ctx, ImageBody);
  if (!body) return;
  const model = resolveModel(ctx, body.model, 'image-generation');
  if (!model || !checkOptionalFields(ctx, model, ['model', 'prompt'])) return;
  const data = Array.from({ length: body.n ?? 1 }, (_, i) => {
    const b64 = png(`${body.prompt}#${i}`).toString('base64');
    const image = body.response_format === 'url' ? { url: `data:image/png;base64,${b64}` } : { b64_json: b64 };
    return { ...image, revised_prompt: body.prompt };
  });
  await ctx.ex.reply({ created: Math.floor(Date.now() / 1000), data }, ctx.fault);
}

const SIDE = 8;

/** An 8x8 single-colour RGB PNG. */
function png(seed: string): Buffer {
  const colour = [0, 1, 2].map((i) => crc32(`${seed}:${i}`) & 0xff);
  const row = Buffer.from([0, ...Array.from({ length: SIDE }, () => colour).flat()]);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIDE, 0);
  header.writeUInt32BE(SIDE, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: SIDE }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
