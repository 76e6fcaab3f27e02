import * as assert from 'node:assert/strict';
import { MAX_BODY_BYTES } from '../../emulator/exchange';
import { MAX_EDIT_IMAGE_BYTES } from '../../emulator/imageEdits';
import { decodePng } from '../../emulator/png';
import { call } from './emulatorCalls';
import { useEmulator } from '../../support/useEmulator';
import { EDIT_INPUT as INPUT, imageFile as png, postEdit } from './imageFixtures';
import { checkPng } from './pngCheck';

describe('emulator POST /v1/images/edits', () => {
  const { emulator, control } = useEmulator();
  const edit = (fields: Record<string, string | Blob>, headers: Record<string, string> = {}) => postEdit(emulator.origin, fields, headers);
  const pixelsOf = (b64: string) => [...decodePng(Buffer.from(b64, 'base64')).pixels];

  it('transforms the input as the prompt chooses, same dimensions and alpha, deterministically', async () => {
    // Each prompt's hash picks the transformation; the expected pixels are worked out by hand.
    const expected: [string, number[]][] = [
      // invert
      ['make it blue', [245, 235, 225, 255, 215, 205, 195, 128, 185, 175, 165, 0, 155, 145, 135, 255]],
      // mirror, then the average with the tint (3, 32, 63)
      ['invert the colours', [21, 41, 61, 128, 6, 26, 46, 255, 51, 71, 91, 255, 36, 56, 76, 0]],
      // upside down, then the average with the tint (96, 163, 179)
      ['sunset', [83, 121, 134, 0, 98, 136, 149, 255, 53, 91, 104, 255, 68, 106, 119, 128]],
    ];
    for (const [prompt, pixels] of expected) {
      const res = await edit({ image: png(INPUT), prompt });
      assert.equal(res.status, 200, prompt);
      assert.equal(res.json.data[0].revised_prompt, prompt);
      assert.deepEqual(checkPng(Buffer.from(res.json.data[0].b64_json, 'base64')), { width: 2, height: 2, channels: 4 });
      assert.deepEqual(pixelsOf(res.json.data[0].b64_json), pixels, prompt);
      assert.equal((await edit({ image: png(INPUT), prompt })).json.data[0].b64_json, res.json.data[0].b64_json, 'deterministic');
    }
  });

  it('takes n, size and response_format as multipart text fields', async () => {
    const res = await edit({ image: png(INPUT), prompt: 'sunset', n: '2', size: '4x4', response_format: 'url' });
    assert.equal(res.status, 200);
    assert.equal(res.json.data.length, 2);
    const file = await fetch(res.json.data[1].url);
    assert.equal(file.headers.get('content-type'), 'image/png');
    assert.deepEqual(checkPng(Buffer.from(await file.arrayBuffer())), { width: 4, height: 4, channels: 4 });
  });

  it('answers a JPEG or WebP with a picture painted from its bytes and the prompt', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
    const fromJpeg = await edit({ image: png(jpeg, 'image/jpeg'), prompt: 'sunset' });
    const fromWebp = await edit({ image: png(webp, 'image/webp'), prompt: 'sunset' });
    assert.deepEqual(checkPng(Buffer.from(fromJpeg.json.data[0].b64_json, 'base64')), { width: 64, height: 64, channels: 3 });
    assert.notEqual(fromJpeg.json.data[0].b64_json, fromWebp.json.data[0].b64_json);
    assert.equal((await edit({ image: png(jpeg, 'image/jpeg'), prompt: 'sunset' })).json.data[0].b64_json, fromJpeg.json.data[0].b64_json);
  });

  it('refuses a missing, non-image, damaged or oversized image, an empty prompt and a JSON body', async () => {
    const damaged = Buffer.from(INPUT);
    damaged[40] = (damaged[40] ?? 0) ^ 0xff;
    const big = Buffer.concat([INPUT, Buffer.alloc(MAX_EDIT_IMAGE_BYTES)]);
    const cases: [string, Record<string, string | Blob>, number, string, RegExp][] = [
      [
        'no image',
        { prompt: 'sunset' },
        400,
        'invalid_request',
        /^Invalid request: image: a file is missing: send the picture to edit as the multipart file field "image"/,
      ],
      ['image as text', { image: 'in.png', prompt: 'sunset' }, 400, 'invalid_request', /file field "image"/],
      ['not an image', { image: png(Buffer.from('hello, world')), prompt: 'sunset' }, 400, 'invalid_image', /not a PNG, JPEG or WebP/],
      ['damaged PNG', { image: png(damaged), prompt: 'sunset' }, 400, 'invalid_image', /damaged \(a chunk fails its CRC\)/],
      ['over 4 MB', { image: png(big), prompt: 'sunset' }, 413, 'image_too_large', /at most 4194304 \(4 MB\)/],
      ['a body over 16 MB', { image: png(Buffer.alloc(MAX_BODY_BYTES)), prompt: 'sunset' }, 413, 'payload_too_large', /over 16 MB/],
      ['empty prompt', { image: png(INPUT), prompt: '' }, 400, 'invalid_request', /prompt must not be empty/],
      ['no prompt', { image: png(INPUT) }, 400, 'invalid_request', /^Invalid request: prompt:/],
      ['n too large', { image: png(INPUT), prompt: 'sunset', n: '9' }, 400, 'invalid_request', /^Invalid request: n:/],
      ['unlisted field', { image: png(INPUT), prompt: 'sunset', quality: 'hd' }, 400, 'unsupported_parameter', /does not accept "quality"/],
      [
        'generation model',
        { image: png(INPUT), prompt: 'sunset', model: 'pixel/image-gen' },
        400,
        'unsupported_model_endpoint',
        /does not serve image editing/,
      ],
    ];
    for (const [label, fields, status, code, message] of cases) {
      const res = await edit(fields);
      assert.deepEqual([res.status, res.json.error.code], [status, code], label);
      assert.match(res.json.error.message, message, label);
    }
    const json = await call(emulator.origin, '/v1/images/edits', { body: { model: 'pixel/image-edit', prompt: 'sunset' } });
    assert.deepEqual([json.status, json.json.error.code], [400, 'invalid_request']);
    assert.match(json.json.error.message, /multipart\/form-data/);
    assert.deepEqual(await control.charges(), []);
  });

  it('records the model and the masked key of a multipart request', async () => {
    await edit({ image: png(INPUT), prompt: 'sunset' }, { 'x-client-request-id': 'edit-1' });
    const [record] = await control.requests();
    assert.deepEqual(
      {
        path: record?.path,
        endpoint: record?.endpoint,
        model: record?.model,
        keyPrefix: record?.keyPrefix,
        clientRequestId: record?.clientRequestId,
        status: record?.status,
      },
      { path: '/v1/images/edits', endpoint: 'images', model: 'pixel/image-edit', keyPrefix: 'sk_test_al…', clientRequestId: 'edit-1', status: 200 },
    );
  });
});
