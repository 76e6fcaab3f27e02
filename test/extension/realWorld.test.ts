// The shapes real gateways and providers use, end to end in a real extension host: a catalog in
// New API's shape in the quick-pick and the chat, and streams written the way recorded providers
// write them (the emulator's quirks, test/emulator/README.md) in the chat and through vscode.lm.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AssistantTurn } from '#src/chat/common/conversation/conversation';
import { Commands } from '#src/platform/manifest/ids';
import type { ModelPickItem } from '#src/models/vscode/modelPicker';
import type { TestHandle } from '#src/testHandle';
import type { Quirk } from '../emulator/quirks';
import { arrangeChat, lastReply } from './chatHarness';
import { emulator, until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

const TOOLS: vscode.LanguageModelChatTool[] = [
  { name: 'read_file', description: 'Reads a file', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
];

/** The chat's reply to `prompt` in a conversation of its own. */
async function ask(api: TestHandle, prompt: string): Promise<AssistantTurn> {
  api.chat.host.session.newConversation();
  await api.chat.host.session.send(prompt);
  return lastReply(api);
}

const answered = async () => (await emulator().requests()).filter((r) => r.endpoint !== 'models').map((r) => [r.endpoint, r.status, r.fault]);

describe('real-world catalogs and streams, end to end', function () {
  this.timeout(60_000);
  const api = useTestHandle();
  beforeEach(() => arrangeChat(api));
  afterEach(async () => {
    api.modelPicker.current()?.hide();
    // The extension keeps the catalog it read for minutes: later tests must not see New API's list.
    await emulator().setCatalogShape('spec');
    await api.connection.models({ refresh: true });
  });

  it("a catalog in New API's shape: the quick-pick offers its text models, and the chat answers", async () => {
    await emulator().setCatalogShape('new-api');
    await api.connection.models({ refresh: true });
    void vscode.commands.executeCommand(Commands.selectModel);
    const picker = await until(() => {
      const open = api.modelPicker.current();
      return open && !open.busy && open.items.length > 0 ? open : undefined;
    }, 'the model picker to load');
    // New API lists only what the key may use, with no names or parameters; its image models are not text models.
    assert.deepEqual(
      picker.items.map((i: ModelPickItem) =>
        i.kind === vscode.QuickPickItemKind.Separator
          ? `-- ${i.label}`
          : `${i.iconPath instanceof vscode.ThemeIcon ? `(${i.iconPath.id}) ` : ''}${i.label} | ${i.description}`,
      ),
      [
        '-- acme',
        'acme/chat-basic | no optional parameters',
        '(check) acme/chat-large | no optional parameters',
        'acme/chat-mini | no optional parameters',
        '-- mira',
        'mira/messenger | no optional parameters',
        '-- nova',
        'nova/responder | no optional parameters',
        '(edit) Use a Model Id… | type the id of a model the list does not name',
      ],
    );
    picker.hide();
    const reply = await ask(api, 'Explain closures');
    assert.equal(reply.status, 'done', reply.error?.message);
    assert.equal(reply.model, 'acme/chat-large');
    assert.match(reply.text, /closures/);
    assert.deepEqual(await answered(), [['chat', 200, null]]);
  });

  for (const quirk of ['content_parts', 'index_less_tool_calls'] as const satisfies readonly Quirk[]) {
    it(`a chat-completions stream written with ${quirk}: the chat shows the same answer as the plain stream`, async () => {
      const plain = await ask(api, 'Explain closures');
      assert.equal(plain.status, 'done', plain.error?.message);
      await emulator().queueFaults('chat', [{ type: 'quirk', quirk }]);
      const quirky = await ask(api, 'Explain closures');
      assert.equal(quirky.status, 'done', quirky.error?.message);
      assert.equal(quirky.text, plain.text);
      assert.equal(quirky.reasoning, plain.reasoning);
      assert.deepEqual(await answered(), [
        ['chat', 200, null],
        ['chat', 200, 'quirk'],
      ]);
    });
  }

  it('a tool call whole in one piece without index (index_less_tool_calls) reaches vscode.lm', async () => {
    const chat = await until(
      async () => (await vscode.lm.selectChatModels({ vendor: 'multi-model-ai' })).find((m) => m.id === 'acme/chat-large'),
      'acme/chat-large to be offered',
    );
    await emulator().queueFaults('chat', [{ type: 'quirk', quirk: 'index_less_tool_calls' }]);
    const response = await chat.sendRequest([vscode.LanguageModelChatMessage.User('Use read_file on main.ts')], {
      tools: TOOLS,
      toolMode: vscode.LanguageModelChatToolMode.Required,
    });
    const calls: vscode.LanguageModelToolCallPart[] = [];
    for await (const part of response.stream) if (part instanceof vscode.LanguageModelToolCallPart) calls.push(part);
    assert.deepEqual(
      calls.map((c) => [c.name, c.input]),
      [['read_file', { path: 'example' }]],
    );
    assert.deepEqual(await answered(), [['chat', 200, 'quirk']]);
  });

  it('blocks the client does not use (unknown_message_blocks) are skipped, and logged once for the model at the Debug level', async () => {
    await arrangeChat(api, 'mira/messenger');
    const skipped = () => api.logLines().filter((l) => l.level === 'debug' && l.line.startsWith('Reply: mira/messenger sent a block'));
    for (let i = 0; i < 2; i++) {
      await emulator().queueFaults('messages', [{ type: 'quirk', quirk: 'unknown_message_blocks' }]);
      const reply = await ask(api, 'Explain closures');
      assert.equal(reply.status, 'done', reply.error?.message);
      assert.match(reply.text, /closures/);
    }
    // Logged the first time; the second reply adds nothing.
    assert.deepEqual(
      skipped().map((l) => l.line),
      [
        'Reply: mira/messenger sent a block of type server_tool_use, which is not used; it was skipped.',
        'Reply: mira/messenger sent a block of type web_search_tool_result, which is not used; it was skipped.',
      ],
    );
  });
});
