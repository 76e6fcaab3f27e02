// The chat as a person uses it, in a real VS Code (code-server) with the packaged .vsix:
// open the chat, pick a model, send, watch the reply stream with a highlighted code block,
// insert it into an editor, stop a long reply, recover from a 401 and a stream cut, reload
// and find the conversation; hidden direction controls and an unreachable service. Also takes
// the README screenshots (dark and light).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { FIXTURE_KEYS } from '../emulator/index';
import { useWorkbench } from '../support/useWorkbench';
import { ChatWorkbench, LIGHT, type ChatPage } from './chatWorkbench';

// Trojan Source (CVE-2021-42574): a comment that displays as an if, and a link text that displays as a .txt.
const TROJAN_REPLY = [
  'Here is the guard:',
  '',
  '```ts',
  '/*\u202E } \u2066if (isAdmin)\u2069 \u2066 begin admins only */',
  '```',
  '',
  'See [invoice\u202Etxt.exe](https://example.com/invoice) for details.',
].join('\n');

describe('chat (e2e, packaged extension in code-server)', function () {
  this.timeout(180_000);
  const { emulator, control, workbench, reopenEmulator } = useWorkbench(ChatWorkbench, 'e2e-chat', {
    files: { 'main.ts': '// Binary search goes here\n\nexport {};\n' },
  });
  let chat: ChatPage;

  it('opens the chat and picks a model from the same filtered list as the quick-pick', async () => {
    chat = await workbench.openChatView();
    // Picking waits for the live catalog to reach the page; read the offered models after it.
    await chat.pickModel('acme/chat-large');
    const options = await chat.modelSelect.locator('option:not([disabled])').allTextContents();
    // Each id with the catalog's display name beside it.
    assert.ok(options.includes('acme/chat-mini — Acme Chat Mini'));
    const offered = await chat.modelSelect.locator('option:not([disabled])').evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
    assert.ok(offered.includes('acme/chat-mini'));
    assert.ok(!offered.includes('zeta/reasoner-pro'), 'models unavailable to the workspace are not offered');
    assert.ok(!offered.includes('pixel/image-gen'), 'image models are not offered');
    await workbench.page.locator('.statusbar-item', { hasText: 'chat-large' }).first().waitFor();
  });

  it('sends with Enter and streams a reply with a highlighted code block and its language', async () => {
    // A pause mid-stream, so the half-written reply can be seen while it streams.
    await control.queueFaults('chat', [{ type: 'stall', afterDeltas: 30, ms: 5_000 }]);
    await chat.send('Show me a binary search in TypeScript [[tokens:300]]');
    await chat.waitForStreamedText();
    const partial = await chat.lastAnswer().locator('.markdown-body').innerText();
    assert.equal(await chat.lastAnswer().getAttribute('data-status'), 'streaming', 'text shows while it streams');
    assert.equal(await chat.lastAnswer().locator('.turn-head .who').textContent(), 'acme/chat-large', 'a live answer names its model');
    await chat.waitForStatus('done');
    assert.ok((await chat.lastAnswer().locator('.markdown-body').innerText()).length > partial.length, 'the reply grew');
    const block = chat.lastAnswer().locator('.code-block').first();
    assert.equal(await block.locator('.code-lang').textContent(), 'TypeScript');
    assert.ok((await block.locator('code .hljs-keyword').count()) > 0, 'highlighted');
    assert.match((await chat.lastAnswer().locator('.usage').textContent()) ?? '', /^[\d,]+ in · [\d,]+ out tokens · ≈ [\d.]+ ₽$/);
    assert.equal(await chat.composer.inputValue(), '', 'the box is cleared once sent');
  });

  it('inserts the code block into the editor at the cursor', async () => {
    await workbench.openFile('main.ts');
    const code = (await chat.lastAnswer().locator('.code-block pre').first().innerText()).split('\n')[0]!;
    await chat.lastAnswer().locator('.code-block').first().getByRole('button', { name: 'Insert at Cursor' }).click();
    await workbench.page.waitForFunction(
      (line) =>
        document
          .querySelector('.editor-instance .view-lines')
          ?.textContent?.replace(/\u00a0/g, ' ')
          .includes(line),
      code.trim(),
    );
    assert.ok((await workbench.editorText()).includes(code.trim()));
    await workbench.runCommand('File: Save All Files');
    const onDisk = () => readFileSync(path.join(workbench.server.workspaceDir, 'main.ts'), 'utf8');
    for (let attempt = 0; attempt < 40 && !onDisk().includes(code.trim()); attempt++) await workbench.page.waitForTimeout(250);
    assert.ok(onDisk().includes(code.trim()), 'saved to disk');
  });

  it('stops a long reply mid-way with Esc and keeps what arrived, marked stopped', async () => {
    await control.queueFaults('chat', [{ type: 'stall', afterDeltas: 20, ms: 60_000 }]);
    await chat.send('Tell me a very long story [[tokens:5000]]');
    await chat.waitForStreamedText();
    await chat.composer.press('Escape');
    await chat.waitForStatus('stopped');
    await chat.lastAnswer().locator('.badge', { hasText: 'Stopped' }).waitFor();
    assert.ok(((await chat.lastAnswer().locator('.markdown-body').innerText()) ?? '').length > 0);
  });

  it('recovers from a 401: the card offers Replace Key and shows the request id, then Retry answers', async () => {
    await control.queueFaults('chat', [{ type: 'status', status: 401, code: 'invalid_api_key', message: 'revoked' }]);
    await chat.send('Explain closures');
    await chat.waitForStatus('failed');
    const card = chat.lastAnswer().locator('.error-card');
    await card.waitFor();
    assert.match((await card.locator('.request-id code').textContent()) ?? '', /^req_[0-9a-f]+$/);
    assert.equal(await chat.turns('user').last().locator('.user-text').textContent(), 'Explain closures', 'the message is kept');
    await chat.button('Replace Key', card);
    await workbench.typeInInput(FIXTURE_KEYS.alpha);
    await chat.retry(card);
  });

  it('keeps the output of a cut stream, marks it interrupted, and Retry answers below it', async () => {
    await control.queueFaults('chat', [{ type: 'cut', afterDeltas: 8 }]);
    await chat.send('Explain promises in JavaScript');
    await chat.waitForStatus('interrupted');
    const cut = chat.lastAnswer();
    await cut.locator('.badge', { hasText: 'Interrupted' }).waitFor();
    const partial = await cut.locator('.markdown-body').innerText();
    assert.ok(partial.length > 0);
    await chat.button('Retry', cut.locator('.error-card'));
    await chat.waitForStatus('done');
    assert.equal(await chat.turns('assistant').nth(-2).locator('.markdown-body').innerText(), partial, 'the cut answer is still there');
  });

  it('Limits 1: counts down while a 429 window is waited out, then answers', async () => {
    await control.queueFaults('chat', [{ type: 'rate_limit', retryAfterSeconds: 4 }]);
    await chat.send('Explain closures');
    await chat
      .lastAnswer()
      .locator('.typing', { hasText: /^The service is rate-limiting requests: trying again in [1-4] s…$/ })
      .waitFor();
    await chat.waitForStatus('done');
  });

  it('takes the dark screenshot', async () => {
    await chat.send('Show me a binary search in TypeScript');
    await chat.waitForStatus('done');
    await workbench.runCommand('Notifications: Clear All Notifications');
    // The palette fades out (VS Code 1.13x): not in the picture.
    await workbench.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await workbench.docsScreenshot('chat-dark');
  });

  it('finds the conversation after a reload, in the view and in the restored editor panel', async () => {
    await workbench.runCommand('Multi-Model AI: Open Chat in Editor');
    await workbench.editorChat();
    const users = await chat.turns('user').count();
    await workbench.reload();
    const restored = await workbench.editorChat();
    await restored.expectTurnCount('user', users);
    chat = await workbench.openChatView();
    await chat.expectTurnCount('user', users);
    assert.equal(await chat.turns('user').first().locator('.user-text').textContent(), 'Show me a binary search in TypeScript [[tokens:300]]');
    assert.equal(await chat.turns('assistant').first().locator('.turn-head .who').textContent(), 'acme/chat-large', 'named as it was live');
  });

  it('takes the light screenshot', async () => {
    await workbench.runCommand('View: Close All Editors');
    await workbench.setTheme(LIGHT);
    await chat.lastAnswer().scrollIntoViewIfNeeded();
    await workbench.docsScreenshot('chat-light');
  });

  it('shows hidden direction controls as marks, and New File offers to remove them first', async () => {
    await control.queueReplies([TROJAN_REPLY]);
    const answers = await chat.turns('assistant').count();
    await chat.send('Check the admin guard');
    // Not the answer before it, which is done already.
    await chat.expectTurnCount('assistant', answers + 1);
    await chat.waitForStatus('done');
    const answer = chat.lastAnswer();
    assert.deepEqual(await answer.locator('.code-block .hidden-char').allTextContents(), ['U+202E', 'U+2066', 'U+2069', 'U+2066']);
    assert.deepEqual(await answer.locator('p .hidden-char').allTextContents(), ['U+202E'], 'the link text names its override too');
    const shown = await answer.locator('.markdown-body').innerText();
    assert.ok(!/[\u202a-\u202e\u2066-\u2069]/.test(shown), 'no direction control is in the page');
    assert.ok(shown.includes('txt.exe for details.'), 'the prose after the link reads in order');

    // New File needs no editor to aim at; Copy, Insert and Apply go through the same check.
    await answer.locator('.code-block').first().getByRole('button', { name: 'New File with This Code' }).click();
    const dialog = workbench.page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /This code holds 4 hidden characters \(U\+202E right-to-left override/);
    await dialog.getByRole('button', { name: 'Remove Hidden Characters' }).click();
    const line = await workbench.page.waitForFunction(() => {
      const text = document.querySelector('.editor-instance .view-lines')?.textContent?.replace(/\u00a0/g, ' ') ?? '';
      return text.includes('begin admins only') && text;
    });
    const text = await line.jsonValue();
    assert.equal(text, '/* } if (isAdmin)  begin admins only */', 'the code as it reads, without its hidden characters');
  });

  it('a service that stops answering: one message naming its address, with Set Service Address; the picker stays legible', async () => {
    await emulator.close();
    await chat.frame.getByRole('button', { name: 'Reload the model list' }).click();
    const message = `Could not reach the service at ${emulator.baseUrl}: check the address and your connection, then try again.`;
    const problem = chat.frame.locator('.model-problem');
    await problem.getByText(message).waitFor();
    assert.deepEqual(await problem.getByRole('button').allTextContents(), ['Retry', 'Set Service Address', 'Show Log']);
    // The model and its state, each on a line of its own at the side bar's width.
    const state = chat.frame.locator('.model-state');
    assert.equal(await state.innerText(), 'Service not reachable');
    assert.ok(await state.evaluate((e) => e.scrollWidth <= e.clientWidth), 'the state is not cut off');
    assert.equal(await chat.modelSelect.locator('option:checked').textContent(), 'acme/chat-large');
    const width = await chat.frame.locator('body').evaluate((b) => b.clientWidth);
    assert.ok(width >= 250 && width <= 450, `a side bar's width: ${width}`);

    await chat.send('Are you there?');
    await chat.waitForStatus('failed');
    const card = chat.lastAnswer().locator('.error-card');
    assert.equal(await card.locator('.card-message').innerText(), message);
    assert.deepEqual(await card.getByRole('button').allTextContents(), ['Retry', 'Set Service Address', 'Show Log']);
    await problem.waitFor({ state: 'hidden' });
    assert.equal(await chat.frame.locator('span', { hasText: message }).filter({ visible: true }).count(), 1, 'said once');

    await chat.button('Set Service Address', card);
    await workbench.quickInput.waitFor();
    await workbench.quickInput.press('Escape');
    await reopenEmulator();
    await chat.retry(card);
    // An answer came: the models are read again, and the picker's state goes.
    await chat.frame.locator('.model-state').waitFor({ state: 'hidden' });
  });

  it("Limits 3: a conversation longer than the model's context is trimmed, and the answer says so", async () => {
    await workbench.runCommand('Multi-Model AI: New Chat');
    await chat.turns('user').first().waitFor({ state: 'detached' });
    await chat.pickModel('acme/chat-basic');
    const long = 'word '.repeat(1500);
    await chat.send(`First ${long}`);
    await chat.waitForStatus('done');
    await chat.send(`Second ${long}`);
    await chat.waitForStatus('done');
    assert.equal(
      await chat.lastAnswer().locator('.turn-notice').innerText(),
      'The 2 oldest messages were left out: the conversation is longer than acme/chat-basic reads (4,000 tokens).',
    );
  });

  it("a thinking model's Thinking section shows while it thinks and folds when the answer starts; usage, cost and the context meter show", async () => {
    await workbench.runCommand('Multi-Model AI: New Chat');
    await chat.turns('user').first().waitFor({ state: 'detached' });
    await chat.pickModel('nova/responder');
    // 17 reasoning deltas, then a pause before the answer.
    await control.queueFaults('responses', [{ type: 'stall', afterDeltas: 17, ms: 3_000 }]);
    await chat.send('Explain closures');
    const thinking = chat.lastAnswer().locator('details.thinking');
    await thinking.locator('.thinking-text', { hasText: 'First check what is asked, then answer briefly with an example.' }).waitFor();
    assert.equal(await thinking.getAttribute('open'), '', 'open while the model thinks');
    await chat.waitForStatus('done');
    assert.equal(await thinking.getAttribute('open'), null, 'folded once the answer started');
    assert.ok(!(await chat.lastAnswer().locator('.markdown-body').innerText()).includes('First check what is asked'));
    assert.match((await chat.lastAnswer().locator('.usage').textContent()) ?? '', /^[\d,]+ in · [\d,]+ out tokens · ≈ [\d.]+ ₽$/);
    assert.match((await chat.frame.locator('.usage-meter').textContent()) ?? '', /^Context \d+% of 64,000 · ≈ [\d.]+ ₽ this chat$/);
  });

  it('an answer that has just finished is restored finished by Developer: Reload Window right after it, not as "did not finish"', async () => {
    await workbench.runCommand('Multi-Model AI: New Chat');
    await chat.turns('user').first().waitFor({ state: 'detached' });
    await chat.pickModel('acme/chat-large');
    await control.queueReplies(['Finished before the reload.']);
    await chat.send('Answer, then I reload');
    await chat.waitForStatus('done');
    const id = await chat.lastAnswer().getAttribute('data-turn-id');
    await workbench.reload();
    chat = await workbench.openChatView();
    await chat.expectTurnCount('assistant', 1);
    const answer = chat.lastAnswer();
    assert.equal(await answer.getAttribute('data-turn-id'), id);
    assert.equal(await answer.getAttribute('data-status'), 'done');
    assert.equal(await answer.locator('.markdown-body').innerText(), 'Finished before the reload.');
    assert.equal(await answer.locator('.error-card').count(), 0);
  });
});
