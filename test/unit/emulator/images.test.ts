import * as assert from 'node:assert/strict';
import { decodePng } from '../../emulator/png';
import { call } from './emulatorCalls';
import { useEmulator } from '../../support/useEmulator';
import { checkPng, fileSays } from './pngCheck';

describe('emulator POST /v1/images/generations', () => {
  const { emulator, control } = useEmulator();
  const generate = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(emulator.origin, '/v1/images/generations', { body: { model: 'pixel/image-gen', ...body }, headers });
  const pngOf = (b64: string) => Buffer.from(b64, 'base64');

  it('answers b64_json PNGs, 64x64 by default, the same bytes for the same prompt', async () => {
    const res = await generate({ prompt: 'a red fox', n: 2 });
    assert.equal(res.status, 200);
    assert.equal(typeof res.json.created, 'number');
    assert.deepEqual(
      res.json.data.map((d: Record<string, unknown>) => Object.keys(d)),
      [
        ['b64_json', 'revised_prompt'],
        ['b64_json', 'revised_prompt'],
      ],
    );
    assert.equal(res.json.data[0].revised_prompt, 'a red fox');
    const [first, second] = res.json.data.map((d: { b64_json: string }) => pngOf(d.b64_json));
    assert.deepEqual(checkPng(first), { width: 64, height: 64, channels: 3 });
    assert.notDeepEqual(first, second, 'each of the n images is its own');
    const said = fileSays(first);
    if (said !== undefined) assert.equal(said, 'PNG image data, 64 x 64, 8-bit/color RGB, non-interlaced');
    const again = await generate({ prompt: 'a red fox' });
    assert.equal(again.json.data[0].b64_json, res.json.data[0].b64_json);
  });

  it('paints a pattern from the prompt: exact pixels, and visibly different prompts', async () => {
    const tiny = decodePng(pngOf((await generate({ prompt: 'a red fox', size: '4x2' })).json.data[0].b64_json));
    assert.deepEqual([...tiny.pixels], [107, 3, 227, 137, 33, 184, 167, 63, 141, 9, 175, 232, 137, 33, 184, 167, 63, 141, 196, 92, 97, 226, 122, 54]);
    const fox = decodePng(pngOf((await generate({ prompt: 'a red fox' })).json.data[0].b64_json));
    const owl = decodePng(pngOf((await generate({ prompt: 'an owl at night' })).json.data[0].b64_json));
    const colours = (pixels: Uint8Array) => new Set(Array.from({ length: pixels.length / 3 }, (_, i) => pixels.subarray(i * 3, i * 3 + 3).join())).size;
    assert.ok(colours(fox.pixels) > 20, 'a gradient with discs, not a flat colour');
    const differing = fox.pixels.filter((v, i) => Math.abs(v - (owl.pixels[i] ?? 0)) > 32).length;
    assert.ok(differing > fox.pixels.length / 4, `two prompts differ in most samples (${differing} of ${fox.pixels.length})`);
  });

  it('scales a requested size down to at most 256 px a side, keeping its shape', async () => {
    const sizes: [string, { width: number; height: number }][] = [
      ['1024x1024', { width: 256, height: 256 }],
      ['1536x1024', { width: 256, height: 171 }],
      ['100x50', { width: 100, height: 50 }],
      ['auto', { width: 64, height: 64 }],
    ];
    for (const [size, expected] of sizes) {
      const { width, height } = checkPng(pngOf((await generate({ prompt: 'a fox', size })).json.data[0].b64_json));
      assert.deepEqual({ width, height }, expected, size);
    }
  });

  it('response_format url: a PNG served by the emulator, without a key, until reset', async () => {
    const res = await generate({ prompt: 'a red fox', response_format: 'url' });
    const url: string = res.json.data[0].url;
    assert.match(url, new RegExp(`^${emulator.origin}/__emulator/files/img_[0-9a-f]{24}\\.png$`));
    const file = await fetch(url);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'image/png');
    const bytes = Buffer.from(await file.arrayBuffer());
    assert.deepEqual(bytes, pngOf((await generate({ prompt: 'a red fox' })).json.data[0].b64_json), 'the same image as b64_json');
    assert.deepEqual(await control.file(url), bytes, 'the control client reads it too');
    await control.reset();
    await assert.rejects(control.file(url), /GET files\/img_[0-9a-f]{24}\.png failed \(404\)/);
    const gone = await fetch(url);
    assert.equal(gone.status, 404);
    assert.equal(((await gone.json()) as { error: { code: string } }).error.code, 'not_found');
  });

  it('validates the body, the model and the optional fields', async () => {
    const cases: [Record<string, unknown>, number, string, RegExp][] = [
      [{ prompt: '' }, 400, 'invalid_request', /prompt must not be empty/],
      [{ prompt: '   ' }, 400, 'invalid_request', /prompt must not be empty/],
      [{ prompt: 'a fox', n: 5 }, 400, 'invalid_request', /^Invalid request: n:/],
      [{ prompt: 'a fox', size: 'big' }, 400, 'invalid_request', /size must be WxH/],
      [{ prompt: 'a fox', size: '0x10' }, 400, 'invalid_request', /size must be WxH/],
      [{ prompt: 'a fox', response_format: 'gif' }, 400, 'invalid_request', /response_format/],
      [{ prompt: 'a fox', quality: 'hd' }, 400, 'unsupported_parameter', /does not accept "quality"/],
      [{ prompt: 'a fox', model: 'pixel/image-edit' }, 400, 'unsupported_model_endpoint', /does not serve image generation/],
      [{ prompt: 'a fox', model: 'acme/chat-large' }, 400, 'unsupported_model_endpoint', /does not serve image generation/],
      [{ prompt: 'a fox', model: 'pixel/nothing' }, 404, 'model_not_found', /does not exist/],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await generate(body);
      assert.deepEqual([res.status, res.json.error.code], [status, code], JSON.stringify(body));
      assert.match(res.json.error.message, message);
    }
    assert.deepEqual(await control.charges(), []);
  });
});
