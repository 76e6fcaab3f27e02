// VS Code's chat, signed out, with one of the extension's models named as its utility model
// (`chat.utilityModel`, README "Use the models in VS Code's chat"): the chat's own small tasks
// around an answer (its title, progress) go to that model through the extension, while the
// answer comes from the model picked in the chat. Without the setting none are sent
// (vscodeChat.e2e.test.ts sees only the answer's request).
import * as assert from 'node:assert/strict';
import { useWorkbench } from '../support/useWorkbench';
import { ChatWorkbench } from './chatWorkbench';
import { VsCodeChat } from './vscodeChat';

describe("VS Code's chat with a utility model of ours (e2e, packaged extension in code-server)", () => {
  const { control, workbench } = useWorkbench(ChatWorkbench, 'e2e-vscode-chat-utility', {
    key: 'seeded',
    settings: {
      'chat.allowAnonymousAccess': true,
      'chat.utilityModel': 'multi-model-ai/acme/chat-large',
      'chat.utilitySmallModel': 'multi-model-ai/acme/chat-large',
    },
  });

  it("the chat's utility requests go to acme/chat-large, the answer to the picked model, each with the extension's key", async () => {
    const chat = new VsCodeChat(workbench);
    await workbench.runCommand('Multi-Model AI: Show Log');
    await chat.open();
    await chat.pickModel('Mira Messenger');
    await control.reset();
    await chat.send('Explain how closures capture variables in JavaScript loops');
    assert.equal((await chat.finishedAnswer()).model, 'Mira Messenger');
    const deadline = Date.now() + 30_000;
    const utility = async () => (await control.requests()).filter((r) => r.model === 'acme/chat-large');
    while ((await utility()).length === 0 && Date.now() < deadline) await workbench.page.waitForTimeout(500);
    const requests = (await control.requests()).filter((r) => r.endpoint !== 'models');
    assert.ok((await utility()).length > 0, JSON.stringify(requests.map((r) => r.model)));
    assert.deepEqual([...new Set(requests.map((r) => r.model))].sort(), ['acme/chat-large', 'mira/messenger']);
    assert.ok(requests.every((r) => r.status === 200 && r.keyPrefix === 'sk_test_al…'));
  });
});
