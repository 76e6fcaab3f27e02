// Each real-world stream shape the emulator can write (its quirks, named after what recordings of
// real providers show) read by the real client over HTTP: the same answer as the plain stream.
import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../../emulator/index';
import type { Quirk } from '../../../emulator/quirks';
import { useEmulator } from '../../../support/useEmulator';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { TRANSPORTS, type TransportName } from '#src/platform/client/transports/index';
import { type TextRequest } from '#src/platform/client/transports/textRequest';
import { run } from './textOutcome';

const PROMPT = 'Explain closures in TypeScript.';
const REASONING = 'The question is about "Explain closures in TypeScript.". First check what is asked, then answer briefly with an example.';
const READ_FILE = {
  name: 'read_file',
  parameters: { type: 'object', properties: { path: { type: 'string' }, lines: { type: 'integer' } }, required: ['path', 'lines'] },
};
const ENDPOINTS = { 'chat-completions': 'chat', responses: 'responses', messages: 'messages' } as const;

/** A thinking model on each interface, with the key that may use it, and what turns its thinking on. */
const THINKER: Record<TransportName, { model: string; key: string; options: Record<string, unknown> }> = {
  'chat-completions': { model: 'zeta/reasoner-pro', key: FIXTURE_KEYS.beta, options: {} },
  responses: { model: 'nova/responder', key: FIXTURE_KEYS.alpha, options: {} },
  messages: { model: 'mira/messenger', key: FIXTURE_KEYS.alpha, options: { reasoning_effort: 'low' } },
};

const CASES: { quirk: Quirk; transport: TransportName; tools?: boolean }[] = [
  { quirk: 'index_less_tool_calls', transport: 'chat-completions', tools: true },
  { quirk: 'index_less_tool_calls', transport: 'chat-completions' },
  { quirk: 'content_parts', transport: 'chat-completions' },
  { quirk: 'reasoning_details', transport: 'chat-completions' },
  { quirk: 'usage_every_chunk', transport: 'chat-completions' },
  { quirk: 'no_done', transport: 'chat-completions' },
  { quirk: 'vendor_finish_reasons', transport: 'chat-completions', tools: true },
  { quirk: 'keep_alive_comments', transport: 'chat-completions' },
  { quirk: 'keep_alive_comments', transport: 'responses' },
  { quirk: 'keep_alive_comments', transport: 'messages' },
  { quirk: 'unknown_response_items', transport: 'responses' },
  { quirk: 'unknown_response_items', transport: 'responses', tools: true },
  { quirk: 'arguments_in_completed', transport: 'responses', tools: true },
  { quirk: 'unknown_message_blocks', transport: 'messages' },
  { quirk: 'input_tokens_in_message_delta', transport: 'messages' },
];

describe('real-world stream shapes (emulator quirks) read by the client', function () {
  this.timeout(20_000);
  const harness = useEmulator();

  const ask = (transport: TransportName, tools: boolean) => {
    const { model, key, options } = THINKER[transport];
    const request: TextRequest = tools
      ? { model, messages: [{ role: 'user', content: 'Use read_file on main.ts' }], tools: [READ_FILE], options: {}, includeUsage: true }
      : { model, messages: [{ role: 'user', content: PROMPT }], options, includeUsage: true };
    return run(new ServiceClient({ baseUrl: harness.emulator.baseUrl, apiKey: key, maxRetries: 0 }).streamText(TRANSPORTS[transport], request));
  };

  for (const c of CASES) {
    it(`${c.quirk} (${c.transport}${c.tools ? ', a tool call' : ''}): the same answer, reasoning, calls, finish reason and usage as the plain stream`, async () => {
      const plain = await ask(c.transport, c.tools === true);
      await harness.control.queueFaults(ENDPOINTS[c.transport], [{ type: 'quirk', quirk: c.quirk }]);
      const quirky = await ask(c.transport, c.tools === true);
      assert.equal(quirky.error, undefined, quirky.error?.message);
      assert.equal(quirky.text, plain.text);
      assert.ok(c.tools === true || quirky.text.startsWith('A practical take on "Explain closures in TypeScript". The example below'), quirky.text);
      assert.equal(quirky.reasoning, c.tools ? plain.reasoning : REASONING);
      assert.deepEqual(
        quirky.calls.map((call) => [call.name, call.arguments]),
        c.tools ? [['read_file', '{"path":"example","lines":1}']] : [],
      );
      assert.equal(quirky.done?.finishReason, c.tools ? 'tool_calls' : 'stop');
      assert.deepEqual(
        quirky.done?.usage && [quirky.done.usage.prompt_tokens, quirky.done.usage.completion_tokens],
        plain.done?.usage && [plain.done.usage.prompt_tokens, plain.done.usage.completion_tokens],
      );
      const records = await harness.control.requests();
      assert.deepEqual(
        records.map((r) => r.fault),
        [null, 'quirk'],
      );
    });
  }
});
