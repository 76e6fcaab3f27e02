// Answers side by side and branches in a real VS Code (code-server with the packaged .vsix): Ask
// Another Model with two models beside an answer, Continue With This Answer on the second tab and
// the next message sent on from it (the request the service received says so), and an earlier
// message edited twice into three branches, walked through by keyboard with "‹ 2 / 3 ›". Also
// takes the README's comparison screenshot.
import * as assert from 'node:assert/strict';
import { useWorkbench } from '../support/useWorkbench';
import { ChatWorkbench, type ChatPage } from './chatWorkbench';
import { RecordingProxy } from './recordingProxy';

const RED = 'Red: warm and loud, the colour of a stop sign.';
const GREEN = 'Green: calm, the colour of leaves and of a go signal.';
const BLUE = 'Blue: cool and deep, the colour of the sea and the sky.';
const LABEL = /^(acme\/chat-large|mira\/messenger|nova\/responder) · [\d.]+ s · tokens: \d+ · ≈ [\d.]+ ₽$/;

describe('answers side by side and branches (e2e, packaged extension in code-server)', function () {
  this.timeout(240_000);
  const proxy = new RecordingProxy();
  // Filled in before the workbench starts (its settings are read then): the extension talks to the emulator through the proxy.
  const settings: Record<string, unknown> = {};
  before(async () => {
    settings['multiModelAI.baseUrl'] = await proxy.start(() => emulator.origin);
  });
  after(() => proxy.stop());
  const { control, workbench, emulator } = useWorkbench(ChatWorkbench, 'e2e-branches', { settings });
  let chat: ChatPage;
  /** The texts the other models wrote, by model. */
  const written = new Map<string, string>();

  /** The conversation each request since the `from`th carried: its user and assistant messages. */
  const carried = (from: number) =>
    proxy.seen.slice(from).map((request) => request.said.filter((m) => m.role === 'user' || m.role === 'assistant').map((m) => `${m.role}: ${m.text}`));
  const tabs = () => chat.frame.locator('[role="tab"]');
  const firstMessage = () => chat.turns('user').first();
  const place = () => firstMessage().locator('.branch-arrows').getAttribute('aria-label');
  const focusedLabel = () => chat.frame.locator(':focus').getAttribute('aria-label');
  /** The messages on screen and the text of the last answer. */
  const shown = async () => ({
    messages: await chat.turns('user').locator('.user-text').allTextContents(),
    last: (await chat.lastAnswer().locator('.markdown-body').innerText()).trim(),
  });

  it('Ask Another Model: two models answer the same message at once, beside the answer, each tab labelled with its model, time, tokens and cost', async () => {
    chat = await workbench.openChatView();
    await chat.pickModel('acme/chat-large');
    await control.queueReplies([RED]);
    await chat.send('Name a colour');
    await chat.waitForStatus('done');
    // Each sibling takes the next scripted reply as its request arrives: which gets which is read from the tabs.
    await control.queueReplies([GREEN, BLUE]);
    const before = proxy.seen.length;
    await chat.button('Ask Another Model');
    await workbench.quickInput.waitFor();
    for (const model of ['mira/messenger', 'nova/responder']) await workbench.pickItem(model);
    await workbench.quickInput.press('Enter');
    await tabs().filter({ hasText: '₽' }).nth(2).waitFor({ timeout: 30_000 });
    const labels = await tabs().allTextContents();
    assert.deepEqual(
      labels.map((label) => label.split(' · ')[0]),
      ['acme/chat-large', 'mira/messenger', 'nova/responder'],
    );
    for (const label of labels) assert.match(label, LABEL);
    for (const at of [1, 2]) {
      await tabs().nth(at).click();
      const model = labels[at]!.split(' · ')[0]!;
      written.set(model, (await chat.frame.locator('[role="tabpanel"]:visible .markdown-body').innerText()).trim());
    }
    assert.deepEqual([...written.values()].sort(), [BLUE, GREEN]);
    // Each model was asked the same conversation, once.
    assert.deepEqual(carried(before), [['user: Name a colour'], ['user: Name a colour']]);
  });

  it('Continue With This Answer on the second tab: the next message goes on from it', async () => {
    await tabs().first().focus();
    await chat.frame.locator(':focus').press('ArrowRight');
    const second = await chat.frame.locator('[role="tab"][aria-selected="true"]').getAttribute('data-answer-id');
    await chat.frame.locator('[role="tabpanel"]:visible').getByRole('button', { name: 'Continue With This Answer' }).click();
    await chat.frame.locator(`.turn-answers[data-turn-id="${second}"]`).waitFor();
    // The picture: the same conversation in an editor panel, wide enough for the tabs on one line.
    await workbench.runCommand('Multi-Model AI: Open Chat in Editor');
    const wide = await workbench.editorChat();
    await wide.frame.locator(`.turn-answers[data-turn-id="${second}"] [role="tab"]`).nth(2).waitFor();
    await workbench.runCommand('Notifications: Clear All Notifications');
    await workbench.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await workbench.docsScreenshot('chat-compare');
    await workbench.runCommand('View: Close All Editors');

    await control.queueReplies(['Teal.']);
    const before = proxy.seen.length;
    await chat.send('Another one?');
    // The answer above is done already: wait for this one.
    await chat.lastAnswer().locator('.markdown-body', { hasText: 'Teal.' }).waitFor();
    await chat.waitForStatus('done');
    assert.deepEqual(carried(before), [['user: Name a colour', `assistant: ${written.get('mira/messenger')}`, 'user: Another one?']]);
    assert.equal((await control.requests()).at(-1)?.model, 'acme/chat-large');
  });

  it('an earlier message edited twice makes three branches, and the keyboard walks through them with "‹ 2 / 3 ›"', async () => {
    await control.queueReplies(['Pear.', 'Oak.']);
    for (const [text, branches] of [
      ['Name a fruit', 2],
      ['Name a tree', 3],
    ] as const) {
      await chat.button('Edit and resend', firstMessage());
      await chat.composer.fill(text);
      await chat.composer.press('Enter');
      await chat.frame.locator(`.branch-arrows[aria-label="Branch ${branches} of ${branches}"]`).waitFor();
      await chat.waitForStatus('done');
    }
    assert.deepEqual(await shown(), { messages: ['Name a tree'], last: 'Oak.' });

    await firstMessage().getByRole('button', { name: 'Previous Branch' }).focus();
    await chat.frame.locator(':focus').press('Enter');
    await chat.frame.locator('.branch-arrows[aria-label="Branch 2 of 3"]').waitFor();
    const second = { place: await place(), focused: await focusedLabel(), ...(await shown()) };
    await chat.frame.locator(':focus').press('Enter');
    await chat.frame.locator('.branch-arrows[aria-label="Branch 1 of 3"]').waitFor();
    const first = { place: await place(), focused: await focusedLabel(), ...(await shown()) };
    await chat.frame.locator(':focus').press('Enter');
    await chat.frame.locator('.branch-arrows[aria-label="Branch 2 of 3"]').waitFor();
    assert.deepEqual(
      { second, first, back: { place: await place(), ...(await shown()) } },
      {
        second: { place: 'Branch 2 of 3', focused: 'Previous Branch', messages: ['Name a fruit'], last: 'Pear.' },
        // The first branch as it was, with the answer chosen in it.
        first: { place: 'Branch 1 of 3', focused: 'Next Branch', messages: ['Name a colour', 'Another one?'], last: 'Teal.' },
        back: { place: 'Branch 2 of 3', messages: ['Name a fruit'], last: 'Pear.' },
      },
    );
  });
});
