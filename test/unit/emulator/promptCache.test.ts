// Cache mode: a prefix cache keyed by the request up to its last breakpoint (models that cache
// only where asked) or by the prefix alone (models that cache on their own), its counts in each
// interface's usage, and charges at the catalog's cache prices.
import * as assert from 'node:assert/strict';
import { call, parseSse } from './emulatorCalls';
import { useEmulator } from '../../support/useEmulator';
import { EmulatorControl, startEmulator } from '../../emulator';

const EPHEMERAL = { type: 'ephemeral' };
// 1,100 words: 1,104 tokens as a message (its words plus 4), past the 1,024-token minimum.
const LONG = 'word '.repeat(1100).trim();

describe('emulator: cache mode', () => {
  const h = useEmulator();
  const post = async (path: string, body: unknown) => {
    const res = await call(h.emulator.origin, path, { body });
    assert.equal(res.status, 200, res.text);
    return res.json as { usage: Record<string, unknown> };
  };
  const messagesBody = (turns: { role: string; content: unknown }[]) => ({
    model: 'mira/messenger',
    max_tokens: 50,
    system: [{ type: 'text', text: LONG, cache_control: EPHEMERAL }],
    messages: turns,
  });
  const marked = (text: string) => [{ type: 'text', text, cache_control: EPHEMERAL }];

  beforeEach(() => h.control.setCacheMode(true));

  it('Messages: writes the prefix up to the last breakpoint, then reads it, apart from input_tokens', async () => {
    const first = await post('/v1/messages', messagesBody([{ role: 'user', content: marked('Hello there') }]));
    // The system prompt (1,104) and the message (2 words + 4): all written, nothing left uncached.
    assert.deepEqual(first.usage, { input_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 1110, output_tokens: first.usage.output_tokens });
    const second = await post(
      '/v1/messages',
      messagesBody([
        { role: 'user', content: 'Hello there' },
        { role: 'assistant', content: 'Hi' },
        { role: 'user', content: marked('And more') },
      ]),
    );
    // The first request's prefix is read; the reply (1 + 4) and the new message (2 + 4) are written.
    assert.deepEqual([second.usage.input_tokens, second.usage.cache_read_input_tokens, second.usage.cache_creation_input_tokens], [0, 1110, 11]);
    const charges = await h.control.charges();
    assert.deepEqual(
      charges.map((c) => [c.promptTokens, c.cacheReadTokens, c.cacheWriteTokens]),
      [
        [1110, 0, 1110],
        [1121, 1110, 11],
      ],
    );
    // 1,110 written at 0.000375 ₽ a token, and the output at 0.0015 ₽.
    assert.equal(charges[0]!.amountRub, Number((1110 * 0.000375 + charges[0]!.completionTokens * 0.0015).toFixed(6)));
    assert.equal(charges[1]!.amountRub, Number((1110 * 0.00003 + 11 * 0.000375 + charges[1]!.completionTokens * 0.0015).toFixed(6)));
  });

  it('Messages: the counts also open the stream, in message_start', async () => {
    await post('/v1/messages', messagesBody([{ role: 'user', content: marked('Hello there') }]));
    const res = await call(h.emulator.origin, '/v1/messages', { body: { ...messagesBody([{ role: 'user', content: marked('Hello there') }]), stream: true } });
    const start = JSON.parse(parseSse(res.text)[0]!.data) as { message: { usage: Record<string, number> } };
    assert.deepEqual(start.message.usage, { input_tokens: 0, cache_read_input_tokens: 1110, cache_creation_input_tokens: 0, output_tokens: 1 });
  });

  it('a model that caches only where asked caches nothing without a breakpoint, nor a prefix under the minimum', async () => {
    const unmarked = { model: 'mira/messenger', max_tokens: 50, system: LONG, messages: [{ role: 'user', content: 'Hello there' }] };
    const short = { model: 'mira/messenger', max_tokens: 50, system: marked('Be brief.'), messages: [{ role: 'user', content: marked('Hello there') }] };
    for (const body of [unmarked, unmarked, short, short]) {
      const { usage } = await post('/v1/messages', body);
      assert.deepEqual([usage.cache_read_input_tokens, usage.cache_creation_input_tokens], [0, 0], JSON.stringify(body.system).slice(0, 40));
    }
  });

  it('chat completions: a model that caches on its own reads the longest prefix seen, counted inside prompt_tokens', async () => {
    const turn1 = [
      { role: 'system', content: LONG },
      { role: 'user', content: 'Hello there' },
    ];
    const first = await post('/v1/chat/completions', { model: 'acme/chat-large', messages: turn1 });
    assert.deepEqual(first.usage.prompt_tokens_details, { cached_tokens: 0 });
    const second = await post('/v1/chat/completions', {
      model: 'acme/chat-large',
      messages: [...turn1, { role: 'assistant', content: 'Hi' }, { role: 'user', content: 'And more' }],
    });
    assert.deepEqual([second.usage.prompt_tokens, second.usage.prompt_tokens_details], [1121, { cached_tokens: 1110 }]);
    const charge = (await h.control.charges())[1]!;
    // 11 tokens at the input price, 1,110 at the read price (a quarter), no writes priced.
    assert.equal(charge.amountRub, Number((11 * 0.00025 + 1110 * 0.0000625 + charge.completionTokens * 0.001).toFixed(6)));
  });

  it('chat completions: a model that caches where asked reports its writes as cache_write_tokens', async () => {
    const body = {
      model: 'zeta/reasoner-pro',
      messages: [
        { role: 'system', content: marked(LONG) },
        { role: 'user', content: 'Hello there' },
      ],
    };
    const beta = { key: 'sk_test_beta', body };
    const first = await call(h.emulator.origin, '/v1/chat/completions', beta);
    const second = await call(h.emulator.origin, '/v1/chat/completions', beta);
    assert.deepEqual(
      [first.json.usage.prompt_tokens_details, second.json.usage.prompt_tokens_details],
      [{ cached_tokens: 0, cache_write_tokens: 1104 }, { cached_tokens: 1104 }],
    );
  });

  it('Responses: cached tokens inside input_tokens; the tools are the start of the prefix and count as input', async () => {
    const tools = [{ type: 'function', name: 'read_file', description: LONG, parameters: null, strict: false }];
    const body = { model: 'nova/responder', tools, tool_choice: 'none', input: [{ role: 'user', content: 'Hello there' }] };
    await post('/v1/responses', body);
    const again = await post('/v1/responses', { ...body, input: [...body.input, { role: 'assistant', content: 'Hi' }, { role: 'user', content: 'And more' }] });
    // The tool's JSON is 1,100 words and its fields; then the first message (2 + 4).
    const toolTokens = JSON.stringify(tools[0]).match(/\s*\S+\s*/g)!.length;
    assert.deepEqual([again.usage.input_tokens, again.usage.input_tokens_details], [toolTokens + 17, { cached_tokens: toolTokens + 6 }]);
    // Another tool is another prefix: nothing read.
    const changed = await post('/v1/responses', { ...body, tools: [{ ...tools[0], name: 'write_file' }] });
    assert.deepEqual(changed.usage.input_tokens_details, { cached_tokens: 0 });
  });

  it('an emulator started in cache mode stays in it after reset, its cache emptied', async () => {
    const cached = await startEmulator({ cache: true });
    try {
      const body = {
        model: 'acme/chat-large',
        messages: [
          { role: 'system', content: LONG },
          { role: 'user', content: 'Hello there' },
        ],
      };
      const details = async () => (await call(cached.origin, '/v1/chat/completions', { body })).json.usage.prompt_tokens_details as unknown;
      assert.deepEqual([await details(), await details()], [{ cached_tokens: 0 }, { cached_tokens: 1110 }]);
      await new EmulatorControl(cached.origin).reset();
      assert.deepEqual(await details(), { cached_tokens: 0 });
    } finally {
      await cached.close();
    }
  });

  it('off (the default, and after reset) nothing is cached and usage has no cache counts', async () => {
    await h.control.reset();
    const body = {
      model: 'acme/chat-large',
      messages: [
        { role: 'system', content: LONG },
        { role: 'user', content: 'Hello there' },
      ],
    };
    await post('/v1/chat/completions', body);
    const again = await post('/v1/chat/completions', body);
    assert.deepEqual(again.usage, { prompt_tokens: 1110, completion_tokens: again.usage.completion_tokens, total_tokens: again.usage.total_tokens });
    assert.deepEqual(
      (await h.control.charges()).map((c) => 'cacheReadTokens' in c),
      [false, false],
    );
  });
});
