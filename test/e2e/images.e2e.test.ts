// Images as a person meets them, in a real VS Code (code-server) with the packaged .vsix: in the
// chat, `/image <prompt>` makes an image that shows inline from its saved file, opens in an
// editor from the answer, and shows again after a reload (read from the file, not from the
// chat's history), or says the file is gone. Also takes the README screenshot of it.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { useWorkbench } from '../support/useWorkbench';
import { ChatWorkbench, type ChatPage } from './chatWorkbench';

const PROMPT = 'a lighthouse at dusk';
const FILE_NAME = 'a-lighthouse-at-dusk.png';

describe('images (e2e, packaged extension in code-server)', function () {
  this.timeout(180_000);
  const { workbench } = useWorkbench(ChatWorkbench, 'e2e-images');
  let chat: ChatPage;

  const image = () => chat.lastAnswer().locator('.turn-image img');
  /** Resolves once the image is decoded and shown (not a broken image). */
  const shown = () => image().evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));

  it('makes an image with /image and shows it inline from the saved file, with its cost', async () => {
    chat = await workbench.openChatView();
    await chat.pickModel('acme/chat-large');
    await chat.send(`/image ${PROMPT}`);
    await chat.waitForStatus('done');
    assert.equal(await shown(), 64);
    const saved = path.join(workbench.server.workspaceDir, 'images', FILE_NAME);
    assert.ok(existsSync(saved), 'saved in the workspace');
    assert.equal(readFileSync(saved).subarray(1, 4).toString(), 'PNG');
    assert.equal(await chat.lastAnswer().locator('.image-path').textContent(), `images/${FILE_NAME}`);
    assert.equal(await chat.lastAnswer().locator('.turn-images > .usage').textContent(), '1 image · ≈ 8.00 ₽');
    assert.match((await image().getAttribute('src')) ?? '', /^https:\/\/[^/]+\.vscode-resource\.vscode-cdn\.net\/.*\/images\/a-lighthouse-at-dusk\.png$/);
    await workbench.runCommand('Notifications: Clear All Notifications');
    await workbench.docsScreenshot('chat-image');
  });

  it('opens the image in an editor from the answer', async () => {
    await chat.button('Open');
    await workbench.page.locator('.tab', { hasText: FILE_NAME }).first().waitFor();
  });

  it('shows the image again after a reload, read from the file', async () => {
    await workbench.reload();
    chat = await workbench.openChatView();
    await chat.waitForStatus('done');
    assert.equal(await shown(), 64);
  });

  it('says so when the file was moved away, instead of a broken image', async () => {
    rmSync(path.join(workbench.server.workspaceDir, 'images', FILE_NAME));
    await workbench.reload();
    chat = await workbench.openChatView();
    await chat.waitForStatus('done');
    assert.equal(await chat.lastAnswer().locator('.image-missing').textContent({ timeout: 10_000 }), `The image is no longer at images/${FILE_NAME}.`);
    assert.equal(await image().count(), 0);
  });
});
