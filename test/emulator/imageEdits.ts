// POST /v1/images/edits: multipart/form-data with the file `image` (PNG, JPEG or WebP), `prompt`
// and `model`, served only by models listing `image-edit`. A PNG the codec reads is really
// transformed (imageArt.ts `transform`, chosen by the prompt); a JPEG, a WebP or a PNG variant it
// does not read gets a picture painted from a hash of its bytes and the prompt instead.
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { checkOptionalFields, parseBody, resolveModel, type HandlerContext } from './handlerContext';
import { DEFAULT_SIDE, fitSize, paint, resize, transform } from './imageArt';
import { answerImages, IMAGE_COUNT, IMAGE_FIELDS } from './images';
import { decodePng, encodePng, PNG_SIGNATURE, PngUnsupportedError, type Bitmap } from './png';

/** The largest image accepted for editing. */
export const MAX_EDIT_IMAGE_BYTES = 4 * 1024 * 1024;

const EditBody = z.looseObject({
  ...IMAGE_FIELDS,
  image: z.instanceof(Blob, { error: 'a file is missing: send the picture to edit as the multipart file field "image" (PNG, JPEG or WebP)' }),
  // Multipart fields are text.
  n: z.coerce.number().pipe(IMAGE_COUNT).optional(),
});

export async function handleImageEdits(ctx: HandlerContext): Promise<void> {
  if (!ctx.ex.req.headers['content-type']?.toLowerCase().startsWith('multipart/form-data')) {
    return ctx.ex.error(400, 'invalid_request', 'Send the edit as multipart/form-data with the fields image (a file), prompt and model.');
  }
  const body = parseBody(ctx, EditBody);
  if (!body) return;
  if (body.image.size > MAX_EDIT_IMAGE_BYTES) {
    return ctx.ex.error(
      413,
      'image_too_large',
      `The image is ${body.image.size} bytes; at most ${MAX_EDIT_IMAGE_BYTES} (4 MB) can be edited: send a smaller image.`,
    );
  }
  const bytes = Buffer.from(await body.image.arrayBuffer());
  const kind = imageKind(bytes);
  if (!kind) return ctx.ex.error(400, 'invalid_image', 'The file "image" is not a PNG, JPEG or WebP image: send one of those.');
  let input: Bitmap | undefined;
  try {
    input = kind === 'png' ? decodePng(bytes) : undefined;
  } catch (error) {
    if (!(error instanceof PngUnsupportedError)) {
      return ctx.ex.error(400, 'invalid_image', `The PNG in "image" is damaged (${(error as Error).message}): send an intact image.`);
    }
  }
  const model = resolveModel(ctx, body.model, 'image-edit');
  if (!model || !checkOptionalFields(ctx, model, ['model', 'prompt', 'image'])) return;

  const seed = (index: number) => `${body.prompt}#${index}`;
  const fallback = createHash('sha256').update(bytes).digest('hex');
  await answerImages(ctx, model, body, (index) => {
    if (!input) return encodePng(paint(`${fallback}:${seed(index)}`, fitSize(body.size, { width: DEFAULT_SIDE, height: DEFAULT_SIDE })));
    return encodePng(transform(resize(input, fitSize(body.size, input)), seed(index)));
  });
}

/** The image format by its magic bytes. */
function imageKind(bytes: Buffer): 'png' | 'jpeg' | 'webp' | undefined {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return undefined;
}
