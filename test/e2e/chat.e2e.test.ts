// The chat as a person uses it, in a real VS Code (code-server) with the packaged .vsix:
// open the chat, pick a model, send, watch the reply stream with a highlighted code block,
// insert it into an editor, stop a long reply, recover from a 401 and a stream cut, reload
// and find the conversation. Also takes the README screenshots (dark and light).
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { EmulatorControl, FIXTURE_KEYS, startEmulator, type RunningEmulator } from '../emulator/index';
import { PROJECT_ROOT } from '../host/paths';
import { ChatWorkbench, LIGHT, type ChatPage } from './chatWorkbench';

const IMAGES = path.join(PROJECT_ROOT, 'docs', 'images');

describe('chat (e2e, packaged extension in code-server)', function () {
  this.timeout(180_000);
  let emulator: RunningEmulator;
  let control: EmulatorControl;
  let workbench: ChatWorkbench;
  let chat: ChatPage;

  before(async () => {
    emulator = await startEmulator();
    control = new EmulatorControl(emulator.origin);
    workbench = await ChatWorkbench.start('e2e-chat', {
      settings: { 'multiModelAI.baseUrl': emulator.baseUrl },
      files: { 'main.ts': '// Binary search goes here\n\nexport {};\n' },
    });
    await workbench.setApiKey(FIXTURE_KEYS.alpha);
  });

  after(async () => {
    await workbench?.stop();
    await emulator?.close();
  });

  it('opens the chat and picks a model from the same filtered list as the quick-pick', async () => {
    chat = await workbench.openChatView();
    // Picking waits for the live catalog to reach the page; read the offered models after it.
    await chat.pickModel('acme/chat-large');
    const options = await chat.modelSelect.locator('option:not([disabled])').allTextContents();
    assert.ok(options.includes('acme/chat-mini'));
    assert.ok(!options.includes('zeta/reasoner-pro'), 'models unavailable to the workspace are not offered');
    assert.ok(!options.includes('pixel/image-gen'), 'image models are not offered');
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
    assert.match((await chat.lastAnswer().locator('.usage').textContent()) ?? '', /\d+ tokens/);
    assert.equal(await chat.composer.inputValue(), '', 'the box is cleared once sent');
  });

  it('inserts the code block into the editor at the cursor', async () => {
    await workbench.openFile('main.ts');
    const code = (await chat.lastAnswer().locator('.code-block pre').first().innerText()).split('\n')[0]!;
    await chat.lastAnswer().locator('.code-block').first().getByRole('button', { name: 'Insert at Cursor' }).click();
    await workbench.page.waitForFunction(
      (line) => document.querySelector('.editor-instance .view-lines')?.textContent?.replace(/\u00a0/g, ' ').includes(line),
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

  it('recovers from a 401: the card offers Set API Key and shows the request id, then Retry answers', async () => {
    await control.queueFaults('chat', [{ type: 'status', status: 401, code: 'invalid_api_key', message: 'revoked' }]);
    await chat.send('Explain closures');
    await chat.waitForStatus('failed');
    const card = chat.lastAnswer().locator('.error-card');
    await card.waitFor();
    assert.match((await card.locator('.request-id code').textContent()) ?? '', /^req_[0-9a-f]+$/);
    assert.equal(await chat.turns('user').last().locator('.user-text').textContent(), 'Explain closures', 'the message is kept');
    await chat.button('Set API Key', card);
    await workbench.typeInInput(FIXTURE_KEYS.alpha);
    await chat.button('Retry', card);
    await chat.waitForStatus('done');
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

  it('takes the dark screenshot', async () => {
    mkdirSync(IMAGES, { recursive: true });
    await chat.send('Show me a binary search in TypeScript');
    await chat.waitForStatus('done');
    await workbench.runCommand('Notifications: Clear All Notifications');
    await workbench.page.screenshot({ path: path.join(IMAGES, 'chat-dark.png') });
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
    await workbench.page.screenshot({ path: path.join(IMAGES, 'chat-light.png') });
  });
});
