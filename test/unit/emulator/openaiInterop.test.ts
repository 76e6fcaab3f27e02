// The official openai client, pointed at the emulator by base URL and key alone (spec, rule 2).
import * as assert from 'node:assert/strict';
import OpenAI from 'openai';
import { FIXTURE_KEYS } from '../../emulator';
import { useEmulator } from './emulatorHarness';

describe('openai npm client against the emulator', () => {
  const h = useEmulator();
  const client = (apiKey: string = FIXTURE_KEYS.alpha) => new OpenAI({ baseURL: h.emulator.baseUrl, apiKey, maxRetries: 0 });
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
    const error = await client(FIXTURE_KEYS.revoked).models.list().catch((e: unknown) => e);
    assert.ok(error instanceof OpenAI.AuthenticationError);
    assert.equal(error.code, 'invalid_api_key');
  });

  it('raises RateLimitError for a 429, with Retry-After', async () => {
    await h.control.queueFaults('chat', [{ type: 'rate_limit', retryAfterSeconds: 3 }]);
    const error = await client()
      .chat.completions.create({ model: 'acme/chat-large', messages })
      .catch((e: unknown) => e);
    assert.ok(error instanceof OpenAI.RateLimitError);
    assert.equal(error.code, 'rate_limit_exceeded');
    assert.equal(error.headers?.get('retry-after'), '3');
  });
});
