// The language-model provider called as VS Code calls it, in the real extension host, with the
// extension's own connection to the emulator: what a vscode.lm caller cannot do from outside
// (a System message is a proposed role; a cancellation lands at an exact moment) and what a
// tool hands back as data parts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { AUTO, useLanguageModelProvider } from './providerHarness';
import { emulator } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

type Message = vscode.LanguageModelChatRequestMessage;
type Part = vscode.LanguageModelResponsePart;

const TOOLS: vscode.LanguageModelChatTool[] = [
  { name: 'read_file', description: 'Reads a file', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
];
/** LanguageModelChatMessageRole.System, of the languageModelSystem proposal. */
const SYSTEM_ROLE = 3 as vscode.LanguageModelChatMessageRole;
/** A real 1x1 PNG. */
const PNG = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
/** LanguageModelDataPart: in VS Code's API from after 1.104. */
const DataPart = (vscode as unknown as { LanguageModelDataPart?: new (data: Uint8Array, mimeType: string) => unknown }).LanguageModelDataPart;

const utf8 = (text: string) => new TextEncoder().encode(text);
const textOf = (parts: readonly Part[]) => parts.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');

describe('language models in VS Code: the provider called as VS Code calls it', function () {
  this.timeout(60_000);
  const api = useTestHandle();
  const { provider, info, ask } = useLanguageModelProvider(api);

  it('a request whose token is already cancelled sends nothing and logs no request', async () => {
    const model = await info('acme/chat-large');
    const source = new vscode.CancellationTokenSource();
    source.cancel();
    const mark = api.logLines().at(-1);
    const parts: Part[] = [];
    await provider().provideLanguageModelChatResponse(
      model,
      [vscode.LanguageModelChatMessage.User('hi')],
      AUTO,
      { report: (part) => parts.push(part) },
      source.token,
    );
    const lines = api.logLines();
    const posted = lines.slice(lines.indexOf(mark!) + 1).filter((l) => l.line.startsWith('POST '));
    const sent = (await emulator().requests()).filter((r) => r.endpoint === 'chat');
    assert.deepEqual({ parts, posted, sent }, { parts: [], posted: [], sent: [] });
  });

  it('nothing is reported once the token is cancelled: the text held for the next batch is dropped', async () => {
    await emulator().queueReplies([Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ')]);
    const model = await info('acme/chat-large');
    const source = new vscode.CancellationTokenSource();
    const late: Part[] = [];
    let reported = 0;
    const progress = {
      report: (part: Part) => {
        if (source.token.isCancellationRequested) late.push(part);
        // Between two batches (40 ms apart) of a reply paced at 5 ms a token: some text is held.
        else if (reported++ === 0) setTimeout(() => source.cancel(), 25);
      },
    };
    await provider().provideLanguageModelChatResponse(model, [vscode.LanguageModelChatMessage.User('Say the words [[pace:5]]')], AUTO, progress, source.token);
    assert.equal(source.token.isCancellationRequested, true);
    assert.deepEqual(late, []);
  });

  it("a System message (agent mode's role 3) is sent as the system prompt, not as user text", async () => {
    await ask('mira/messenger', [new vscode.LanguageModelChatMessage(SYSTEM_ROLE, 'You are terse.'), vscode.LanguageModelChatMessage.User('hi')]);
    // Messages counts `system` apart: 3 words + 4, then "hi" 1 + 4. As user text it would join
    // the user's in one turn ("You are terse.hi": 3 + 4).
    assert.deepEqual(
      (await emulator().charges()).map((c) => c.promptTokens),
      [12],
    );
  });

  it('toolMode Required on a model that cannot be made to call a tool fails with what to do, and sends nothing', async () => {
    const model = await info('acme/chat-mini');
    const required = { toolMode: vscode.LanguageModelChatToolMode.Required, tools: TOOLS };
    const messages = [vscode.LanguageModelChatMessage.User('Use read_file on main.ts')];
    const error = await provider()
      .provideLanguageModelChatResponse(model, messages, required, { report() {} }, new vscode.CancellationTokenSource().token)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    assert.ok(error instanceof vscode.LanguageModelError, String(error));
    assert.equal(error.message, 'acme/chat-mini cannot be made to call a tool (the catalog does not list tools or tool_choice for it): pick another model.');
    assert.deepEqual(
      (await emulator().requests()).filter((r) => r.endpoint === 'chat'),
      [],
    );
  });

  describe("caching through vscode.lm with VS Code's markers", () => {
    before(function () {
      if (!DataPart) this.skip();
    });

    it('a marker is a breakpoint where VS Code put it: the emulator caches up to it, and the usage record has what was read and saved', async () => {
      await emulator().setCacheMode(true);
      const marker = () => new DataPart!(utf8('ephemeral'), 'cache_control') as vscode.LanguageModelTextPart;
      // 1,100 words: 1,104 tokens by the emulator's count, past the minimum by either count.
      const first: Message[] = [
        new vscode.LanguageModelChatMessage(SYSTEM_ROLE, 'word '.repeat(1100)),
        vscode.LanguageModelChatMessage.User([new vscode.LanguageModelTextPart('Read main.ts'), marker()]),
        vscode.LanguageModelChatMessage.Assistant('Sure.'),
        vscode.LanguageModelChatMessage.User('And now?'),
      ];
      const second: Message[] = [
        ...first,
        vscode.LanguageModelChatMessage.Assistant('Done.'),
        vscode.LanguageModelChatMessage.User([new vscode.LanguageModelTextPart('Next?'), marker()]),
      ];
      const before = (await api.usage.recorder.record.read()).entries.length;
      await ask('mira/messenger', first);
      await ask('mira/messenger', second);
      // The first writes up to VS Code's marker (1,104 + 6), not up to its newest message (1,121);
      // the second reads that and writes up to its own marker.
      assert.deepEqual(
        (await emulator().charges()).map((c) => [c.promptTokens, c.cacheReadTokens, c.cacheWriteTokens]),
        [
          [1121, 0, 1110],
          [1131, 1110, 21],
        ],
      );
      await api.usage.recorder.record.flushed();
      const entries = (await api.usage.recorder.record.read()).entries.slice(before);
      assert.deepEqual(
        entries.map((e) => [e.source, e.tokens?.cached, e.savedRub?.toFixed(6)]),
        [
          // 1,110 written at 1.25× the input price; then 1,110 read at 0.1× and 21 written.
          ['vscodeChat', 0, '-0.083250'],
          ['vscodeChat', 1110, '0.298125'],
        ],
      );
    });
  });

  describe('data parts a tool returns', () => {
    before(function () {
      if (!DataPart) this.skip();
    });

    /** A conversation that ends with read_file's result, made of `pieces`. */
    const toolTurn = (pieces: unknown[]): Message[] => [
      vscode.LanguageModelChatMessage.User('Use read_file on main.ts'),
      vscode.LanguageModelChatMessage.Assistant([new vscode.LanguageModelToolCallPart('call_1', 'read_file', { path: 'main.ts' })]),
      vscode.LanguageModelChatMessage.User([new vscode.LanguageModelToolResultPart('call_1', pieces)]),
    ];

    it('reach the model as their text (text/*, JSON and +json), or as a note with the type and size, never as their bytes', async () => {
      const answers: string[] = [];
      for (const [bytes, mimeType] of [
        [utf8('export const answer = 42;'), 'text/x-typescript'],
        [utf8('{"answer":42}'), 'application/json'],
        [utf8('{"title":"Not found"}'), 'application/problem+json'],
        [new Uint8Array(1234), 'application/pdf'],
        [PNG, 'image/png'],
      ] as const) {
        answers.push(textOf(await ask('acme/chat-large', toolTurn([new DataPart!(bytes, mimeType)]), { ...AUTO, tools: TOOLS })));
      }
      assert.deepEqual(answers, [
        'The tool answered: export const answer = 42;',
        'The tool answered: {"answer":42}',
        'The tool answered: {"title":"Not found"}',
        'The tool answered: [application/pdf data omitted: 1234 bytes]',
        'The tool answered: [image/png omitted: this model does not accept images]',
      ]);
    });

    it('an image goes to a model that accepts images, right after the tool results', async () => {
      const ask1 = [vscode.LanguageModelChatMessage.User('Use read_file on main.ts')];
      const call = (await ask('mira/messenger', ask1, { ...AUTO, tools: TOOLS })).find(
        (p): p is vscode.LanguageModelToolCallPart => p instanceof vscode.LanguageModelToolCallPart,
      );
      assert.ok(call, 'mira/messenger made no tool call');
      const result = new vscode.LanguageModelToolResultPart(call.callId, [new DataPart!(PNG, 'image/png')]);
      const parts = await ask('mira/messenger', [...ask1, vscode.LanguageModelChatMessage.Assistant([call]), vscode.LanguageModelChatMessage.User([result])], {
        ...AUTO,
        tools: TOOLS,
      });
      assert.equal(textOf(parts), 'I see one image (image/png).');
    });
  });
});
