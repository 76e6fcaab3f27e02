import * as assert from 'node:assert/strict';
import { LineDecoder } from '#src/platform/client/streaming/lineDecoder';
import { SseDecoder, type SseEvent } from '#src/platform/client/streaming/sseDecoder';
import { decodeEventStream, StreamFault } from '#src/platform/client/streaming/eventStream';
import { chatCompletions } from '#src/platform/client/transports/chatCompletions';
import { messages, plainTextDelta } from '#src/platform/client/transports/messages';
import type { Transport } from '#src/platform/client/transports/transport';
import type { ReplyPart } from '#src/platform/client/streaming/replyPart';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Every way to cut the bytes once, plus byte by byte: the splits a network can produce. */
function* splits(data: Uint8Array): Generator<Uint8Array[]> {
  for (let i = 0; i <= data.length; i++) yield [data.subarray(0, i), data.subarray(i)];
  yield Array.from(data, (_, i) => data.subarray(i, i + 1));
}

/** The whole lines of `chunks`, pushed one by one (a line still waiting for its ending is not one). */
function decodeLines(chunks: Uint8Array[], decoder = new LineDecoder()): string[] {
  const lines: string[] = [];
  for (const chunk of chunks) {
    decoder.push(chunk);
    for (let line = decoder.next(); line !== undefined; line = decoder.next()) lines.push(line);
  }
  return lines;
}

function decodeEvents(chunks: Uint8Array[]): SseEvent[] {
  const sse = new SseDecoder();
  return decodeLines(chunks).flatMap((line) => sse.push(line) ?? []);
}

async function* source(chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield chunk;
}

async function collect(chunks: Uint8Array[], transport: Transport = chatCompletions): Promise<{ parts: ReplyPart[]; fault?: StreamFault }> {
  const parts: ReplyPart[] = [];
  try {
    for await (const batch of decodeEventStream(source(chunks), transport.streamReader())) parts.push(...batch);
  } catch (error) {
    if (!(error instanceof StreamFault)) throw error;
    return { parts, fault: error };
  }
  return { parts };
}

/** A Messages event as the interface frames it. */
const messagesEvent = (data: Record<string, unknown>) => `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`;
const thinking = (text: string) => messagesEvent({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: text } });
const said = (text: string) => messagesEvent({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text } });
const messagesEnd =
  messagesEvent({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 4 } }) + messagesEvent({ type: 'message_stop' });

const chunk = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}`;

// Recorded streams in the shapes the service sends, with the awkward bytes on purpose:
// CRLF and CR endings, multi-byte UTF-8, keep-alive comments, a usage chunk.
const RECORDED = {
  plain: [chunk('Привет, '), chunk('мир 👋\n'), chunk('', 'stop'), 'data: [DONE]', '', ''].join('\n\n').replace(/\n\n\n\n$/, '\n\n'),
  crlf: [': keep-alive', '', chunk('a'), '', chunk('b€'), '', chunk('', 'length'), '', 'data: [DONE]', '', ''].join('\r\n'),
  cr: [chunk('x'), '', chunk('y', 'stop'), '', 'data: [DONE]', '', ''].join('\r'),
  usage: [
    chunk('one '),
    chunk('two', 'stop'),
    `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } })}`,
    'data: [DONE]',
    '',
  ].join('\n\n'),
};

describe('core stream decoding', () => {
  describe('LineDecoder', () => {
    it('splits on LF, CR and CRLF, whatever the chunking, byte by byte included', () => {
      const text = 'a\nb\r\nc\rd\r\n\r\ne\n\nлиния 🎉\rend\n';
      const expected = ['a', 'b', 'c', 'd', '', 'e', '', 'линия 🎉', 'end'];
      for (const chunks of splits(bytes(text))) assert.deepEqual(decodeLines(chunks), expected);
    });

    it('reads a chunk of many kilobytes line by line, whatever its endings and characters, whole or split anywhere', () => {
      const endings = ['\n', '\r\n', '\r'];
      const lines = Array.from({ length: 120 }, (_, i) => `data: {"n":${i},"text":"${'€👋ж'.repeat(i % 7)}${'x'.repeat((i * 37) % 90)}"}`);
      const text = lines.map((line, i) => `${line}${endings[i % 3]}`).join('');
      const data = bytes(text);
      assert.ok(data.length > 8000);
      assert.deepEqual(decodeLines([data]), lines);
      for (let cut = 1; cut < data.length; cut += 61) assert.deepEqual(decodeLines([data.subarray(0, cut), data.subarray(cut)]), lines);
      assert.deepEqual(decodeLines(Array.from(data, (_, i) => data.subarray(i, i + 1))), lines);
    });

    it('keeps a CRLF split across chunks as one line ending', () => {
      const decoder = new LineDecoder();
      assert.deepEqual(decodeLines([bytes('one\r')], decoder), ['one']);
      assert.deepEqual(decodeLines([bytes('\ntwo\n')], decoder), ['two']);
    });

    it('rebuilds a multi-byte character split between chunks', () => {
      const data = bytes('€\n');
      const decoder = new LineDecoder();
      assert.deepEqual(decodeLines([data.subarray(0, 1)], decoder), []);
      assert.deepEqual(decodeLines([data.subarray(1, 2)], decoder), []);
      assert.deepEqual(decodeLines([data.subarray(2)], decoder), ['€']);
    });

    it('reads invalid UTF-8 as a decoder does (U+FFFD), whatever the chunking', () => {
      const data = new Uint8Array([0x61, 0xe2, 0x82, 0x0a, 0xff, 0x62, 0x0a, 0xf0, 0x9f, 0x0a, 0xc3, 0x0a, 0x80, 0x63, 0x0a, 0xe2, 0x82, 0xac, 0x0a]);
      const expected = ['a\ufffd', '\ufffdb', '\ufffd', '\ufffd', '\ufffdc', '€'];
      assert.deepEqual(new TextDecoder().decode(data).split('\n').slice(0, -1), expected);
      for (const chunks of splits(data)) assert.deepEqual(decodeLines(chunks), expected);
    });

    it('joins a long line that arrives in many chunks', () => {
      const long = 'x'.repeat(10_000);
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < long.length; i += 7) chunks.push(bytes(long.slice(i, i + 7)));
      assert.deepEqual(decodeLines([...chunks, bytes('\n')]), [long]);
    });

    it('gives the lines of a chunk one at a time, and keeps a line without its ending for the next bytes', () => {
      const decoder = new LineDecoder();
      decoder.push(bytes('first\nsecond\r\nthi'));
      assert.equal(decoder.next(), 'first');
      assert.equal(decoder.next(), 'second');
      assert.equal(decoder.next(), undefined);
      assert.equal(decoder.next(), undefined);
      decoder.push(bytes('rd\n'));
      assert.equal(decoder.next(), 'third');
      assert.equal(decoder.next(), undefined);
    });
  });

  describe('SseDecoder', () => {
    it('joins multi-line data, reads event names, ignores comments and unknown fields', () => {
      const text = ': ping\n\nevent: error\ndata: {"a":\ndata:1}\nid: 7\nretry: 10\n\ndata: second\n\n';
      for (const chunks of splits(bytes(text))) {
        assert.deepEqual(decodeEvents(chunks), [
          { event: 'error', data: '{"a":\n1}' },
          { event: undefined, data: 'second' },
        ]);
      }
    });

    it('drops an event that has no data, and one cut off before its blank line', () => {
      assert.deepEqual(decodeEvents([bytes('event: ping\n\ndata: cut')]), []);
    });
  });

  describe('decodeEventStream with the chat-completions reader', () => {
    it('reads reasoning from reasoning_content or reasoning, as servers differ', async () => {
      const thought = (field: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { [field]: 'think ' }, finish_reason: null }] })}`;
      const { parts, fault } = await collect([
        bytes(`${[thought('reasoning_content'), thought('reasoning'), chunk('Hi', 'stop'), 'data: [DONE]'].join('\n\n')}\n\n`),
      ]);
      assert.equal(fault, undefined);
      assert.deepEqual(parts, [
        { type: 'reasoning', text: 'think ' },
        { type: 'reasoning', text: 'think ' },
        { type: 'delta', text: 'Hi' },
        { type: 'end', finishReason: 'stop' },
      ]);
    });

    for (const [name, recorded] of Object.entries(RECORDED)) {
      it(`decodes the recorded "${name}" stream identically through every chunk split`, async () => {
        const data = bytes(recorded);
        const reference = await collect([data]);
        assert.equal(reference.fault, undefined);
        assert.equal(reference.parts.at(-1)?.type, 'end');
        for (const chunks of splits(data)) assert.deepEqual(await collect(chunks), reference);
      });
    }

    it('Endpoints 3: a stream is incremental deltas: yields them in order, then the finish reason and usage', async () => {
      assert.deepEqual((await collect([bytes(RECORDED.plain)])).parts, [
        { type: 'delta', text: 'Привет, ' },
        { type: 'delta', text: 'мир 👋\n' },
        { type: 'end', finishReason: 'stop' },
      ]);
      assert.deepEqual((await collect([bytes(RECORDED.usage)])).parts.at(-1), {
        type: 'end',
        finishReason: 'stop',
        usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
      });
    });

    it('Streaming rule: a stream that ends without [DONE] and without a finish_reason is truncated', async () => {
      const { parts, fault } = await collect([bytes(`${chunk('half')}\n\n${chunk('cut')}`)]);
      assert.deepEqual(parts, [{ type: 'delta', text: 'half' }]);
      assert.equal(fault?.reason, 'truncated');
    });

    it('accepts a stream that gave its finish_reason but lost the [DONE] line', async () => {
      const { parts, fault } = await collect([bytes(`${chunk('all', 'stop')}\n\n`)]);
      assert.equal(fault, undefined);
      assert.deepEqual(parts.at(-1), { type: 'end', finishReason: 'stop' });
    });

    it('Streaming rule: `event: error` becomes a fault carrying its code and message', async () => {
      const text = `${chunk('so far')}\n\nevent: error\ndata: {"error":{"code":"internal_error","message":"boom"}}\n\n`;
      for (const chunks of splits(bytes(text))) {
        const { parts, fault } = await collect(chunks);
        assert.deepEqual(parts, [{ type: 'delta', text: 'so far' }]);
        assert.equal(fault?.reason, 'error_event');
        assert.equal(fault?.code, 'internal_error');
        assert.equal(fault?.serviceMessage, 'boom');
      }
    });

    it('Streaming rule: a `data.error` payload without an event name is an error too', async () => {
      const { fault } = await collect([bytes('data: {"error":{"code":"rate_limit_exceeded"}}\n\n')]);
      assert.equal(fault?.reason, 'error_event');
      assert.equal(fault?.code, 'rate_limit_exceeded');
    });

    it('a data line that is not JSON, or a chunk of the wrong shape, is malformed', async () => {
      const notJson = await collect([bytes(`${chunk('a')}\n\ndata: {not json\n\n${chunk('b', 'stop')}\n\ndata: [DONE]\n\n`)]);
      assert.deepEqual(notJson.parts, [{ type: 'delta', text: 'a' }]);
      assert.equal(notJson.fault?.reason, 'malformed');
      const wrongShape = await collect([bytes('data: {"choices":"nope"}\n\n')]);
      assert.equal(wrongShape.fault?.reason, 'malformed');
    });

    it('tolerates unknown fields and chunks without content', async () => {
      const extra = `data: {"choices":[{"delta":{"role":"assistant"},"logprobs":null}],"system_fingerprint":"x"}\n\n${chunk('ok', 'stop')}\n\ndata: [DONE]\n\n`;
      assert.deepEqual((await collect([bytes(extra)])).parts, [
        { type: 'delta', text: 'ok' },
        { type: 'end', finishReason: 'stop' },
      ]);
    });
  });

  describe('decodeEventStream with the Messages reader', () => {
    it('the first part of each kind goes out as soon as it is decoded, with what came before it; the rest of the chunk as one batch', async () => {
      // A whole short reply in one network chunk: the answer's first words must not wait behind
      // the rest of the chunk, after the reasoning's first words went out alone.
      const reply =
        messagesEvent({ type: 'message_start', message: { usage: { input_tokens: 9 } } }) +
        messagesEvent({ type: 'ping' }) +
        thinking('Think ') +
        thinking('twice.') +
        said('Hello ') +
        said('there.') +
        messagesEnd;
      const batches: ReplyPart[][] = [];
      for await (const batch of decodeEventStream(source([bytes(reply)]), messages.streamReader())) batches.push(batch);
      assert.deepEqual(batches, [
        [{ type: 'reasoning', text: 'Think ' }],
        [
          { type: 'reasoning', text: 'twice.' },
          { type: 'delta', text: 'Hello ' },
        ],
        [
          { type: 'delta', text: 'there.' },
          { type: 'end', finishReason: 'stop', usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 } },
        ],
      ]);
    });

    it('Messages: every thinking block, redacted ones included, is kept whole and in order to go back with the tool call', async () => {
      const start = (index: number, block: Record<string, unknown>) => messagesEvent({ type: 'content_block_start', index, content_block: block });
      const delta = (index: number, d: Record<string, unknown>) => messagesEvent({ type: 'content_block_delta', index, delta: d });
      const stream =
        start(0, { type: 'thinking', thinking: '' }) +
        delta(0, { type: 'thinking_delta', thinking: 'Read ' }) +
        delta(0, { type: 'thinking_delta', thinking: 'it.' }) +
        delta(0, { type: 'signature_delta', signature: 'sig1' }) +
        start(1, { type: 'redacted_thinking', data: 'EmwKAhgB' }) +
        start(2, { type: 'thinking', thinking: '' }) +
        delta(2, { type: 'thinking_delta', thinking: 'Then answer.' }) +
        delta(2, { type: 'signature_delta', signature: 'sig2' }) +
        start(3, { type: 'tool_use', id: 'toolu_1', name: 'read_file' }) +
        delta(3, { type: 'input_json_delta', partial_json: '{"path":"a"}' }) +
        messagesEvent({ type: 'content_block_stop', index: 3 }) +
        messagesEvent({ type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 9 } }) +
        messagesEvent({ type: 'message_stop' });
      const { parts } = await collect([bytes(stream)], messages);
      assert.deepEqual(parts.at(-1), {
        type: 'end',
        finishReason: 'tool_calls',
        usage: { prompt_tokens: 0, completion_tokens: 9, total_tokens: 9 },
        reasoningBlocks: [
          { type: 'thinking', thinking: 'Read it.', signature: 'sig1' },
          { type: 'redacted_thinking', data: 'EmwKAhgB' },
          { type: 'thinking', thinking: 'Then answer.', signature: 'sig2' },
        ],
      });
      const whole = messages.parse({
        content: [
          { type: 'thinking', thinking: 'Read it.', signature: 'sig1' },
          { type: 'redacted_thinking', data: 'EmwKAhgB' },
          { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'a' } },
        ],
        stop_reason: 'tool_use',
      });
      assert.deepEqual(whole?.at(-1), {
        type: 'end',
        finishReason: 'tool_calls',
        reasoningBlocks: [
          { type: 'thinking', thinking: 'Read it.', signature: 'sig1' },
          { type: 'redacted_thinking', data: 'EmwKAhgB' },
        ],
      });
    });

    it('Messages: event types it does not read are skipped unread; a type it reads with the wrong shape, or an event without a type, is malformed', async () => {
      const future = messagesEvent({ type: 'content_block_citation', index: 1, citation: { whatever: [1, 2] } });
      assert.deepEqual((await collect([bytes(future + said('ok') + messagesEnd)], messages)).parts, [
        { type: 'delta', text: 'ok' },
        { type: 'end', finishReason: 'stop', usage: { prompt_tokens: 0, completion_tokens: 4, total_tokens: 4 } },
      ]);
      const wrongShape = await collect(
        [bytes(said('a') + messagesEvent({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 5 } }) + said('b'))],
        messages,
      );
      assert.deepEqual(wrongShape.parts, [{ type: 'delta', text: 'a' }]);
      assert.equal(wrongShape.fault?.reason, 'malformed');
      const untyped = await collect([bytes(`data: ${JSON.stringify({ index: 1, delta: { type: 'text_delta', text: 'x' } })}\n\n`)], messages);
      assert.equal(untyped.fault?.reason, 'malformed');
    });
  });
});

describe("the Messages text delta's quick reading", () => {
  const head = '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":';
  it('reads what JSON.parse reads, plain or escaped', () => {
    const texts = ['Hello', '', 'say "hi"\n', 'a\\b', 'tab\there', 'snow \u2603 é', '\u0001', 'ends with \\'];
    assert.deepEqual(
      texts.map((text) => plainTextDelta(`${head}${JSON.stringify(text)}}}`)),
      texts,
    );
    assert.equal(plainTextDelta('{"type":"content_block_delta","index":12,"delta":{"type":"text_delta","text":"\\u00e9t\\u00e9"}}'), 'été');
  });

  it('leaves every other event, and text that is not one JSON string, to the full reading', () => {
    assert.deepEqual(
      [
        '{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Hm"}}',
        '{"type":"content_block_delta","delta":{"type":"text_delta","text":"no index"}}',
        '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a","extra":1}}',
        `${head}"a"b"}}`,
        `${head}"raw\ncontrol"}}`,
        `${head}"unterminated}}`,
        `${head}"}}`,
        `${head}42}}`,
        '{"type":"message_stop"}',
      ].map(plainTextDelta),
      [undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined],
    );
  });
});
