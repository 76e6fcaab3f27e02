// A group of VS Code's Chat: Manage Language Models with its own key, as a person adds it in a
// real VS Code (code-server with the packaged .vsix): Add Models, Multi-Model AI, a name and the
// key typed into VS Code's password box. The group's models then show in the chat's model picker
// under the group's name beside the window's, and one picked there answers with the group's key.
import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../emulator/index';
import { useWorkbench } from '../support/useWorkbench';
import { ChatWorkbench } from './chatWorkbench';
import { VsCodeChat } from './vscodeChat';

const GROUP = 'side project';
/** The models that call tools (the picker lists only those) in the catalogs of the window's key and of the group's key. */
const ALPHA_MODELS = ['Acme Chat Large', 'Mira Messenger', 'Nova Responder'];
const BETA_MODELS = ['Acme Chat Large', 'Mira Messenger', 'Nova Responder', 'Zeta Reasoner Pro'];
const REPLY = 'Hello from the side project group.';

describe("A group of VS Code's Manage Language Models with its own key (e2e, packaged extension in code-server)", () => {
  // The window's key is alpha; the group's is beta.
  const { control, workbench } = useWorkbench(ChatWorkbench, 'e2e-model-groups', { key: 'seeded', settings: { 'chat.allowAnonymousAccess': true } });
  let chat: VsCodeChat;
  before(() => {
    chat = new VsCodeChat(workbench);
  });

  /** Our models in the picker by group; they arrive once VS Code has listed the group, so look until they do (bounded). */
  async function pickerByGroup(): Promise<Record<string, string[]>> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const byGroup = await chat.modelsByGroup();
      if (byGroup[GROUP] !== undefined || Date.now() > deadline) return byGroup;
      await workbench.page.waitForTimeout(500);
    }
  }

  it("adds Multi-Model AI as a named group with its key; the group's models show in the chat's picker, and one answers with the group's key", async () => {
    const { page } = workbench;
    await workbench.runCommand('Chat: Manage Language Models');
    await page.getByRole('button', { name: 'Add Models' }).click();
    await workbench.pickMenuItem('Multi-Model AI');
    await page.locator('.quick-input-widget input[placeholder="Enter a name for the group"]').waitFor();
    await workbench.typeInInput(GROUP);
    // VS Code asks for the manifest's secret property in a password box, titled with the group's name.
    await page.locator('.quick-input-widget', { hasText: `${GROUP}: API key` }).waitFor();
    assert.equal(await workbench.quickInput.getAttribute('type'), 'password');
    await workbench.typeInInput(FIXTURE_KEYS.beta);
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });

    await chat.open();
    assert.deepEqual(await pickerByGroup(), { 'Multi-Model AI': ALPHA_MODELS, [GROUP]: BETA_MODELS });

    await chat.pickModel('Mira Messenger', GROUP);
    await control.reset();
    await control.queueReplies([REPLY]);
    await chat.send('Say hello');
    assert.deepEqual(await chat.finishedAnswer(), { text: REPLY, model: 'Mira Messenger' });
    assert.deepEqual(
      (await control.requests())
        .filter((r) => r.endpoint !== 'models')
        .map((r) => ({ endpoint: r.endpoint, model: r.model, status: r.status, key: r.keyPrefix })),
      [{ endpoint: 'messages', model: 'mira/messenger', status: 200, key: 'sk_test_be…' }],
    );
  });
});
