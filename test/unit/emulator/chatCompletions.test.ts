import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../emulator';
import { call, chatBody, chatDeltaText, parseSse } from './emulatorCalls';
import { useEmulator } from '../../support/useEmulator';

const CHAT = '/v1/chat/completions';

describe('emulator chat completions', () => {
  const { emulator } = useEmulator();
  const chat = (body: unknown, key?: string) => call(emulator.origin, CHAT, { body, ...(key ? { key } : {}) });

  describe('validation (Errors 1)', () => {
    // [what, body, status, code, key]: the unsupported-temperature case needs beta, which can use the model.
    const cases: [string, unknown, number, string, string?][] = [
      ['empty messages', { model: 'acme/chat-large', messages: [] }, 400, 'invalid_request'],
      ['a missing model', { messages: [{ role: 'user', content: 'hi' }] }, 400, 'invalid_request'],
      ['a non-integer max_tokens', chatBody('hi', { max_tokens: 1.5 }), 400, 'invalid_request'],
      ['an unknown model', { ...chatBody('hi'), model: 'acme/nope' }, 404, 'model_not_found'],
      ['a model unavailable to the workspace', { ...chatBody('hi'), model: 'zeta/reasoner-pro' }, 403, 'model_unavailable'],
      ['max_tokens to a model that does not list it', { ...chatBody('hi'), model: 'acme/chat-mini', max_tokens: 50 }, 400, 'unsupported_parameter'],
      [
        'temperature to a model that does not list it',
        { ...chatBody('hi'), model: 'zeta/reasoner-pro', temperature: 1 },
        400,
        'unsupported_parameter',
        FIXTURE_KEYS.beta,
      ],
      ['an image model', { ...chatBody('hi'), model: 'pixel/image-gen' }, 400, 'unsupported_model_endpoint'],
    ];
    for (const [name, body, status, code, key] of cases) {
      it(`answers ${status} ${code} to ${name}`, async () => {
        const res = await chat(body, key);
        assert.equal(res.status, status);
        assert.equal(res.json.error.code, code);
        assert.ok(res.json.error.message.length > 0);
      });
    }

    it('answers 400 to a body that is not JSON', async () => {
      const res = await fetch(`${emulator.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${FIXTURE_KEYS.alpha}`, 'content-type': 'application/json' },
        body: '{"model":',
      });
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'invalid_request');
    });

    it('serves the model to the workspace it is available to', async () => {
      assert.equal((await chat({ ...chatBody('hi'), model: 'zeta/reasoner-pro', max_tokens: 20 }, FIXTURE_KEYS.beta)).status, 200);
    });
  });

  describe('non-streaming', () => {
    it('replies with the spec shape plus usage', async () => {
      const res = await chat(chatBody('Explain closures'));
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /application\/json/);
      const body = res.json;
      assert.equal(typeof body.id, 'string');
      assert.equal(body.object, 'chat.completion');
      assert.equal(body.model, 'acme/chat-large');
      assert.equal(body.choices[0].index, 0);
      assert.equal(body.choices[0].message.role, 'assistant');
      assert.equal(body.choices[0].finish_reason, 'stop');
      assert.ok(body.choices[0].message.content.length > 0);
      const { prompt_tokens, completion_tokens, total_tokens } = body.usage;
      assert.ok(prompt_tokens > 0 && completion_tokens > 0);
      assert.equal(total_tokens, prompt_tokens + completion_tokens);
    });

    it('is deterministic: the same prompt gives the same text, another prompt another text', async () => {
      const text = async (prompt: string) => (await chat(chatBody(prompt))).json.choices[0].message.content as string;
      assert.equal(await text('Explain closures'), await text('Explain closures'));
      assert.notEqual(await text('Explain closures'), await text('Explain generators'));
    });

    it('writes real markdown: a paragraph, a list and fenced code in the prompt language', async () => {
      const text = async (prompt: string) => (await chat(chatBody(prompt))).json.choices[0].message.content as string;
      const plain = await text('How do I sum numbers?');
      assert.match(plain, /^\S[^\n]+\n\n/, 'opens with a paragraph');
      assert.match(plain, /^- \S/m, 'has a bullet list');
      assert.match(plain, /```typescript\n[\s\S]+\n```/, 'TypeScript by default');
      assert.match(await text('Show me this in Python please'), /```python\n[\s\S]*def /);
      const refactor = await text('Refactor this:\n```go\nfunc add(a int, b int) int {   \n\treturn a + b\n}\n```');
      assert.match(refactor, /```go\n\/\/ Refactored[^\n]*\nfunc add\(a int, b int\) int \{\n\treturn a \+ b\n\}\n```/);
    });

    it('makes the reply as long as [[tokens:N]] asks', async () => {
      const res = await chat(chatBody('Write a long answer [[tokens:3000]]'));
      assert.equal(res.json.usage.completion_tokens, 3000);
      assert.equal((res.json.choices[0].message.content.match(/```/g) ?? []).length % 2, 0, 'every fence is closed');
    });

    it('cuts the reply at max_tokens with finish_reason length', async () => {
      const res = await chat(chatBody('Explain closures', { max_tokens: 5 }));
      assert.equal(res.json.usage.completion_tokens, 5);
      assert.equal(res.json.choices[0].finish_reason, 'length');
    });
  });

  describe('streaming', () => {
    it('sends chat.completion.chunk deltas, a finish chunk, then [DONE]; the text equals the non-streaming text', async () => {
      const plain = (await chat(chatBody('Explain closures'))).json.choices[0].message.content as string;
      const res = await chat(chatBody('Explain closures', { stream: true }));
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
      assert.ok(res.headers.get('x-request-id'));
      const events = parseSse(res.text);
      assert.equal(events.at(-1)?.data, '[DONE]');
      const chunks = events.slice(0, -1).map((e) => JSON.parse(e.data));
      for (const c of chunks) assert.equal(c.object, 'chat.completion.chunk');
      assert.equal(chunks[0].choices[0].delta.role, 'assistant');
      assert.ok(chunks.slice(0, -1).every((c) => c.choices[0].finish_reason === null));
      assert.equal(chunks.at(-1).choices[0].finish_reason, 'stop');
      assert.equal(chatDeltaText(events), plain);
      assert.ok(
        chunks.every((c) => c.usage === undefined),
        'no usage unless asked',
      );
    });

    it('adds a usage chunk before [DONE] when stream_options.include_usage is set', async () => {
      const res = await chat(chatBody('Explain closures [[tokens:40]]', { stream: true, stream_options: { include_usage: true } }));
      const events = parseSse(res.text);
      assert.equal(events.at(-1)?.data, '[DONE]');
      const usageChunk = JSON.parse(events.at(-2)!.data);
      assert.deepEqual(usageChunk.choices, []);
      assert.equal(usageChunk.usage.completion_tokens, 40);
      assert.equal(JSON.parse(events.at(-3)!.data).choices[0].finish_reason, 'stop');
      assert.equal(events.length, 40 + 3, 'one delta per token');
    });

    it('streams tens of thousands of deltas', async () => {
      const res = await chat(chatBody('Benchmark reply [[tokens:25000]]', { stream: true }));
      const events = parseSse(res.text);
      assert.equal(events.length, 25000 + 2);
      assert.equal(events.at(-1)?.data, '[DONE]');
    });

    it('ends with finish_reason length when max_tokens cuts the stream', async () => {
      const events = parseSse((await chat(chatBody('Explain closures', { stream: true, max_tokens: 3 }))).text);
      assert.equal(events.length, 3 + 2);
      assert.equal(JSON.parse(events.at(-2)!.data).choices[0].finish_reason, 'length');
    });
  });
});
