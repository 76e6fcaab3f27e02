import * as assert from 'node:assert/strict';
import { ModelEntrySchema } from '#src/platform/client/catalog/schemas';
import { chatCompletions } from '#src/platform/client/transports/chatCompletions';
import { messages } from '#src/platform/client/transports/messages';
import { responses } from '#src/platform/client/transports/responses';
import { buildTextRequest, type TextMessage, type ToolSpec } from '#src/platform/client/transports/textRequest';
import { cacheHint } from '#src/platform/reply/cacheHint';

const model = (pricing: Record<string, string>) =>
  ModelEntrySchema().parse({
    id: 'acme/large',
    available: true,
    supported_parameters: ['tools', 'max_tokens'],
    pricing: { prompt: '0.0003', completion: '0.0015', ...pricing },
  });
/** Caches only where asked: the catalog prices its cache writes. */
const whenAsked = model({ input_cache_read: '0.00003', input_cache_write: '0.000375' });
/** Caches on its own: only reads are priced. */
const onItsOwn = model({ input_cache_read: '0.00015' });
const unpriced = model({});

// 1,100 short words are 1,100 estimated tokens: past the 1,024-token minimum on their own.
const longSystem = 'word '.repeat(1_100);
const longDescription = 'tool '.repeat(1_100);
const tools: ToolSpec[] = [
  { name: 'read_file', description: 'Reads a file', parameters: { type: 'object', properties: {} } },
  { name: 'edit_file', description: longDescription, parameters: { type: 'object', properties: {} } },
];
const conversation = (system: string): TextMessage[] => [
  { role: 'system', content: system },
  { role: 'user', content: 'What does main do?' },
  { role: 'assistant', content: 'It starts the server.' },
  { role: 'user', content: 'And stop?' },
];
const EPHEMERAL = { type: 'ephemeral' };

function request(entry: typeof whenAsked, system: string, withTools: boolean | ToolSpec[] = false) {
  const wanted = withTools === true ? tools : withTools || undefined;
  const built = buildTextRequest(entry, conversation(system), { maxTokens: 100, tools: wanted }).request;
  built.cache = cacheHint(entry, built);
  return built;
}

describe('prompt cache breakpoints', () => {
  it('Messages: on the last tool, the system prompt and the newest message once the prefix is long enough', () => {
    const body = messages.body(request(onItsOwn, longSystem, true), false);
    assert.deepEqual(body.system, [{ type: 'text', text: longSystem, cache_control: EPHEMERAL }]);
    assert.deepEqual(
      (body.tools as Record<string, unknown>[]).map((t) => t.cache_control),
      [undefined, EPHEMERAL],
    );
    assert.deepEqual((body.messages as unknown[]).at(-1), { role: 'user', content: [{ type: 'text', text: 'And stop?', cache_control: EPHEMERAL }] });
    assert.equal(JSON.stringify(body).split('cache_control').length - 1, 3);
  });

  it('Messages: a breakpoint only where the prefix before it reaches the minimum', () => {
    // A short tool (under the minimum) and a long system prompt: the tool alone is not cached.
    const body = messages.body(request(unpriced, longSystem, [tools[0]!]), false);
    assert.deepEqual(body.tools, [{ name: 'read_file', description: 'Reads a file', input_schema: { type: 'object', properties: {} } }]);
    assert.deepEqual(body.system, [{ type: 'text', text: longSystem, cache_control: EPHEMERAL }]);
    assert.deepEqual((body.messages as unknown[]).at(-1), { role: 'user', content: [{ type: 'text', text: 'And stop?', cache_control: EPHEMERAL }] });
  });

  it('Messages: a short request goes out without any breakpoint, as without caching', () => {
    const cached = messages.body(request(whenAsked, 'Be brief.', false), false);
    const plain = messages.body(buildTextRequest(whenAsked, conversation('Be brief.'), { maxTokens: 100 }).request, false);
    assert.deepEqual(cached, plain);
    assert.equal(cached.system, 'Be brief.');
  });

  it('chat completions: in content parts of the system prompt and the newest message, for a model that caches where asked', () => {
    const body = chatCompletions.body(request(whenAsked, longSystem, true), false);
    assert.deepEqual(body.messages, [
      { role: 'system', content: [{ type: 'text', text: longSystem, cache_control: EPHEMERAL }] },
      { role: 'user', content: 'What does main do?' },
      { role: 'assistant', content: 'It starts the server.' },
      { role: 'user', content: [{ type: 'text', text: 'And stop?', cache_control: EPHEMERAL }] },
    ]);
    // Tools are no content parts: never marked.
    assert.equal(JSON.stringify(body.tools).includes('cache_control'), false);
  });

  it('chat completions and Responses: nothing for a model whose catalog prices no cache writes', () => {
    for (const entry of [onItsOwn, unpriced]) {
      for (const transport of [chatCompletions, responses]) {
        const body = transport.body(request(entry, longSystem, true), false);
        assert.equal(JSON.stringify(body).includes('cache_control'), false, `${transport.name} ${entry.id}`);
        assert.deepEqual(body, transport.body(buildTextRequest(entry, conversation(longSystem), { maxTokens: 100, tools }).request, false));
      }
    }
  });

  it("the caller's marks: at most four breakpoints in all, the newest marks kept, none where the prefix is short", () => {
    const marked: TextMessage[] = [
      { role: 'system', content: longSystem },
      ...Array.from({ length: 5 }, (_, i): TextMessage[] => [
        { role: 'user', content: `Question ${i}`, cacheMark: true },
        { role: 'assistant', content: `Answer ${i}` },
      ]).flat(),
      { role: 'user', content: 'Last' },
    ];
    const built = buildTextRequest(unpriced, marked, { maxTokens: 100, tools }).request;
    built.cache = cacheHint(unpriced, built);
    const body = messages.body(built, false) as { messages: { content: Record<string, unknown>[] }[] };
    // The last tool and the system prompt take two; the two newest marks (questions 3 and 4) the rest.
    assert.deepEqual(
      body.messages.map((m) => m.content.some((b) => 'cache_control' in b)),
      [false, false, false, false, false, false, true, false, true, false, false],
    );
    const short = buildTextRequest(
      unpriced,
      [
        { role: 'user', content: 'Hi', cacheMark: true },
        { role: 'user', content: 'There' },
      ],
      { maxTokens: 100 },
    ).request;
    short.cache = cacheHint(unpriced, short);
    assert.equal(JSON.stringify(messages.body(short, false)).includes('cache_control'), false);
  });

  it('Responses: on the newest message’s content part, the system prompt staying its instructions', () => {
    const body = responses.body(request(whenAsked, longSystem, true), false);
    assert.equal(body.instructions, longSystem);
    assert.deepEqual(body.input, [
      { role: 'user', content: 'What does main do?' },
      { role: 'assistant', content: 'It starts the server.' },
      { role: 'user', content: [{ type: 'input_text', text: 'And stop?', cache_control: EPHEMERAL }] },
    ]);
  });
});
