// What the extension asks an image model, in the shape of the widely used images API (the spec
// shows no image payloads; the emulator's README lists the choice): a prompt, for an edit the
// image, and the optional fields by their catalog names, each only when the model lists it
// (spec, Endpoints rule 5).
import * as z from 'zod/mini';
import { buildOnce } from '../../startup/buildOnce';
import type { ModelEntry } from '../catalog/schemas';

export interface ImageFile {
  bytes: Uint8Array;
  fileName: string;
  mime: string;
}

export interface ImageRequest {
  model: string;
  prompt: string;
  /** Optional fields by catalog name (n, size, response_format, …), already gated. */
  options: Record<string, unknown>;
  /** Present for an edit (POST /images/edits, multipart); absent for a generation (POST /images/generations, JSON). */
  image?: ImageFile;
}

export interface WantedImageOptions {
  /** How many images; sent only when the model lists `n`. */
  n?: number;
  /** "1024x1024"; sent only when the model lists `size`. */
  size?: string;
}

export const IMAGE_SIZES = ['256x256', '512x512', '1024x1024', '1536x1024', '1024x1536'] as const;
export const MAX_IMAGE_COUNT = 4;

export function buildImageRequest(model: ModelEntry, prompt: string, wanted: WantedImageOptions = {}, image?: ImageFile): ImageRequest {
  const supports = new Set(model.supported_parameters);
  const options: Record<string, unknown> = {};
  if (wanted.n !== undefined && wanted.n !== 1 && supports.has('n')) options.n = wanted.n;
  if (wanted.size !== undefined && supports.has('size')) options.size = wanted.size;
  // The image itself in the answer where the model lets us choose: no second download.
  if (supports.has('response_format')) options.response_format = 'b64_json';
  return { model: model.id, prompt, options, ...(image && { image }) };
}

// Built on first use, like every schema of the client (src/platform/client/catalog/schemas.ts says why).
export const ImageResultSchema = buildOnce(() =>
  z.looseObject({
    data: z
      .array(
        z
          .looseObject({
            b64_json: z.nullish(z.string().check(z.minLength(1))),
            url: z.nullish(z.string().check(z.minLength(1))),
          })
          .check(z.refine((item) => Boolean(item.b64_json || item.url), 'an image needs b64_json or url')),
      )
      .check(z.minLength(1)),
  }),
);
