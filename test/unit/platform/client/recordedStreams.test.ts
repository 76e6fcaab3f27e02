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
import { ServiceClient } from '#src/platform/client/serviceClient';
import { TRANSPORTS, type TransportName } from '#src/platform/client/transports/index';
import { type ToolCall, skippedLine, type OnSkipped } from '#src/platform/client/streaming/replyPart';
import { type Usage } from '#src/platform/client/catalog/schemas';
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

/**
 * Each recording, the interface it is read through, what it shows, and the answer worked out by
 * reading it (`expected.json` beside the streams: a data table, one entry a file).
 */
const RECORDINGS_READ = JSON.parse(readFileSync(join(RECORDINGS, 'expected.json'), 'utf8')) as Recording[];

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
