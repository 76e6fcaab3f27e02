// Images on the wire: an edit's upload (multipart, known by its digest), and an image the service
// answered with by address, fetched here (never by a page) without the key and within the size
// limit. A generation is made and charged once (spec, Errors 2), so a download that fails leaves
// it to be asked for again by the same client request id.
import { createHash } from 'node:crypto';
import { FormData } from 'undici';
import { fail, logCall, runAttempts, type Attempt, type Call, type ClientSettings } from '../attempt/attempt';
import type { Failure } from '../errors/serviceError';
import type { Response } from '../http/httpResponse';
import { MAX_IMAGE_BYTES } from './imageBytes';
import type { ImageRequest } from './imageRequest';
import { ServiceError } from '../errors/serviceError';

/** What an image request sends: its path, its body, and (for an upload) what the same edit is known by. */
export interface ImageUpload {
  path: string;
  body: string | FormData;
  fingerprint?: string;
}

/** A generation (JSON) or, with `request.image`, an edit (multipart). */
export function imageUpload(request: ImageRequest): ImageUpload {
  if (!request.image) return { path: '/images/generations', body: JSON.stringify({ model: request.model, prompt: request.prompt, ...request.options }) };
  const path = '/images/edits';
  const form = new FormData();
  form.set('model', request.model);
  form.set('prompt', request.prompt);
  for (const [name, value] of Object.entries(request.options)) form.set(name, String(value));
  form.set('image', new Blob([new Uint8Array(request.image.bytes)], { type: request.image.mime }), request.image.fileName);
  // An upload's parts carry a random boundary: the edit is known by its fields and its image's digest.
  const fingerprint = `${path}\n${JSON.stringify([request.model, request.prompt, request.options])}\n${createHash('sha256').update(request.image.bytes).digest('hex')}`;
  return { path, body: form, fingerprint };
}

/** An image the service answered with by address, and the request whose answer named it. */
export interface ImageDownload {
  settings: ClientSettings;
  address: string;
  parent: Call;
  requestId: string | undefined;
  signal: AbortSignal | undefined;
}

/** A download that fails leaves images made and charged: the same request sent again asks for them again. */
export async function downloadMade(image: ImageDownload): Promise<Uint8Array> {
  const { settings, parent } = image;
  try {
    return await download(image);
  } catch (error) {
    // A cancelled download too: the images are made and paid for all the same.
    if (parent.fingerprint && error instanceof ServiceError && error.kind !== 'bad_response')
      settings.unfinished.remember(parent.fingerprint, parent.clientRequestId);
    throw error;
  }
}

/** An image the service answered with by address: fetched without the key, at most MAX_IMAGE_BYTES. */
async function download({ settings, address, parent, requestId, signal }: ImageDownload): Promise<Uint8Array> {
  const dataUrl = /^data:image\/[\w.+-]+;base64,(.*)$/s.exec(address);
  if (dataUrl) return Buffer.from(dataUrl[1] as string, 'base64');
  let url: URL;
  try {
    url = new URL(address);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(url.protocol);
  } catch {
    throw fail(settings, parent, undefined, { kind: 'bad_response', requestId, serviceMessage: 'an image address in the answer is not an http(s) URL' });
  }
  // Logged by origin and path only: a signed address carries its token in the query.
  const call: Call = {
    method: 'GET',
    url: url.href,
    endpoint: `${url.origin}${url.pathname}`,
    model: parent.model,
    stream: false,
    clientRequestId: parent.clientRequestId,
    signal,
    anonymous: true,
  };
  for await (const bytes of runAttempts(settings, call, (response, attempt) => readBytes(settings, call, response, attempt))) return bytes;
  throw new Error('unreachable: a download either yields its bytes or fails');
}

async function* readBytes(settings: ClientSettings, call: Call, response: Response, attempt: Attempt): AsyncGenerator<Uint8Array, Failure | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_IMAGE_BYTES)
      return { kind: 'bad_response', status: response.statusCode, serviceMessage: `the image is larger than ${MAX_IMAGE_BYTES} bytes` };
    chunks.push(chunk);
  }
  logCall(settings, 'info', call, attempt, { status: response.statusCode, note: `bytes=${size}` });
  yield Buffer.concat(chunks);
  return undefined;
}
