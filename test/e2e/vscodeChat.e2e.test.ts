// VS Code's own chat view with the extension's models: in code-server that view is
// served by its bundled Copilot Chat, which without a GitHub sign-in (none is possible here:
// no network) runs only with chat.allowAnonymousAccess, and then lets its chat use models of
// other providers ("BYOK models"). A person picks a Multi-Model AI model in the chat's model
// picker, sends a message and reads the emulator's answer; the request reached the emulator
// through the extension's provider, with the extension's key.
import * as assert from 'node:assert/strict';
import { useWorkbench } from '../support/useWorkbench';
import { ChatWorkbench } from './chatWorkbench';
import { VsCodeChat, type PickerEntry } from './vscodeChat';

const OURS = 'Multi-Model AI';
const OUR_MODELS: PickerEntry[] = [
  { name: 'Acme Chat Large', provider: OURS },
  { name: 'Mira Messenger', provider: OURS },
  { name: 'Nova Responder', provider: OURS },
];
const REPLY = "Hello from the Multi-Model AI emulator, through VS Code's own chat.";

describe("VS Code's chat view (e2e, packaged extension in code-server)", () => {
  const { control, workbench } = useWorkbench(ChatWorkbench, 'e2e-vscode-chat', { key: 'seeded', settings: { 'chat.allowAnonymousAccess': true } });
  let chat: VsCodeChat;
  before(() => {
    chat = new VsCodeChat(workbench);
  });

  /** Our models in the picker; they arrive once the extension has read the catalog, so look until they do (bounded). */
  async function ourPickerEntries(): Promise<PickerEntry[]> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ours = (await chat.pickerEntries()).filter((e) => e.provider === OURS).sort((a, b) => a.name.localeCompare(b.name));
      if (ours.length === OUR_MODELS.length || Date.now() > deadline) return ours;
      await workbench.page.waitForTimeout(500);
    }
  }

  it('lists the usable models under "Multi-Model AI" in the chat\'s model picker; one picked there answers a message', async () => {
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

    const requests = (await control.requests()).filter((r) => r.endpoint !== 'models');
    assert.deepEqual(
      requests.map((r) => ({ endpoint: r.endpoint, model: r.model, status: r.status, key: r.keyPrefix })),
      [{ endpoint: 'messages', model: 'mira/messenger', status: 200, key: 'sk_test_al…' }],
    );
  });

  it('after a reload VS Code itself starts the extension for its chat (no Multi-Model AI command run): the picker lists its models again, the picked one still picked', async () => {
    await workbench.reload();
    await chat.open();
    await chat.waitForModel('Mira Messenger');
    assert.deepEqual(await ourPickerEntries(), OUR_MODELS);
  });
});
