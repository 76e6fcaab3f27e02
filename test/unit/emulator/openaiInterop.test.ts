// The official openai client, pointed at the emulator by base URL and key alone (spec, 'What the service does' 2).
import * as assert from 'node:assert/strict';
import OpenAI, { toFile } from 'openai';
import { FIXTURE_KEYS } from '../../emulator';
import { decodePng } from '../../emulator/png';
import { useEmulator } from '../../support/useEmulator';
import { EDIT_INPUT } from './imageFixtures';
import { checkPng } from './pngCheck';

describe('openai npm client against the emulator', () => {
  const { emulator, control } = useEmulator();
  const client = (apiKey: string = FIXTURE_KEYS.alpha) => new OpenAI({ baseURL: emulator.baseUrl, apiKey, maxRetries: 0 });
  const messages = [{ role: 'user' as const, content: 'Explain async iterators in TypeScript' }];

  it('models.list returns the catalog', async () => {
    const ids: string[] = [];
    for await (const model of client().models.list()) ids.push(model.id);
    assert.ok(ids.includes('acme/chat-large'));
    assert.ok(ids.includes('pixel/image-gen'));
  });

  it('chat.completions.create, non-streaming and streaming, gives the same text', async () => {
    const completion = await client().chat.completions.create({ model: 'acme/chat-large', messages, max_tokens: 500 });
    const text = completion.choices[0]?.message.content ?? '';
    assert.match(text, /```typescript\n/);
    assert.equal(completion.choices[0]?.finish_reason, 'stop');
    assert.ok(completion.usage && completion.usage.completion_tokens > 0);

    const stream = await client().chat.completions.create({
      model: 'acme/chat-large',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    let streamed = '';
    let finish: string | null | undefined;
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      streamed += chunk.choices[0]?.delta.content ?? '';
      finish ??= chunk.choices[0]?.finish_reason;
      usage ??= chunk.usage;
    }
    assert.equal(streamed, text);
    assert.equal(finish, 'stop');
    assert.equal(usage?.completion_tokens, completion.usage.completion_tokens);
  });

  it('raises BadRequestError for a 400, with code and request id', async () => {
    const error = await client()
      .chat.completions.create({ model: 'acme/chat-large', messages: [] })
      .catch((e: unknown) => e);
    assert.ok(error instanceof OpenAI.BadRequestError);
    assert.equal(error.status, 400);
    assert.equal(error.code, 'invalid_request');
    assert.match(error.requestID ?? '', /^req_/);
  });

  it('raises AuthenticationError for a 401', async () => {
    const error = await client(FIXTURE_KEYS.revoked)
      .models.list()
      .catch((e: unknown) => e);
    assert.ok(error instanceof OpenAI.AuthenticationError);
    assert.equal(error.code, 'invalid_api_key');
  });

  it('raises RateLimitError for a 429, with Retry-After', async () => {
    await control.queueFaults('chat', [{ type: 'rate_limit', retryAfterSeconds: 3 }]);
    const error = await client()
      .chat.completions.create({ model: 'acme/chat-large', messages })
      .catch((e: unknown) => e);
    assert.ok(error instanceof OpenAI.RateLimitError);
    assert.equal(error.code, 'rate_limit_exceeded');
    assert.equal(error.headers?.get('retry-after'), '3');
  });

  it('images.generate gives b64_json and url images, the url fetched as a PNG', async () => {
    const b64 = await client().images.generate({ model: 'pixel/image-gen', prompt: 'a lighthouse', n: 2, size: '256x256' });
    assert.equal(b64.data?.length, 2);
    assert.deepEqual(checkPng(Buffer.from(b64.data?.[0]?.b64_json ?? '', 'base64')), { width: 256, height: 256, channels: 3 });
    const byUrl = await client().images.generate({ model: 'pixel/image-gen', prompt: 'a lighthouse', response_format: 'url' });
    const file = await fetch(byUrl.data?.[0]?.url ?? '');
    assert.deepEqual(checkPng(Buffer.from(await file.arrayBuffer())), { width: 64, height: 64, channels: 3 });
  });

  it('images.edit uploads the file as multipart and gets it transformed', async () => {
    const edited = await client().images.edit({
      model: 'pixel/image-edit',
      image: await toFile(EDIT_INPUT, 'in.png', { type: 'image/png' }),
      prompt: 'make it blue',
    });
    const png = Buffer.from(edited.data?.[0]?.b64_json ?? '', 'base64');
    assert.deepEqual([...decodePng(png).pixels], [245, 235, 225, 255, 215, 205, 195, 128, 185, 175, 165, 0, 155, 145, 135, 255]);
  });

  it('raises BadRequestError with invalid_image for a file that is not an image', async () => {
    const error = await client()
      .images.edit({ model: 'pixel/image-edit', image: await toFile(Buffer.from('plain text'), 'in.png', { type: 'image/png' }), prompt: 'x' })
      .catch((e: unknown) => e);
    assert.ok(error instanceof OpenAI.BadRequestError);
    assert.equal(error.code, 'invalid_image');
  });
});
