// POST /v1/images/generations, and the reply both image endpoints share: `n` PNG images as
// `b64_json` (the default) or as `url` served by the emulator itself, charged once per request.
// Generated images are painted from the prompt (imageArt.ts), so the same prompt gives the same bytes.
import * as z from 'zod';
import { billedImages } from './billing';
import type { CatalogModel } from './catalog';
import { checkOptionalFields, parseBody, resolveModel, type HandlerContext } from './handlerContext';
import { DEFAULT_SIDE, fitSize, paint } from './imageArt';
import { FILES_ROUTE } from './imageFiles';
import { CONTROL_PREFIX } from './controlApi';
import { encodePng } from './png';

/** The fields both image endpoints take; `n` is the caller's own schema (a number in JSON, text in multipart). */
export const IMAGE_FIELDS = {
  model: z.string().min(1),
  prompt: z.string().trim().min(1, 'prompt must not be empty: say what the image should show'),
  size: z
    .string()
    .regex(/^(auto|[1-9]\d{0,3}x[1-9]\d{0,3})$/, 'size must be WxH, such as 1024x1024, or auto')
    .optional(),
  response_format: z.enum(['b64_json', 'url']).optional(),
};
export const IMAGE_COUNT = z.number().int().min(1).max(4);

const GenerationBody = z.looseObject({ ...IMAGE_FIELDS, n: IMAGE_COUNT.optional() });

export interface ImagesReply {
  created: number;
  data: (({ b64_json: string } | { url: string }) & { revised_prompt: string })[];
}

export async function handleImageGenerations(ctx: HandlerContext): Promise<void> {
  const body = parseBody(ctx, GenerationBody);
  if (!body) return;
  const model = resolveModel(ctx, body.model, 'image-generation');
  if (!model || !checkOptionalFields(ctx, model, ['model', 'prompt'])) return;
  const dimensions = fitSize(body.size, { width: DEFAULT_SIDE, height: DEFAULT_SIDE });
  await answerImages(ctx, model, body, (index) => encodePng(paint(`${body.prompt}#${index}`, dimensions)));
}

/** Makes the `n` images (`picture(index)` gives one PNG), charges them once, and sends the reply. */
export async function answerImages(
  ctx: HandlerContext,
  model: CatalogModel,
  asked: { prompt: string; n?: number; response_format?: 'b64_json' | 'url' },
  picture: (index: number) => Buffer,
): Promise<void> {
  const count = asked.n ?? 1;
  const swap = ctx.fault?.type === 'image_data' ? ctx.fault : undefined;
  const reply = billedImages(ctx, model, count, () => ({
    created: Math.floor(Date.now() / 1000),
    data: Array.from({ length: count }, (_, index) => {
      if (swap && index === 0) return { ...(swap.url !== undefined ? { url: swap.url } : { b64_json: swap.b64_json ?? '' }), revised_prompt: asked.prompt };
      const png = picture(index);
      const image =
        asked.response_format === 'url'
          ? { url: `${ctx.origin}${CONTROL_PREFIX}${FILES_ROUTE}${ctx.state.files.put(png)}` }
          : { b64_json: png.toString('base64') };
      return { ...image, revised_prompt: asked.prompt };
    }),
  }));
  if (reply) await ctx.ex.reply(reply, ctx.fault);
}
