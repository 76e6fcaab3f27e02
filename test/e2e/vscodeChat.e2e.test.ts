// VS Code's own chat view with the extension's models: in code-server that view is
// served by its bundled Copilot Chat, which without a GitHub sign-in (none is possible here:
// no network) runs only with chat.allowAnonymousAccess, and then lets its chat use models of
// other providers ("BYOK models"). A person picks a Multi-Model AI model in the chat's model
// picker, sends a message and reads the emulator's answer; the request reached the emulator
// through the extension's provider, with the extension's key. In Agent mode the model calls
// VS Code's read_file tool on a workspace file, VS Code runs it, and the model answers from it.
import * as assert from 'node:assert/strict';
import { codeServerDirs } from '../host/codeServer';
import { useWorkbench } from '../support/useWorkbench';
import { ChatWorkbench } from './chatWorkbench';
import { RecordingProxy } from './recordingProxy';
import { VsCodeChat, type PickerEntry } from './vscodeChat';

const OURS = 'Multi-Model AI';
/** The models that call tools (the picker lists only those), each with its context and prices per million tokens. */
const OUR_MODELS: PickerEntry[] = [
  { name: 'Acme Chat Large', detail: 'Multi-Model AI · context 128,000 · ≈ 250.00 ₽ / ≈ 1,000.00 ₽ per 1M' },
  { name: 'Mira Messenger', detail: 'Multi-Model AI · context 100,000 · ≈ 300.00 ₽ / ≈ 1,500.00 ₽ per 1M' },
  { name: 'Nova Responder', detail: 'Multi-Model AI · context 64,000 · ≈ 100.00 ₽ / ≈ 400.00 ₽ per 1M' },
];
const REPLY = "Hello from the Multi-Model AI emulator, through VS Code's own chat.";
const NOTES = 'The launch code is 4417.';

describe("VS Code's chat view (e2e, packaged extension in code-server)", () => {
  const proxy = new RecordingProxy();
  // Filled in before the workbench starts (its settings are read then): the extension talks to the emulator through the proxy.
  const settings: Record<string, unknown> = { 'chat.allowAnonymousAccess': true };
  before(async () => {
    settings['multiModelAI.baseUrl'] = await proxy.start(() => emulator.origin);
  });
  after(() => proxy.stop());
  const { control, workbench, emulator } = useWorkbench(ChatWorkbench, 'e2e-vscode-chat', { key: 'seeded', settings, files: { 'notes.txt': `${NOTES}\n` } });
  let chat: VsCodeChat;
  before(() => {
    chat = new VsCodeChat(workbench);
  });

  /** Our models in the picker; they arrive once the extension has read the catalog, so look until they do (bounded). */
  async function ourPickerEntries(): Promise<PickerEntry[]> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ours = (await chat.pickerEntries()).filter((e) => e.detail.startsWith(OURS)).sort((a, b) => a.name.localeCompare(b.name));
      if (ours.length === OUR_MODELS.length || Date.now() > deadline) return ours;
      await workbench.page.waitForTimeout(500);
    }
  }

  const textRequests = async () => (await control.requests()).filter((r) => r.endpoint !== 'models');

  it("lists the usable models in the chat's model picker, each with its context and prices; one picked there answers a message", async () => {
    // The extension is active as it is once a person has used it (here: its log).
    await workbench.runCommand('Multi-Model AI: Show Log');
    await chat.open();
    assert.deepEqual(await ourPickerEntries(), OUR_MODELS);

    await chat.pickModel('Mira Messenger');
    assert.equal(await chat.currentModel(), 'Mira Messenger');
    await control.reset();
    await control.queueReplies([REPLY]);
    await chat.send('Say hello');
    assert.deepEqual(await chat.finishedAnswer(), { text: REPLY, model: 'Mira Messenger' });

    assert.deepEqual(
      (await textRequests()).map((r) => ({ endpoint: r.endpoint, model: r.model, status: r.status, key: r.keyPrefix })),
      [{ endpoint: 'messages', model: 'mira/messenger', status: 200, key: 'sk_test_al…' }],
    );
  });

  it('after a reload VS Code itself starts the extension for its chat (no Multi-Model AI command run): the picker lists its models again, the picked one still picked', async () => {
    await workbench.reload();
    await chat.open();
    await chat.waitForModel('Mira Messenger');
    assert.deepEqual(await ourPickerEntries(), OUR_MODELS);
  });

  it("in Agent mode the model's read_file call reaches VS Code, VS Code reads the workspace file, and the answer made from its result is shown", async () => {
    const file = `${codeServerDirs(workbench.resultsDir).workspaceDir}/notes.txt`;
    await chat.pickModel('Acme Chat Large');
    await chat.pickMode('Agent');
    await control.reset();
    const seenBefore = proxy.seen.length;
    // The model's first answer is the tool call; the emulator answers the tool's result by quoting it.
    await control.queueReplies([{ toolCall: { name: 'read_file', arguments: { filePath: file, startLine: 1, endLine: 1 } } }]);
    await chat.send('Use read_file on notes.txt and tell me the launch code');
    const answer = await chat.finishedAnswer();
    assert.equal(answer.model, 'Acme Chat Large');
    assert.match(answer.text, /The tool answered: [^]*The launch code is 4417\./);

    assert.deepEqual(
      (await textRequests()).map((r) => [r.endpoint, r.model, r.status]),
      [
        ['chat', 'acme/chat-large', 200],
        ['chat', 'acme/chat-large', 200],
      ],
    );
    const [call, result] = proxy.seen.slice(seenBefore).filter((r) => r.path.endsWith('/chat/completions'));
    assert.ok(call?.tools.includes('read_file'), `read_file offered: ${call?.tools.join(', ')}`);
    assert.equal(result?.messages, (call?.messages ?? 0) + 2, 'the tool call and its result go back');
    const charges = await control.charges();
    // What Agent mode sends, for the README: the tools offered, the size of the request, the tokens the service counted.
    console.log(
      `    agent mode: ${call!.tools.length} tools, ${call!.messages} messages, ${call!.bytes} bytes; then ${result!.bytes} bytes; ` +
        `prompt tokens ${charges.map((c) => c.promptTokens).join(', ')} of 111,616 the model takes in`,
    );
  });

  it("a thinking model's reasoning shows as VS Code's Thinking block, apart from its answer", async () => {
    await chat.pickModel('Nova Responder');
    await control.reset();
    await control.queueReplies([{ reasoning: 'Closures keep the scope they were made in.', text: 'A closure keeps its variables.' }]);
    await chat.send('Explain closures in one line');
    const answer = await chat.finishedAnswer();
    assert.match(await chat.thinkingText(), /Closures keep the scope they were made in\./);
    assert.equal(answer.model, 'Nova Responder');
    assert.match(answer.text, /A closure keeps its variables\.$/);
    assert.doesNotMatch(answer.text, /Closures keep the scope/);
  });
});
