// Tool calls through chat completions and Responses as real servers write them (the emulator's
// quirks), and tools as Responses reads them (strict unless told otherwise).
import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../../emulator/index';
import { useEmulator } from '../../../support/useEmulator';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { TRANSPORTS } from '#src/platform/client/transports/index';
import { type TextRequest } from '#src/platform/client/transports/textRequest';
import { run } from './textOutcome';

const MODELS = { 'chat-completions': { model: 'acme/chat-large', endpoint: 'chat' }, responses: { model: 'nova/responder', endpoint: 'responses' } } as const;
type Transport = keyof typeof MODELS;
const READ_FILE = {
  name: 'read_file',
  parameters: { type: 'object', properties: { path: { type: 'string' }, lines: { type: 'integer' } }, required: ['path', 'lines'] },
};
const USE_IT: TextRequest['messages'] = [{ role: 'user', content: 'Use read_file on main.ts' }];

describe('transports: tool calls as servers write them', () => {
  const harness = useEmulator();

  const ask = async (transport: Transport, request: Partial<TextRequest>, streaming = true) => {
    const outcome = await run(
      new ServiceClient({ baseUrl: harness.emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 }).streamText(
        TRANSPORTS[transport],
        { model: MODELS[transport].model, messages: USE_IT, options: {}, ...request },
        { streaming },
      ),
    );
    assert.equal(outcome.error?.serviceMessage, undefined);
    return outcome.calls.map((c) => [c.name, c.arguments]);
  };

  it('Responses: tools go out with parameters and strict: false (strict is its default), so optional properties stay optional', async () => {
    const tools = [{ name: 'list_files' }, { ...READ_FILE, parameters: { ...READ_FILE.parameters, required: ['path'] } }];
    assert.deepEqual(await ask('responses', { tools }), [['read_file', '{"path":"example"}']]);
  });

  it('chat completions: a server that repeats the call id and name in every piece gives the whole arguments', async () => {
    await harness.control.queueFaults('chat', [{ type: 'quirk', quirk: 'repeated_call_ids' }]);
    assert.deepEqual(await ask('chat-completions', { tools: [READ_FILE] }), [['read_file', '{"path":"example","lines":1}']]);
  });

  it('Responses: arguments given whole in output_item.done, without argument deltas, are kept', async () => {
    await harness.control.queueFaults('responses', [{ type: 'quirk', quirk: 'whole_arguments' }]);
    assert.deepEqual(await ask('responses', { tools: [READ_FILE] }), [['read_file', '{"path":"example","lines":1}']]);
  });

  for (const transport of ['chat-completions', 'responses'] as const) {
    for (const streaming of [true, false]) {
      it(`${transport}: a call a server sends with empty arguments has "{}" [${streaming ? 'stream' : 'whole'}]`, async () => {
        await harness.control.queueFaults(MODELS[transport].endpoint, [{ type: 'quirk', quirk: 'empty_arguments' }]);
        await harness.control.queueReplies([{ toolCall: { name: 'list_files', arguments: {} } }]);
        assert.deepEqual(await ask(transport, { tools: [{ name: 'list_files' }] }, streaming), [['list_files', '{}']]);
      });
    }
  }
});
