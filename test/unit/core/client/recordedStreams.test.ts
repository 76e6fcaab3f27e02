// Streams in the shapes real providers document (fixtures/recordings, README.md there names each
// shape's documentation), served byte for byte over loopback HTTP and read by the real client
// through the interface the provider speaks: whole, and cut at awkward places (inside `data: `,
// between the two newlines that end an event, inside a UTF-8 character). The expected answers
// were worked out by reading the streams, not by running the client.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ServiceClient } from '#src/core/client/serviceClient';
import { TRANSPORTS, type ToolCall, type TransportName, type Usage } from '#src/core/index';
import { skippedLine, type OnSkipped } from '#src/core/client/transports/transport';
import { run } from './textOutcome';

const RECORDINGS = join(__dirname, 'fixtures', 'recordings');
const REQUEST_ID = 'req-recorded-1';

interface Expected {
  text: string;
  reasoning?: string;
  calls?: ToolCall[];
  finishReason: string;
  usage: Pick<Usage, 'prompt_tokens' | 'completion_tokens' | 'total_tokens'>;
}

interface Recording {
  file: string;
  transport: TransportName;
  shows: string;
  expected: Expected;
}

const usage = (prompt_tokens: number, completion_tokens: number, total_tokens = prompt_tokens + completion_tokens) => ({
  prompt_tokens,
  completion_tokens,
  total_tokens,
});

const RECORDINGS_READ: Recording[] = [
  {
    file: 'mistral/tool-call.sse',
    transport: 'chat-completions',
    shows: 'a tool call without index, whole in one delta, in the chunk with finish_reason and usage',
    expected: { text: '', calls: [{ id: 'Tq7vR2mXa', name: 'weather', arguments: '{"city": "Казань"}' }], finishReason: 'tool_calls', usage: usage(87, 19) },
  },
  {
    file: 'mistral/reasoning.sse',
    transport: 'chat-completions',
    shows: 'content as parts: thinking parts nesting text parts, then text parts',
    expected: { text: 'Ответ: 9 ✓', reasoning: 'Считаем: 3 × 3 = 9, проверено.', finishReason: 'stop', usage: usage(14, 38) },
  },
  {
    file: 'mistral/incremental-tool-call.sse',
    transport: 'chat-completions',
    shows: 'a call streamed in pieces whose later pieces carry an empty name',
    expected: {
      text: '',
      calls: [{ id: 'chatcmpl-tool-4d71e0a9c35b82f6', name: 'routeLookup', arguments: '{"from": "Тверь", "to": "Псков"}' }],
      finishReason: 'tool_calls',
      usage: usage(132, 21),
    },
  },
  {
    file: 'xai/tool-call.sse',
    transport: 'chat-completions',
    shows: 'reasoning_content, chunks without finish_reason, usage in a chunk with empty choices',
    expected: {
      text: '',
      reasoning: 'Нужна погода в Твери, зову weather.',
      calls: [{ id: 'call_30418862', name: 'weather', arguments: '{"city":"Тверь"}' }],
      finishReason: 'tool_calls',
      usage: usage(203, 31, 402),
    },
  },
  {
    file: 'alibaba/tool-call.sse',
    transport: 'chat-completions',
    shows: 'later pieces of a call with an empty id, usage null until a chunk with empty choices',
    expected: {
      text: '',
      calls: [{ id: 'call_5e02b7c41d9a4f8b96e3a0d7', name: 'weather', arguments: '{"city": "Новосибирск"}' }],
      finishReason: 'tool_calls',
      usage: usage(248, 24),
    },
  },
  {
    file: 'groq/tool-call.sse',
    transport: 'chat-completions',
    shows: 'two calls in one chunk, one without arguments; usage with fields of its own in the finishing chunk',
    expected: {
      text: '',
      calls: [
        { id: 'call_q3v8n1', name: 'current_time', arguments: '{}' },
        { id: 'call_w7k2d5', name: 'weather', arguments: '{"city":"Самара"}' },
      ],
      finishReason: 'tool_calls',
      usage: usage(226, 33),
    },
  },
  {
    file: 'azure/model-router.sse',
    transport: 'chat-completions',
    shows: 'a first chunk of prompt filter results with empty choices and an empty model',
    expected: { text: 'Столица Норвегии — Осло.', finishReason: 'stop', usage: usage(19, 64) },
  },
  {
    file: 'perplexity/text.sse',
    transport: 'chat-completions',
    shows: 'usage in every chunk, counted so far: the last wins',
    expected: { text: '**Байкал** — самое глубокое озеро мира[1][2]', finishReason: 'stop', usage: usage(9, 17) },
  },
  {
    file: 'deepseek/tool-call.sse',
    transport: 'chat-completions',
    shows: 'reasoning_content, then a call in six pieces',
    expected: {
      text: '',
      reasoning: 'Нужно узнать погоду в Сочи. Вызову инструмент weather.',
      calls: [{ id: 'call_00_Xq4mR8vT2nL6wB9cZ1kF3jHd', name: 'weather', arguments: '{"city": "Сочи"}' }],
      finishReason: 'tool_calls',
      usage: usage(312, 57),
    },
  },
  {
    file: 'openai-responses/tool-search.sse',
    transport: 'responses',
    shows: 'tool_search_call and tool_search_output items, with an object for arguments and a null call_id, before a function call',
    expected: {
      text: '',
      calls: [{ id: 'call_Lm3Qx8Rt2Vw6Yz1Bn4Cd7Fg9', name: 'get_weather', arguments: '{"city":"Ярославль","unit":"celsius"}' }],
      finishReason: 'tool_calls',
      usage: usage(512, 38),
    },
  },
  {
    file: 'openai-responses/mcp-tool-approval.sse',
    transport: 'responses',
    shows: 'mcp_list_tools and mcp_approval_request items, and MCP events',
    expected: { text: '', finishReason: 'stop', usage: usage(388, 41) },
  },
  {
    file: 'lmstudio/tool-call.sse',
    transport: 'responses',
    shows: 'reasoning text, a message, and a function call whose arguments come only whole',
    expected: {
      text: 'Сейчас узнаю погоду в Перми.',
      reasoning: 'Спрашивают про погоду в Перми — вызываю weather.',
      calls: [{ id: 'call_7730154418', name: 'weather', arguments: '{"location":"Пермь"}' }],
      finishReason: 'tool_calls',
      usage: usage(164, 52),
    },
  },
  {
    file: 'openrouter/responses-arguments-in-completed.sse',
    transport: 'responses',
    shows: 'keep-alive comments; events without names; arguments empty until response.completed; an output_item.done without id',
    expected: {
      text: '',
      calls: [{ id: 'toolu_01Hq6Vn3Kp8Wd2Ry5Tz9Lc4M', name: 'save_note', arguments: '{"note": "Привет из теста"}' }],
      finishReason: 'tool_calls',
      usage: usage(874, 47),
    },
  },
  {
    file: 'anthropic/message-delta-input-tokens.sse',
    transport: 'messages',
    shows: 'input_tokens counted again in message_delta (the later count wins)',
    expected: { text: 'понг 🏓', finishReason: 'stop', usage: usage(58, 4) },
  },
  {
    file: 'anthropic/web-fetch-tool.sse',
    transport: 'messages',
    shows: 'server_tool_use blocks with streamed input, web_fetch_tool_result and code_execution_tool_result blocks',
    expected: { text: 'На странице **example.org** сказано, что домен оставлен для примеров в документации.', finishReason: 'stop', usage: usage(5210, 96) },
  },
  {
    file: 'anthropic/mcp.sse',
    transport: 'messages',
    shows: 'mcp_tool_use and mcp_tool_result blocks',
    expected: { text: 'Инструмент echo вернул: **привет, мир**', finishReason: 'stop', usage: usage(1104, 61) },
  },
  {
    file: 'anthropic/web-search-tool.sse',
    transport: 'messages',
    shows: 'a web_search_tool_result block, the text in several blocks, a citations delta among the text deltas',
    expected: { text: 'Ищу свежие новости.\n\nПо найденному: мост через Тежу открыт для пешеходов.', finishReason: 'stop', usage: usage(9870, 212) },
  },
  {
    file: 'anthropic/compaction.sse',
    transport: 'messages',
    shows: 'a compaction block with compaction deltas before the text',
    expected: { text: 'Мы разобрали сортировку слиянием; продолжим с быстрой сортировкой?', finishReason: 'stop', usage: usage(420, 133) },
  },
];

/** Offsets to cut `body` at: inside the `data: ` of an event in the middle, between the two newlines that end an event, inside a UTF-8 character. */
function awkwardCuts(body: Buffer): number[] {
  const middle = Math.floor(body.length / 2);
  const cuts = [body.indexOf('data: ', middle) + 3, body.indexOf('\n\n', Math.floor(body.length / 3)) + 1];
  const multiByte = body.findIndex((byte) => byte >= 0xc0);
  if (multiByte !== -1) cuts.push(multiByte + 1);
  return [...new Set(cuts.filter((c) => c > 0 && c < body.length))].sort((a, b) => a - b);
}

describe('provider-shaped streams, replayed over HTTP', function () {
  this.timeout(20_000);
  let server: Server;
  let baseUrl: string;
  /** What the next request is answered with: the bytes, written in pieces ending at `cuts`. */
  let reply: { body: Buffer; cuts: number[] } = { body: Buffer.alloc(0), cuts: [] };

  before(async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on('end', async () => {
        response.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': REQUEST_ID });
        const { body, cuts } = reply;
        let from = 0;
        for (const cut of [...cuts, body.length]) {
          response.write(body.subarray(from, cut));
          from = cut;
          // Each piece its own network read.
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const read = (transport: TransportName, body: Buffer, cuts: number[] = [], onSkipped?: OnSkipped) => {
    reply = { body, cuts };
    const client = new ServiceClient({ baseUrl, apiKey: 'sk-recorded', maxRetries: 0 });
    return run(
      client.streamText(
        TRANSPORTS[transport],
        { model: 'recorded/model', messages: [{ role: 'user', content: 'hi' }], options: {}, includeUsage: true },
        { onSkipped },
      ),
    );
  };

  const check = (outcome: Awaited<ReturnType<typeof read>>, expected: Expected) => {
    assert.equal(outcome.error, undefined, outcome.error?.message);
    assert.equal(outcome.text, expected.text);
    assert.equal(outcome.reasoning, expected.reasoning ?? '');
    assert.deepEqual(outcome.calls, expected.calls ?? []);
    assert.equal(outcome.done?.finishReason, expected.finishReason);
    const u = outcome.done?.usage;
    assert.deepEqual(u && { prompt_tokens: u.prompt_tokens, completion_tokens: u.completion_tokens, total_tokens: u.total_tokens }, expected.usage);
    assert.equal(outcome.done?.requestId, REQUEST_ID);
  };

  for (const recording of RECORDINGS_READ) {
    const body = readFileSync(join(RECORDINGS, recording.file));
    it(`${recording.file} (${recording.shows}) reads whole`, async () => {
      check(await read(recording.transport, body), recording.expected);
    });
    it(`${recording.file} reads the same cut at awkward places`, async () => {
      check(await read(recording.transport, body, awkwardCuts(body)), recording.expected);
    });
  }

  it('what each reader passes over is told by kind and name: blocks, items, parts and unknown finish reasons', async () => {
    const skipped = async (transport: TransportName, body: Buffer) => {
      const told: [string, string][] = [];
      const outcome = await read(transport, body, [], (kind, name) => told.push([kind, name]));
      assert.equal(outcome.error, undefined, outcome.error?.message);
      return told;
    };
    assert.deepEqual(await skipped('messages', readFileSync(join(RECORDINGS, 'anthropic/mcp.sse'))), [
      ['block', 'mcp_tool_use'],
      ['block', 'mcp_tool_result'],
    ]);
    assert.deepEqual(await skipped('responses', readFileSync(join(RECORDINGS, 'openai-responses/tool-search.sse'))), [
      ['item', 'tool_search_call'],
      ['item', 'tool_search_output'],
    ]);
    const chunk = (choice: Record<string, unknown>) => `data: ${JSON.stringify({ choices: [{ index: 0, ...choice }] })}\n\n`;
    const chat =
      chunk({
        delta: {
          content: [
            { type: 'text', text: 'Hi' },
            { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
          ],
        },
      }) +
      chunk({ delta: {}, finish_reason: 'end_of_generation' }) +
      'data: [DONE]\n\n';
    assert.deepEqual(await skipped('chat-completions', Buffer.from(chat)), [
      ['part', 'image_url'],
      ['finish reason', 'end_of_generation'],
    ]);
    assert.deepEqual(
      [skippedLine('acme/m', 'item', 'web_search_call'), skippedLine('acme/m', 'finish reason', 'end_of_generation')],
      [
        'Reply: acme/m sent an item of type web_search_call, which is not used; it was skipped.',
        'Reply: acme/m ended with the finish reason "end_of_generation", which is not known; it is read as stop.',
      ],
    );
    // Plain recordings pass over nothing.
    assert.deepEqual(await skipped('chat-completions', readFileSync(join(RECORDINGS, 'mistral/tool-call.sse'))), []);
  });

  it('a chat-completions stream that ends after its finish reason without [DONE] is done, not cut', async () => {
    const body = readFileSync(join(RECORDINGS, 'mistral/tool-call.sse'));
    const withoutDone = Buffer.from(body.toString('utf8').replace('data: [DONE]\n\n', ''));
    check(await read('chat-completions', withoutDone), RECORDINGS_READ[0]!.expected);
  });

  it('what the answer needs and cannot read is refused, saying what, with the request id', async () => {
    const item = { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 42, arguments: '' };
    const responses = await read('responses', Buffer.from(`data: ${JSON.stringify({ type: 'response.output_item.added', output_index: 0, item })}\n\n`));
    assert.deepEqual(
      [responses.error?.kind, responses.error?.serviceMessage, responses.error?.requestId],
      ['bad_response', 'the function_call item of a response.output_item.added event has an unexpected shape', REQUEST_ID],
    );
    const chat = await read('chat-completions', Buffer.from(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 42 } }] })}\n\n`));
    assert.deepEqual(
      [chat.error?.kind, chat.error?.serviceMessage, chat.error?.requestId],
      ['bad_response', 'the content of a choice has an unexpected shape', REQUEST_ID],
    );
  });

  it('a Responses error event is a ServiceError with the provider code and the request id', async () => {
    const outcome = await read('responses', readFileSync(join(RECORDINGS, 'openai-responses/error.sse')));
    assert.equal(outcome.error?.code, 'insufficient_quota');
    assert.equal(outcome.error?.kind, 'payment');
    assert.equal(outcome.error?.requestId, REQUEST_ID);
    assert.equal(outcome.done, undefined);
  });
});
