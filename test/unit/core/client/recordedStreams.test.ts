// Streams recorded from real providers (fixtures/recordings, README.md there names each
// source), served byte for byte over loopback HTTP and read by the real client through the
// interface the provider speaks: whole, and cut at awkward places (inside `data: `, between the
// two newlines that end an event, inside a UTF-8 character). The expected answers were worked
// out by reading the recordings, not by running the client.
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
  text: string | { length: number; start: string; end: string };
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

const usage = (prompt_tokens: number, completion_tokens: number, total_tokens = prompt_tokens + completion_tokens) => ({ prompt_tokens, completion_tokens, total_tokens });

const RECORDINGS_READ: Recording[] = [
  {
    file: 'mistral/tool-call.sse',
    transport: 'chat-completions',
    shows: 'a tool call without index, whole in one delta, in the chunk with finish_reason and usage',
    expected: { text: '', calls: [{ id: 'gSIMJiOkT', name: 'weather', arguments: '{"location": "San Francisco"}' }], finishReason: 'tool_calls', usage: usage(124, 22) },
  },
  {
    file: 'mistral/reasoning.sse',
    transport: 'chat-completions',
    shows: 'content as parts: thinking parts nesting text parts, then text parts',
    expected: { text: '2 + 2 = 4', reasoning: 'The user is asking for 2+2. This is basic arithmetic. 2+2=4.', finishReason: 'stop', usage: usage(10, 46) },
  },
  {
    file: 'mistral/incremental-tool-call.sse',
    transport: 'chat-completions',
    shows: 'a call streamed in pieces whose later pieces carry an empty name',
    expected: { text: '', calls: [{ id: 'chatcmpl-tool-9f149c74c42f265b', name: 'webSearchTool', arguments: '{"query": "current Berlin weather"}' }], finishReason: 'tool_calls', usage: usage(171, 14) },
  },
  {
    file: 'xai/tool-call.sse',
    transport: 'chat-completions',
    shows: 'reasoning_content, chunks without finish_reason, usage in a chunk with empty choices',
    expected: { text: '', reasoning: 'First, the user is', calls: [{ id: 'call_55117580', name: 'weather', arguments: '{"location":"San Francisco"}' }], finishReason: 'tool_calls', usage: usage(291, 26, 513) },
  },
  {
    file: 'alibaba/tool-call.sse',
    transport: 'chat-completions',
    shows: 'later pieces of a call with an empty id, usage null until a chunk with empty choices',
    expected: { text: '', calls: [{ id: 'call_eee11723464a4b9eb8cee71d', name: 'weather', arguments: '{"location": "San Francisco"}' }], finishReason: 'tool_calls', usage: usage(295, 22) },
  },
  {
    file: 'groq/tool-call.sse',
    transport: 'chat-completions',
    shows: 'usage with fields of its own in the finishing chunk',
    expected: { text: '', calls: [{ id: 'tk85n1k4m', name: 'weather', arguments: '{}' }], finishReason: 'tool_calls', usage: usage(210, 15) },
  },
  {
    file: 'azure/model-router.sse',
    transport: 'chat-completions',
    shows: 'a first chunk of prompt filter results with empty choices and an empty model',
    expected: { text: 'Capital of Denmark.', finishReason: 'stop', usage: usage(15, 78) },
  },
  {
    file: 'perplexity/text.sse',
    transport: 'chat-completions',
    shows: 'usage in every chunk, counted so far: the last wins',
    expected: { text: '**EcoVista Day**[1][5]', finishReason: 'stop', usage: usage(11, 434) },
  },
  {
    file: 'deepseek/tool-call.sse',
    transport: 'chat-completions',
    shows: 'reasoning_content, then a call in eleven pieces',
    expected: {
      text: '',
      reasoning: 'The user is asking for the weather in San Francisco. I need to use the weather tool to get this information. Let me invoke the weather tool with the location parameter set to "San Francisco".',
      calls: [{ id: 'call_00_ioIn7yN9p1ZOMNpDLwd4MgAF', name: 'weather', arguments: '{"location": "San Francisco"}' }],
      finishReason: 'tool_calls',
      usage: usage(339, 83),
    },
  },
  {
    file: 'openai-responses/tool-search.sse',
    transport: 'responses',
    shows: 'tool_search_call and tool_search_output items before a function call',
    expected: { text: '', calls: [{ id: 'call_pddfxhfOx4gY56zn4vIIEbFp', name: 'get_weather', arguments: '{"location":"San Francisco, CA","unit":"fahrenheit"}' }], finishReason: 'tool_calls', usage: usage(640, 46) },
  },
  {
    file: 'openai-responses/mcp-tool-approval.sse',
    transport: 'responses',
    shows: 'mcp_list_tools and mcp_approval_request items, and MCP events',
    expected: { text: '', finishReason: 'stop', usage: usage(422, 48) },
  },
  {
    file: 'lmstudio/tool-call.sse',
    transport: 'responses',
    shows: 'reasoning text, a message, and a function call whose arguments come only whole',
    expected: {
      text: "I'll get the current weather information for San Francisco for you.",
      reasoning:
        'The user is asking for the weather in San Francisco. I have a weather function available that takes a location parameter. The user has provided "San Francisco" as the location, so I have all the required information to make the function call.',
      calls: [{ id: 'call_2025306790300011', name: 'weather', arguments: '{"location":"San Francisco"}' }],
      finishReason: 'tool_calls',
      usage: usage(182, 61),
    },
  },
  {
    file: 'openrouter/responses-arguments-in-completed.sse',
    transport: 'responses',
    shows: 'keep-alive comments; arguments empty until response.completed; an output_item.done without id',
    expected: { text: '', calls: [{ id: 'toolu_vrtx_01BWKNzqEXMrZcXvJcZkU3Wo', name: 'test_tool', arguments: '{"message": "Hello from the user"}' }], finishReason: 'tool_calls', usage: usage(1033, 56) },
  },
  {
    file: 'anthropic/message-delta-input-tokens.sse',
    transport: 'messages',
    shows: 'input_tokens counted again in message_delta (the later count wins)',
    expected: { text: 'pong', finishReason: 'stop', usage: usage(61, 2) },
  },
  {
    file: 'anthropic/web-fetch-tool.sse',
    transport: 'messages',
    shows: 'server_tool_use blocks with streamed input, web_fetch_tool_result and code_execution_tool_result blocks',
    expected: {
      text: 'The page at **example.com** is a simple placeholder page explaining that the domain is reserved for use in illustrative documentation examples and does not require prior permission to reference.',
      finishReason: 'stop',
      usage: usage(7172, 144),
    },
  },
  {
    file: 'anthropic/mcp.sse',
    transport: 'messages',
    shows: 'mcp_tool_use and mcp_tool_result blocks',
    expected: { text: 'The echo tool responded back with: **hello world**\n\nIt simply echoed back the exact message that was sent to it.', finishReason: 'stop', usage: usage(1250, 83) },
  },
  {
    file: 'anthropic/web-search-tool.sse',
    transport: 'messages',
    shows: 'a web_search_tool_result block and citations deltas between the text deltas',
    expected: {
      text: { length: 2402, start: 'Based on my search results, here are the key tech news devel', end: 'za store in Tokyo, marking over 20 years since their first international retail expansion.' },
      finishReason: 'stop',
      usage: usage(15665, 795),
    },
  },
  {
    file: 'anthropic/compaction.sse',
    transport: 'messages',
    shows: 'a compaction block with compaction deltas before the text',
    expected: {
      text: { length: 8518, start: 'Based on the conversation history, you asked me to summarize', end: ' into any specific algorithm, walk through a particular problem, or cover another section?' },
      finishReason: 'stop',
      usage: usage(612, 2819),
    },
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

describe('recorded real provider streams, replayed over HTTP', function () {
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
    return run(client.streamText(TRANSPORTS[transport], { model: 'recorded/model', messages: [{ role: 'user', content: 'hi' }], options: {}, includeUsage: true }, { onSkipped }));
  };

  const check = (outcome: Awaited<ReturnType<typeof read>>, expected: Expected) => {
    assert.equal(outcome.error, undefined, outcome.error?.message);
    if (typeof expected.text === 'string') assert.equal(outcome.text, expected.text);
    else {
      assert.equal(outcome.text.length, expected.text.length);
      assert.ok(outcome.text.startsWith(expected.text.start), outcome.text.slice(0, 80));
      assert.ok(outcome.text.endsWith(expected.text.end), outcome.text.slice(-100));
    }
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
    const chat = chunk({ delta: { content: [{ type: 'text', text: 'Hi' }, { type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] } }) + chunk({ delta: {}, finish_reason: 'end_of_generation' }) + 'data: [DONE]\n\n';
    assert.deepEqual(await skipped('chat-completions', Buffer.from(chat)), [
      ['part', 'image_url'],
      ['finish reason', 'end_of_generation'],
    ]);
    assert.deepEqual(
      [skippedLine('acme/m', 'item', 'web_search_call'), skippedLine('acme/m', 'finish reason', 'end_of_generation')],
      ['Reply: acme/m sent an item of type web_search_call, which is not used; it was skipped.', 'Reply: acme/m ended with the finish reason "end_of_generation", which is not known; it is read as stop.'],
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
    assert.deepEqual([responses.error?.kind, responses.error?.serviceMessage, responses.error?.requestId], ['bad_response', 'the function_call item of a response.output_item.added event has an unexpected shape', REQUEST_ID]);
    const chat = await read('chat-completions', Buffer.from(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 42 } }] })}\n\n`));
    assert.deepEqual([chat.error?.kind, chat.error?.serviceMessage, chat.error?.requestId], ['bad_response', 'the content of a choice has an unexpected shape', REQUEST_ID]);
  });

  it('a Responses error event is a ServiceError with the provider code and the request id', async () => {
    const outcome = await read('responses', readFileSync(join(RECORDINGS, 'openai-responses/error.sse')));
    assert.equal(outcome.error?.code, 'insufficient_quota');
    assert.equal(outcome.error?.kind, 'payment');
    assert.equal(outcome.error?.requestId, REQUEST_ID);
    assert.equal(outcome.done, undefined);
  });
});
