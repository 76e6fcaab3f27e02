// Attachments as a person meets them, in a real VS Code (code-server) with the packaged .vsix: an
// image pasted into the chat and a workspace file attached with `#` from VS Code's own quick
// pick, sent in one message and answered by a model that takes images; the project's AGENTS.md
// shown as a chip. And a folder in Restricted Mode: the chat works, the instructions are not read.
// Takes the README screenshot of a sent turn with an image and a file chip.
import * as assert from 'node:assert/strict';
import { encodePng } from '../emulator/png';
import { useWorkbench } from '../support/useWorkbench';
import { ChatWorkbench, type ChatPage } from './chatWorkbench';

/** A 2×2 red PNG. */
const RED_PNG_BASE64 = encodePng({ width: 2, height: 2, channels: 3, pixels: new Uint8Array([255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0]) }).toString('base64');
const FILES = { 'geo.py': 'def area(r):\n    return 3.14 * r * r\n', 'AGENTS.md': 'Use type hints in every Python sample.\n' };

/** Pastes the PNG into the message box as the clipboard gives a screenshot. */
async function pasteImage(chat: ChatPage): Promise<void> {
  await chat.composer.evaluate((box, data) => {
    const transfer = new DataTransfer();
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    transfer.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, RED_PNG_BASE64);
}

describe('chat attachments (e2e, packaged extension in code-server)', function () {
  this.timeout(180_000);
  const { workbench } = useWorkbench(ChatWorkbench, 'e2e-attachments', { files: FILES });
  let chat: ChatPage;

  it('shows the project instructions in use as a chip', async () => {
    chat = await workbench.openChatView();
    await chat.frame.locator('.chip-instructions', { hasText: 'AGENTS.md' }).waitFor({ timeout: 20_000 });
  });

  it('attaches a file with # from the workspace picker and a pasted image, sends both, and gets the answer about the image', async () => {
    await chat.pickModel('mira/messenger');
    await chat.composer.click();
    await chat.composer.pressSequentially('What is in this picture? #');
    await workbench.quickInput.waitFor({ timeout: 20_000 });
    await workbench.quickInput.fill('geo.py');
    await workbench.page.locator('.quick-input-list .monaco-list-row:visible', { hasText: 'geo.py' }).first().waitFor();
    await workbench.quickInput.press('Enter');
    const composerChips = chat.frame.locator('.composer .chips .chip');
    await composerChips.filter({ hasText: 'geo.py' }).waitFor({ timeout: 20_000 });
    await pasteImage(chat);
    const thumbnail = chat.frame.locator('.composer .chip-image img.chip-thumbnail');
    await thumbnail.waitFor({ timeout: 20_000 });
    assert.equal(await thumbnail.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)), 2);
    assert.equal(await chat.composer.inputValue(), 'What is in this picture? ');
    await chat.composer.press('Enter');
    await chat.waitForStatus('done');
    assert.equal((await chat.lastAnswer().locator('.markdown-body').innerText()).trim(), 'I see one image (image/png).');
    const sent = chat.turns('user').last().locator('.chip');
    assert.deepEqual(await sent.allInnerTexts(), ['geo.py', 'image.png']);
    await workbench.runCommand('Notifications: Clear All Notifications');
    await workbench.docsScreenshot('chat-attachments');
  });
});

describe('the chat in Restricted Mode (e2e, packaged extension in code-server)', function () {
  this.timeout(180_000);
  const { workbench } = useWorkbench(ChatWorkbench, 'e2e-restricted', { files: FILES, restricted: true });

  it('shows the chat and answers, without reading the project instructions', async () => {
    const chat = await workbench.openChatView();
    await chat.pickModel('acme/chat-large');
    await chat.send('Say hello');
    await chat.waitForStatus('done');
    assert.equal(await chat.frame.locator('.chip-instructions').count(), 0);
  });
});
