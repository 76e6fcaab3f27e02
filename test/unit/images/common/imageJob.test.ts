// Image generation and editing against the emulator over loopback: the request shapes, the
// checks on what comes back, saving, and money (spec, Errors 2: a generation is charged once;
// Limits 2 and 4: balance and spend limit are explained and never retried).
import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { FIXTURE_KEYS } from '../../../emulator/index';
import { useEmulator } from '../../../support/useEmulator';
import { buildImageRequest } from '#src/platform/client/images/imageRequest';
import { ModelEntrySchema, type ModelEntry } from '#src/platform/client/catalog/schemas';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { ServiceError } from '#src/platform/client/errors/serviceError';
import { SaveError } from '#src/images/common/imageFiles';
import { ImageInputError, readImageToEdit, runImageJob } from '#src/images/common/imageJob';

const PNG_SIGNATURE = '89504e470d0a1a0a';

function pngSize(bytes: Buffer): [number, number] {
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('core images: generate and edit against the emulator', function () {
  const { emulator, control } = useEmulator();
  let dir: string;
  let lines: string[] = [];
  let generator: ModelEntry;
  let editor: ModelEntry;
  const client = () =>
    new ServiceClient({
      baseUrl: emulator.baseUrl,
      apiKey: FIXTURE_KEYS.alpha,
      logger: { debug: (l) => lines.push(l), info: (l) => lines.push(l), warn: (l) => lines.push(l), error: (l) => lines.push(l) },
    });

  before(async () => {
    const list = await client().listModels();
    generator = list.data.find((m) => m.id === 'pixel/image-gen') as ModelEntry;
    editor = list.data.find((m) => m.id === 'pixel/image-edit') as ModelEntry;
  });
  beforeEach(async () => {
    lines = [];
    dir = await mkdtemp(path.join(tmpdir(), 'mmai-image-job-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('sends n and size only to a model that lists them, and asks for the image itself where it may (Endpoints 5)', () => {
    const bare = ModelEntrySchema().parse({ id: 'v/bare', available: true, supported_parameters: [] });
    assert.deepEqual(buildImageRequest(generator, 'a fox', { n: 2, size: '512x512' }), {
      model: 'pixel/image-gen',
      prompt: 'a fox',
      options: { n: 2, size: '512x512', response_format: 'b64_json' },
    });
    assert.deepEqual(buildImageRequest(bare, 'a fox', { n: 2, size: '512x512' }), { model: 'v/bare', prompt: 'a fox', options: {} });
    assert.deepEqual(buildImageRequest(generator, 'a fox', { n: 1 }).options, { response_format: 'b64_json' }, 'one image is the default: n=1 is not sent');
  });

  it('generates images, saves them under names from the prompt, prices them and logs the request', async () => {
    const result = await runImageJob({
      client: client(),
      model: generator,
      prompt: 'A red fox, flat logo',
      wanted: { n: 2 },
      folder: path.join(dir, 'images'),
    });
    assert.deepEqual(
      result.files.map((f) => path.relative(dir, f)),
      ['images/a-red-fox-flat-logo.png', 'images/a-red-fox-flat-logo-2.png'],
    );
    assert.equal(result.costRub, 16);
    assert.equal(result.model, 'pixel/image-gen');
    const [first, second] = await Promise.all(result.files.map((f) => readFile(f)));
    assert.equal(first?.subarray(0, 8).toString('hex'), PNG_SIGNATURE);
    assert.deepEqual(pngSize(first as Buffer), [64, 64]);
    assert.notDeepEqual(first, second, 'two variants, not one image twice');
    assert.deepEqual((await readdir(path.join(dir, 'images'))).sort(), ['a-red-fox-flat-logo-2.png', 'a-red-fox-flat-logo.png'], 'no temporary file is left');
    assert.equal(lines.length, 1);
    assert.match(
      lines[0] as string,
      /^POST \/v1\/images\/generations model=pixel\/image-gen status=200 code=- request_id=req_[0-9a-f]+ client_request_id=[0-9a-f-]{36} attempt=1\/3 duration=\d+ms time=\S+[+-]\d\d:\d\d key=sk_test_al…$/,
    );
    assert.deepEqual(
      (await control.charges()).map((c) => c.amountRub),
      [16],
    );
  });

  it('downloads an image the service gives by address, without the key, and gets the same bytes', async () => {
    const byValue = await client().createImages({ model: 'pixel/image-gen', prompt: 'a lighthouse', options: { response_format: 'b64_json' } });
    await control.reset();
    const byAddress = await client().createImages({ model: 'pixel/image-gen', prompt: 'a lighthouse', options: { response_format: 'url' } });
    assert.deepEqual(Buffer.from(byAddress.images[0]?.bytes ?? []), Buffer.from(byValue.images[0]?.bytes ?? []));
    assert.match(
      lines.at(-1) as string,
      /^GET http:\/\/127\.0\.0\.1:\d+\/__emulator\/files\/img_[0-9a-f]+\.png model=pixel\/image-gen status=200 .* bytes=\d+$/,
    );
  });

  it('refuses an answer whose image is not an image, and saves nothing', async () => {
    await control.queueFaults('images', [{ type: 'image_data', b64_json: Buffer.from('<html>Service Unavailable</html>').toString('base64') }]);
    await assert.rejects(runImageJob({ client: client(), model: generator, prompt: 'a paper boat', folder: dir }), (error: unknown) => {
      assert.ok(error instanceof ServiceError);
      assert.equal(error.kind, 'bad_response');
      assert.equal(error.serviceMessage, 'an image in the answer is not usable: it is not a PNG, JPEG, WebP or GIF image');
      return true;
    });
    assert.deepEqual(await readdir(dir), []);
  });

  it('downloads an image from another server without the key or the client request id, and stops at the size limit', async () => {
    const seen: Record<string, string | string[] | undefined>[] = [];
    const cdn = createServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(200, { 'content-type': 'image/png' });
      // A PNG signature, then more than the 20 MB limit, in 1 MB pieces.
      response.write(Buffer.from('89504e470d0a1a0a', 'hex'));
      let sent = 0;
      const more = () => {
        while (sent < 21 && response.write(Buffer.alloc(1024 * 1024))) sent++;
        if (sent >= 21) response.end();
        else response.once('drain', () => (sent++, more()));
      };
      more();
    });
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/signed/fox.png?token=secret-token`;
      await control.queueFaults('images', [{ type: 'image_data', url }]);
      await assert.rejects(runImageJob({ client: client(), model: generator, prompt: 'a paper boat', folder: dir }), (error: unknown) => {
        assert.ok(error instanceof ServiceError);
        assert.equal(error.serviceMessage, `the image is larger than ${20 * 1024 * 1024} bytes`);
        return true;
      });
      assert.equal(seen.length, 1, 'a download that is too large is not tried again');
      assert.equal(seen[0]?.authorization, undefined);
      assert.equal(seen[0]?.['x-client-request-id'], undefined);
      assert.ok(!lines.some((l) => l.includes('secret-token')), 'a signed address is logged without its query');
      assert.deepEqual(await readdir(dir), []);
    } finally {
      cdn.closeAllConnections();
      await new Promise((resolve) => cdn.close(resolve));
    }
  });

  it('edits an image: a new file next to the original, the same size, really changed', async () => {
    const made = await runImageJob({ client: client(), model: generator, prompt: 'login screen', folder: dir });
    const original = made.files[0] as string;
    const image = await readImageToEdit(original);
    const edited = await runImageJob({ client: client(), model: editor, prompt: 'make it night', folder: dir, edit: { file: original, image } });
    assert.deepEqual(
      edited.files.map((f) => path.basename(f)),
      ['login-screen-edited.png'],
    );
    const [before, after] = [await readFile(original), await readFile(edited.files[0] as string)];
    assert.deepEqual(pngSize(after), pngSize(before));
    assert.notDeepEqual(after, before);
    assert.equal(edited.costRub, 10);
    assert.match(lines.at(-1) as string, /^POST \/v1\/images\/edits model=pixel\/image-edit status=200 /);
  });

  it('Errors 2: images made but lost on the way are asked for again with the same client request id, and charged once', async () => {
    await control.queueFaults('images', [{ type: 'drop_reply' }]);
    const result = await runImageJob({ client: client(), model: generator, prompt: 'a paper boat', folder: dir });
    assert.equal(result.files.length, 1);
    const requests = (await control.requests()).filter((r) => r.endpoint === 'images');
    assert.equal(requests.length, 2);
    assert.equal(requests[0]?.clientRequestId, requests[1]?.clientRequestId);
    assert.deepEqual(
      (await control.charges()).map((c) => c.amountRub),
      [8],
    );
  });

  it('Errors 2: a body cut mid-answer is asked for once more with the same id, and charged once', async () => {
    await control.queueFaults('images', [{ type: 'cut', afterDeltas: 0 }]);
    await runImageJob({ client: client(), model: generator, prompt: 'a paper boat', folder: dir });
    assert.equal((await control.charges()).length, 1);
  });

  it('Errors 2: a lost answer is retried once only; the second loss is reported, nothing is saved', async () => {
    await control.queueFaults('images', [{ type: 'drop_reply' }, { type: 'drop_reply' }]);
    await assert.rejects(
      runImageJob({ client: client(), model: generator, prompt: 'a paper boat', folder: dir }),
      (error: unknown) => error instanceof ServiceError && error.kind === 'network',
    );
    assert.equal((await control.requests()).filter((r) => r.endpoint === 'images').length, 2);
    assert.deepEqual(await readdir(dir), []);
  });

  it("Errors 2: the person's Retry after images were lost twice gets the images made, charged once (generation and edit)", async () => {
    const same = client();
    const original = (await runImageJob({ client: same, model: generator, prompt: 'login screen', folder: dir })).files[0] as string;
    const image = await readImageToEdit(original);
    await control.reset();
    const jobs = [
      () => runImageJob({ client: same, model: generator, prompt: 'a paper boat', folder: dir }),
      () => runImageJob({ client: same, model: editor, prompt: 'make it night', folder: dir, edit: { file: original, image } }),
    ];
    for (const job of jobs) {
      await control.queueFaults('images', [{ type: 'drop_reply' }, { type: 'drop_reply' }]);
      await assert.rejects(job(), (error: unknown) => error instanceof ServiceError && error.kind === 'network');
      assert.equal((await job()).files.length, 1);
    }
    assert.deepEqual(
      (await control.charges()).map((c) => c.amountRub),
      [8, 10],
    );
  });

  it('Errors 2: a 503 before any work is retried, and the images are charged once', async () => {
    await control.queueFaults('images', [{ type: 'status', status: 503 }]);
    await runImageJob({ client: client(), model: generator, prompt: 'a paper boat', folder: dir });
    assert.equal((await control.charges()).length, 1);
  });

  it('a folder that cannot be written is found out before the images are made and paid for', async () => {
    const blocker = path.join(dir, 'blocker');
    await writeFile(blocker, 'a file where the folder should be');
    const folder = path.join(blocker, 'images');
    await assert.rejects(runImageJob({ client: client(), model: generator, prompt: 'a red fox', wanted: { n: 2 }, folder }), (error: unknown) => {
      assert.ok(error instanceof SaveError);
      assert.equal(
        error.message,
        `Images cannot be saved in ${folder}, so nothing was sent: a file has the folder's name. Choose another folder in the setting multiModelAI.imageFolder.`,
      );
      return true;
    });
    assert.deepEqual(await control.requests(), []);
    assert.deepEqual(await control.charges(), []);
  });

  it('a cancel while the model works stops the request and leaves no file behind', async () => {
    await control.queueFaults('images', [{ type: 'slow_first_byte', ms: 3_000 }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    await assert.rejects(
      runImageJob({ client: client(), model: generator, prompt: 'a paper boat', folder: dir, signal: controller.signal }),
      (error: unknown) => error instanceof ServiceError && error.kind === 'aborted',
    );
    assert.deepEqual(await readdir(dir), []);
    assert.equal((await control.requests()).filter((r) => r.endpoint === 'images').length, 1, 'not sent again');
  });

  it('Limits 1: a 429 is waited out for its Retry-After window, then the images are made and charged once', async () => {
    await control.queueFaults('images', [{ type: 'rate_limit', retryAfterSeconds: 1 }]);
    const waits: number[] = [];
    await runImageJob({ client: client(), model: generator, prompt: 'a paper boat', folder: dir, onRetry: (wait) => waits.push(wait.delayMs) });
    assert.deepEqual(waits, [1000]);
    assert.equal((await control.charges()).length, 1);
  });

  it('Auth: a rejected key is named, with the way to replace it, and is not retried', async () => {
    const revoked = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.revoked });
    await assert.rejects(runImageJob({ client: revoked, model: generator, prompt: 'a paper boat', folder: dir }), (error: unknown) => {
      assert.ok(error instanceof ServiceError);
      assert.equal(
        error.userMessage,
        "Your API key sk_test_rev… was rejected (revoked, mistyped or from another workspace): replace it, or use another key with 'Multi-Model AI: Manage API Keys'.",
      );
      return true;
    });
    assert.equal((await control.requests()).filter((r) => r.endpoint === 'images').length, 1);
  });

  it('Limits 2: an exhausted balance is explained and never retried', async () => {
    await control.setBilling(FIXTURE_KEYS.alpha, { balanceRub: 0 });
    await assert.rejects(runImageJob({ client: client(), model: generator, prompt: 'a paper boat', folder: dir }), (error: unknown) => {
      assert.ok(error instanceof ServiceError);
      assert.equal(error.kind, 'payment');
      assert.equal(error.userMessage, 'The prepaid balance is exhausted (key sk_test_al…): top up the balance in the management cabinet, then try again.');
      return true;
    });
    assert.equal((await control.requests()).filter((r) => r.endpoint === 'images').length, 1);
  });

  it('says what to do about a model that does not make images, and about an image too large for the service', async () => {
    const chatModel = ModelEntrySchema().parse({ id: 'acme/chat-large', available: true });
    await assert.rejects(runImageJob({ client: client(), model: chatModel, prompt: 'a fox', folder: dir }), (error: unknown) => {
      assert.ok(error instanceof ServiceError);
      assert.equal(error.userMessage, 'This model does not do this with images: pick another image model.');
      return true;
    });
  });

  it('refuses bad input before sending: an empty prompt, a file that is not an image, a file over the limit', async () => {
    await assert.rejects(
      runImageJob({ client: client(), model: generator, prompt: '   ', folder: dir }),
      new ImageInputError('Describe the image to make, e.g. "a flat icon of a red fox".', 'The prompt was refused (3 characters)'),
    );
    const notImage = path.join(dir, 'notes.png');
    await writeFile(notImage, 'just text');
    await assert.rejects(
      readImageToEdit(notImage),
      new ImageInputError(
        'notes.png cannot be edited: it is not a PNG, JPEG, WebP or GIF image. Pick a PNG, JPEG or WebP image.',
        'notes.png is not a PNG, JPEG, WebP or GIF image',
      ),
    );
    const huge = path.join(dir, 'huge.png');
    await writeFile(huge, '');
    await truncate(huge, 21 * 1024 * 1024);
    await assert.rejects(
      readImageToEdit(huge),
      new ImageInputError(
        'huge.png is 21 MB, over the 20 MB limit: pick a smaller image.',
        'huge.png is 22020096 bytes, over the 20971520 bytes an image may be',
      ),
    );
    await assert.rejects(
      readImageToEdit(path.join(dir, 'gone.png')),
      new ImageInputError('gone.png cannot be read: check that it still exists.', 'gone.png cannot be read'),
    );
    assert.equal((await control.requests()).filter((r) => r.endpoint === 'images').length, 0);
  });
});
