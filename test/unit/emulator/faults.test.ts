import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../emulator';
import { call, chatBody, chatDeltaText, parseSse } from './emulatorCalls';
import { useEmulator } from '../../support/useEmulator';

describe('emulator control API and faults', () => {
  const { emulator, control } = useEmulator();
  const chat = (body: unknown) => call(emulator.origin, '/v1/chat/completions', { body });
  const streamBody = (tokens: number) => chatBody(`Explain streams [[tokens:${tokens}]]`, { stream: true });

  /** The raw fetch Response, for reading a body that may break. */
  const postChat = (body: unknown) =>
    fetch(`${emulator.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FIXTURE_KEYS.alpha}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** Feeds each piece of a body to onText as it arrives; rejects when the connection breaks. */
  async function readPieces(res: Response, onText: (text: string) => void): Promise<void> {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    for (let read = await reader.read(); !read.done; read = await reader.read()) onText(decoder.decode(read.value, { stream: true }));
  }

  /** Reads a streaming reply chunk by chunk, noting when each delta arrived. */
  async function readTimed(body: unknown): Promise<{ arrivals: number[]; text: string }> {
    const res = await postChat(body);
    const arrivals: number[] = [];
    let text = '';
    await readPieces(res, (piece) => {
      text += piece;
      for (let i = 0; i < (piece.match(/"content":/g) ?? []).length; i++) arrivals.push(performance.now());
    });
    return { arrivals, text };
  }

  describe('a model taken down', () => {
    it('answers every text request naming it with its status and code, before queued faults, until it is back; other models and the list are served', async () => {
      await control.modelDown('acme/chat-large', { status: 503 });
      await control.queueFaults('chat', [{ type: 'status', status: 500 }]);
      const down = await chat(chatBody('hi'));
      assert.deepEqual([down.status, down.json.error.code], [503, 'service_unavailable']);
      const responses = await call(emulator.origin, '/v1/responses', { body: { model: 'acme/chat-large', input: 'hi' } });
      assert.equal(responses.status, 503);
      const other = await chat({ ...chatBody('hi'), model: 'acme/chat-mini' });
      assert.equal(other.status, 500, 'the queued fault acts on the next request that reaches a working model');
      assert.equal((await call(emulator.origin, '/v1/models')).status, 200);
      await control.modelDown('acme/chat-large', { status: 404, code: 'model_not_found', message: 'Withdrawn.' });
      const unknown = await chat(chatBody('hi'));
      assert.deepEqual([unknown.status, unknown.json.error.code, unknown.json.error.message], [404, 'model_not_found', 'Withdrawn.']);
      await control.modelDown('acme/chat-large', null);
      assert.equal((await chat(chatBody('hi'))).status, 200);
      assert.deepEqual(
        (await control.requests()).map((r) => [r.model, r.status, r.fault]),
        [
          ['acme/chat-large', 503, 'model_down'],
          ['acme/chat-large', 503, 'model_down'],
          ['acme/chat-mini', 500, 'status'],
          [null, 200, null],
          ['acme/chat-large', 404, 'model_down'],
          ['acme/chat-large', 200, null],
        ],
      );
      assert.deepEqual(await control.charges().then((charges) => charges.map((c) => c.model)), ['acme/chat-large']);
    });

    it('reset brings it back', async () => {
      await control.modelDown('acme/chat-large', { status: 503 });
      await control.reset();
      assert.equal((await chat(chatBody('hi'))).status, 200);
    });
  });

  describe('queued failures before any header', () => {
    it('a status fault answers with its status, code, message and headers, then the next request is normal', async () => {
      await control.queueFaults('chat', [
        { type: 'status', status: 503, code: 'overloaded', message: 'Try later.', headers: { 'x-extra': '1' } },
        { type: 'status', status: 500 },
      ]);
      const first = await chat(chatBody('hi'));
      assert.equal(first.status, 503);
      assert.deepEqual(first.json.error, { code: 'overloaded', message: 'Try later.', request_id: first.headers.get('x-request-id') });
      assert.equal(first.headers.get('x-extra'), '1');
      const second = await chat(chatBody('hi'));
      assert.equal(second.status, 500);
      assert.equal(second.json.error.code, 'internal_error');
      assert.equal((await chat(chatBody('hi'))).status, 200);
    });

    it('faults apply to their endpoint only; "any" applies to the next request of any endpoint', async () => {
      await control.queueFaults('models', [{ type: 'status', status: 502 }]);
      assert.equal((await chat(chatBody('hi'))).status, 200);
      assert.equal((await call(emulator.origin, '/v1/models')).status, 502);
      await control.queueFaults('any', [{ type: 'status', status: 408 }]);
      const res = await call(emulator.origin, '/v1/responses', { body: { model: 'acme/chat-large', input: 'hi' } });
      assert.equal(res.status, 408);
      assert.equal(res.json.error.code, 'request_timeout');
    });

    it('rate_limit answers 429 rate_limit_exceeded with its Retry-After', async () => {
      await control.queueFaults('chat', [{ type: 'rate_limit', retryAfterSeconds: 7 }]);
      const res = await chat(chatBody('hi'));
      assert.equal(res.status, 429);
      assert.equal(res.json.error.code, 'rate_limit_exceeded');
      assert.equal(res.headers.get('retry-after'), '7');
    });

    it('reset drops the connection before any header', async () => {
      await control.queueFaults('chat', [{ type: 'reset' }]);
      await assert.rejects(chat(chatBody('hi')), TypeError);
      const [record] = await control.requests();
      assert.equal(record?.status, null);
      assert.equal(record?.fault, 'reset');
    });

    it('slow_first_byte holds the headers back, then replies normally', async () => {
      await control.queueFaults('chat', [{ type: 'slow_first_byte', ms: 300 }]);
      const started = performance.now();
      const res = await chat(chatBody('hi'));
      assert.ok(performance.now() - started >= 290, 'headers came no sooner than the delay');
      assert.equal(res.json.object, 'chat.completion');
    });
  });

  describe('stream faults', () => {
    it('cut delivers exactly K deltas, then ends the connection', async () => {
      await control.queueFaults('chat', [{ type: 'cut', afterDeltas: 4 }]);
      const res = await postChat(streamBody(50));
      let text = '';
      await assert.rejects(readPieces(res, (piece) => (text += piece)));
      assert.equal(parseSse(text).length, 4);
      assert.ok(!text.includes('[DONE]'));
      const next = await readTimed(streamBody(50));
      assert.ok(next.text.endsWith('data: [DONE]\n\n'), 'the next stream is whole');
    });

    it('cut on a non-streaming request cuts the JSON body short', async () => {
      await control.queueFaults('chat', [{ type: 'cut', afterDeltas: 0 }]);
      const res = await postChat(chatBody('hi'));
      assert.equal(res.status, 200);
      await assert.rejects(res.text());
    });

    it('stall pauses S ms after K deltas, then the stream completes', async () => {
      await control.queueFaults('chat', [{ type: 'stall', afterDeltas: 5, ms: 300 }]);
      const { arrivals, text } = await readTimed(streamBody(20));
      assert.equal(arrivals.length, 20);
      assert.ok(arrivals[5]! - arrivals[4]! >= 280, `gap after delta 5 was ${arrivals[5]! - arrivals[4]!} ms`);
      assert.ok(text.endsWith('data: [DONE]\n\n'));
    });

    it('[[pace:MS]] in the prompt waits MS ms before each delta, then the stream completes', async () => {
      const paced = await readTimed(chatBody('Explain streams [[tokens:8]] [[pace:40]]', { stream: true }));
      assert.equal(paced.arrivals.length, 8);
      const gaps = paced.arrivals.slice(1).map((at, i) => at - paced.arrivals[i]!);
      assert.ok(
        gaps.every((gap) => gap >= 35),
        `gaps between deltas: ${gaps.map((g) => g.toFixed(0)).join(', ')} ms`,
      );
      assert.ok(paced.text.endsWith('data: [DONE]\n\n'));
    });

    it('malformed sends one data line that is not JSON after K deltas, then continues', async () => {
      await control.queueFaults('chat', [{ type: 'malformed', afterDeltas: 2 }]);
      const events = parseSse((await chat(streamBody(6))).text);
      assert.throws(() => JSON.parse(events[2]!.data));
      const good = [...events.slice(0, 2), ...events.slice(3)];
      assert.equal(good.length, 6 + 2);
      assert.equal(good.at(-1)?.data, '[DONE]');
    });

    it('stream_error sends event: error with the code after K deltas, then ends', async () => {
      await control.queueFaults('chat', [{ type: 'stream_error', afterDeltas: 3, code: 'upstream_failed', message: 'Model crashed.' }]);
      const res = await chat(streamBody(10));
      const events = parseSse(res.text);
      assert.equal(events.length, 4);
      assert.equal(events[3]?.event, 'error');
      assert.deepEqual(JSON.parse(events[3]!.data).error, {
        code: 'upstream_failed',
        message: 'Model crashed.',
        request_id: res.headers.get('x-request-id'),
      });
    });

    it('a fault whose K is past the end of the reply fires before the closing chunks', async () => {
      await control.queueFaults('chat', [{ type: 'stream_error', afterDeltas: 1000, code: 'late' }]);
      const events = parseSse((await chat(streamBody(5))).text);
      assert.equal(events.length, 6);
      assert.equal(events[5]?.event, 'error');
    });

    it('applies to the Messages stream too', async () => {
      await control.queueFaults('messages', [{ type: 'stream_error', afterDeltas: 2, code: 'overloaded' }]);
      const res = await call(emulator.origin, '/v1/messages', {
        body: { model: 'acme/chat-large', max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'hi [[tokens:9]]' }] },
      });
      const events = parseSse(res.text);
      assert.equal(events.filter((e) => e.event === 'content_block_delta').length, 2);
      assert.equal(events.at(-1)?.event, 'error');
    });
  });

  describe('scripted replies, records and reset', () => {
    it('a queued reply replaces the next chat reply exactly, streamed or not', async () => {
      await control.queueReplies(['First **scripted** reply.\n\n```ts\nconst x = 1;\n```\n', 'Second']);
      const plain = await chat(chatBody('anything'));
      assert.equal(plain.json.choices[0].message.content, 'First **scripted** reply.\n\n```ts\nconst x = 1;\n```\n');
      assert.equal(chatDeltaText(parseSse((await chat(chatBody('anything', { stream: true }))).text)), 'Second');
      assert.notEqual((await chat(chatBody('anything'))).json.choices[0].message.content, 'Second');
    });

    it('records which fault each request consumed', async () => {
      await control.queueFaults('chat', [{ type: 'malformed', afterDeltas: 0 }]);
      await chat(streamBody(3));
      await chat(chatBody('hi'));
      assert.deepEqual(
        (await control.requests()).map((r) => r.fault),
        ['malformed', null],
      );
    });

    it('reset clears faults, replies and records', async () => {
      await control.queueFaults('chat', [{ type: 'status', status: 500 }]);
      await control.queueReplies(['scripted']);
      await chat(chatBody('hi'));
      await control.queueFaults('chat', [{ type: 'status', status: 500 }]);
      await control.reset();
      assert.deepEqual(await control.requests(), []);
      const res = await chat(chatBody('hi'));
      assert.equal(res.status, 200);
      assert.notEqual(res.json.choices[0].message.content, 'scripted');
    });

    it('rejects a malformed control request with 400', async () => {
      const res = await fetch(`${emulator.origin}/__emulator/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ endpoint: 'chat', faults: [{ type: 'explode' }] }),
      });
      assert.equal(res.status, 400);
      await assert.rejects(control.queueFaults('chat', [{ type: 'status', status: 200 }]));
    });
  });
});
