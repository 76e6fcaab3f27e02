// The composer's attachments in Chromium, fed what the host sends: chips of files and images,
// an image pasted or dropped, files dragged from the Explorer, the `#` picker from the keyboard,
// a model that does not take images, and the project instructions' chip. What the page posts
// back is checked against the protocol.
import * as assert from 'node:assert/strict';
import { decodeToHost } from '#src/chat/common/protocol/protocol';
import { useChatPage } from '../support/useChatPage';
import { imageChip } from './fixtures/chatStates';

/** A 1×1 transparent PNG, as a data URL the test page's CSP allows. */
const fileChip = {
  id: 'f1',
  kind: 'file',
  fileName: 'big.csv',
  path: 'data/big.csv',
  languageId: 'csv',
  startLine: 1,
  endLine: 1000,
  uri: 'file:///w/data/big.csv',
};
const models = (current: string) => ({
  type: 'model/set',
  model: {
    current,
    loading: false,
    options: [
      { id: 'acme/chat-large', description: '', images: false },
      { id: 'mira/messenger', description: '', images: true },
    ],
  },
});

describe('the chat page in Chromium, its attachments', () => {
  const { page, errors } = useChatPage();

  beforeEach(async () => {
    await page.reload();
    await page.locator('textarea.composer-input').waitFor();
    await sent('');
  });
  afterEach(() => assert.deepEqual(errors(), []));

  const send = (...messages: object[]) =>
    page.evaluate((messages) => messages.forEach((data) => window.dispatchEvent(new MessageEvent('message', { data }))), messages);
  /** The page's messages to the host since the last call whose type starts with `prefix`, each checked against the protocol. */
  const sent = async (prefix: string) => {
    const messages = await page.evaluate(
      (prefix) => (window as unknown as { toHost: { type: string }[] }).toHost.splice(0).filter((m) => m.type.startsWith(prefix)),
      prefix,
    );
    for (const message of messages) assert.ok(decodeToHost(message).ok, `${message.type} passes the protocol`);
    return messages;
  };
  const input = () => page.locator('textarea.composer-input');

  it("a cut file's chip says in its text which lines are sent, and on hover why; an image chip shows its thumbnail; both remove by their button", async () => {
    await send({ type: 'context/set', chips: [{ ...fileChip, note: 'lines 1–200 of 1,000 sent' }, imageChip] });
    const chips = await page.locator('.composer .chip').evaluateAll((elements) =>
      elements.map((e) => ({
        label: e.textContent,
        title: e.getAttribute('title'),
        thumbnail: e.querySelector('img.chip-thumbnail')?.getAttribute('src')?.slice(0, 22) ?? null,
      })),
    );
    assert.deepEqual(chips, [
      {
        label: 'big.csv — lines 1–200 of 1,000 sent',
        title: "data/big.csv: lines 1–200 of 1,000 sent. The whole file does not fit the model's context beside the conversation.",
        thumbnail: null,
      },
      { label: 'chart.png', title: 'chart.png', thumbnail: 'data:image/png;base64,' },
    ]);
    await page.getByRole('button', { name: 'Remove chart.png' }).click();
    assert.deepEqual(await sent('context/'), [{ type: 'context/remove', id: 'i1' }]);
  });

  it('a chip of problems counts them in its text, names its file on hover, and removes by its button', async () => {
    const problems = {
      id: 'p1',
      kind: 'problems',
      fileName: 'geo.py',
      path: 'src/geo.py',
      languageId: 'python',
      startLine: 1,
      endLine: 1,
      note: '3 errors, 1 warning in geo.py',
    };
    await send({ type: 'context/set', chips: [problems] });
    const chip = page.locator('.composer .chip-problems');
    assert.deepEqual([await chip.textContent(), await chip.getAttribute('title')], ['3 errors, 1 warning in geo.py', 'src/geo.py']);
    await page.getByRole('button', { name: 'Remove 3 errors, 1 warning in geo.py' }).click();
    assert.deepEqual(await sent('context/'), [{ type: 'context/remove', id: 'p1' }]);
  });

  it('a sent turn, as the host sends it (chips without their text), shows its file and image chips, the image as a thumbnail', async () => {
    const turn = {
      id: 'u1',
      role: 'user',
      text: 'What is this?',
      mode: 'chat',
      context: [fileChip, imageChip],
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    await send({ type: 'turn/append', turn });
    const chips = page.locator('.turn-user .chip');
    assert.deepEqual(
      [
        await chips.allInnerTexts(),
        await page.locator('.turn-user .chip-image img.chip-thumbnail').count(),
        (await page.locator('.turn-user').innerText()).includes('secret'),
      ],
      [['big.csv', 'chart.png'], 1, false],
    );
  });

  it('an image pasted into the message box goes to the host as its bytes; pasted text stays text', async () => {
    await input().fill('look: ');
    await input().evaluate((box) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'image.png', { type: 'image/png' }));
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await page.waitForFunction(() => (window as unknown as { toHost: { type: string }[] }).toHost.some((m) => m.type === 'context/addBytes'));
    assert.deepEqual(await sent('context/'), [{ type: 'context/addBytes', name: 'image.png', data: 'iVBORw==' }]);
    assert.equal(await input().inputValue(), 'look: ');
    // An office program copies text with a picture of it: the text is what is meant.
    const prevented = await input().evaluate((box) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'a table');
      data.items.add(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'image.png', { type: 'image/png' }));
      return !box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    assert.deepEqual([prevented, await sent('context/')], [false, []]);
  });

  it('a file dropped from the desktop is sent as bytes; files dragged from the Explorer as their URIs', async () => {
    const drop = (fill: string) =>
      page.locator('.composer').evaluate((composer, fill) => {
        const data = new DataTransfer();
        if (fill === 'file') data.items.add(new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
        else data.setData('text/uri-list', 'file:///w/src/a.ts\r\n# a comment\r\nfile:///w/README.md');
        composer.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      }, fill);
    await drop('file');
    await page.waitForFunction(() => (window as unknown as { toHost: { type: string }[] }).toHost.some((m) => m.type === 'context/addBytes'));
    await drop('uris');
    assert.deepEqual(await sent('context/'), [
      { type: 'context/addBytes', name: 'anim.gif', data: 'R0lGODlh' },
      { type: 'context/addUris', uris: ['file:///w/src/a.ts', 'file:///w/README.md'] },
    ]);
  });

  it('# at the start of a word opens the file picker; once files are attached the # goes, and typing goes on in the box', async () => {
    await input().focus();
    await page.keyboard.type('explain #');
    assert.deepEqual(await sent('context/'), [{ type: 'context/pick', from: 'hash' }]);
    await send({ type: 'context/picked', count: 1 });
    await page.keyboard.type('please');
    const attached = await input().inputValue();
    await page.keyboard.type(' C# and #');
    const inWord = await sent('context/');
    await send({ type: 'context/picked', count: 0 });
    assert.deepEqual(
      { attached, inWord, dismissed: await input().inputValue(), focus: await page.evaluate(() => document.activeElement?.className) },
      { attached: 'explain please', inWord: [{ type: 'context/pick', from: 'hash' }], dismissed: 'explain please C# and #', focus: 'composer-input' },
    );
  });

  it('Attach opens the same picker', async () => {
    await page.getByRole('button', { name: 'Attach Files or Images (#)' }).click();
    assert.deepEqual(await sent('context/'), [{ type: 'context/pick', from: 'button' }]);
  });

  it('with an image for a model that does not take images, Send says why and offers one that does; the text stays', async () => {
    await send(models('acme/chat-large'), { type: 'context/set', chips: [imageChip] });
    await input().fill('What is in the picture?');
    await input().press('Enter');
    const send_ = page.locator('button.send');
    const state = {
      sent: await sent('chat/'),
      disabled: await send_.isDisabled(),
      label: await send_.getAttribute('aria-label'),
      note: await page.locator('.image-model-note').innerText(),
      kept: await input().inputValue(),
    };
    await page.getByRole('button', { name: 'Use mira/messenger' }).click();
    assert.deepEqual(state, {
      sent: [],
      disabled: true,
      label: 'acme/chat-large does not take images: pick a model that does, or remove the images.',
      note: 'acme/chat-large does not take images: pick a model that does, or remove the images.\nUse mira/messenger',
      kept: 'What is in the picture?',
    });
    assert.deepEqual(await sent('model/'), [{ type: 'model/select', modelId: 'mira/messenger' }]);
    await send(models('mira/messenger'));
    assert.deepEqual(
      [await send_.isDisabled(), await send_.getAttribute('aria-label'), await page.locator('.image-model-note').isHidden()],
      [false, 'Send', true],
    );
  });

  it('the project instructions in use show as a chip that opens their file', async () => {
    await send({ type: 'instructions/set', path: '.github/copilot-instructions.md' });
    const chip = page.getByRole('button', { name: 'Project instructions: copilot-instructions.md' });
    await chip.click();
    assert.deepEqual(await sent('instructions/'), [{ type: 'instructions/open' }]);
    await send({ type: 'instructions/set' });
    assert.equal(await chip.count(), 0);
  });
});
