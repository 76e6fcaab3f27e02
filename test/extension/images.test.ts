// Images in a real extension host against the emulator: Generate Image and Edit Image end
// to end (files checked on disk, opened in editors), /image in the chat, and the failures a
// person can meet: no balance, a folder that cannot be written, a file that is not an image.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AssistantTurn } from '#src/chat/common/conversation/conversation';
import { Commands, CONFIG_SECTION } from '#src/platform/manifest/ids';
import { FIXTURE_KEYS } from '../emulator/index';
import { arrangeChat, StandInPage } from './chatHarness';
import { emulator, until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

const PNG_SIGNATURE = '89504e470d0a1a0a';

function workspaceFolder(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test workbench has no folder open');
  return folder.uri;
}

async function readBytes(file: string): Promise<Buffer> {
  return Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.file(file)));
}

const openTabs = () =>
  vscode.window.tabGroups.all.flatMap((group) => group.tabs.map((tab) => (tab.input as { uri?: vscode.Uri } | undefined)?.uri?.fsPath).filter(Boolean));

/** A prompt no other test used, so names never collide across runs. */
let counter = 0;
const unique = (words: string) => `${words} ${Date.now().toString(36)} ${++counter}`;

describe('images: commands and chat in the extension host', () => {
  const api = useTestHandle();
  let folder: vscode.Uri;

  before(async () => {
    folder = vscode.Uri.joinPath(workspaceFolder(), 'images');
  });
  beforeEach(async () => {
    await arrangeChat(api);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  afterEach(() => vscode.workspace.getConfiguration(CONFIG_SECTION).update('imageFolder', undefined, vscode.ConfigurationTarget.Global));

  it('Generate Image saves the images under images/, named from the prompt, opens them, and counts the cost', async () => {
    const prompt = unique('Red fox logo');
    const spentBefore = api.spend.sinceStart().rub;
    const files = await vscode.commands.executeCommand<string[] | undefined>(Commands.generateImage, { prompt, n: 2 });
    assert.ok(files, 'the command made images');
    const stem = prompt.toLowerCase().replaceAll(' ', '-');
    assert.deepEqual(
      files.map((f) => path.relative(folder.fsPath, f)),
      [`${stem}.png`, `${stem}-2.png`],
    );
    for (const file of files) assert.equal((await readBytes(file)).subarray(0, 8).toString('hex'), PNG_SIGNATURE);
    await until(() => files.every((f) => openTabs().includes(f)) || undefined, 'both images to open');
    assert.equal(Math.round((api.spend.sinceStart().rub - spentBefore) * 100) / 100, 16);
    const requests = (await emulator().requests()).filter((r) => r.endpoint === 'images');
    assert.deepEqual(
      requests.map((r) => [r.path, r.model, r.status, r.keyPrefix]),
      [['/v1/images/generations', 'pixel/image-gen', 200, 'sk_test_al…']],
    );
    assert.ok(
      api.logLines().some((l) => /^POST \/v1\/images\/generations model=pixel\/image-gen status=200 .*request_id=req_[0-9a-f]+ .*key=sk_test_al…/.test(l.line)),
    );
  });

  it('Edit Image saves the result next to the original, never over it, and opens it beside', async () => {
    const [original] = (await vscode.commands.executeCommand<string[]>(Commands.generateImage, { prompt: unique('login screen') })) ?? [];
    assert.ok(original);
    const before = await readBytes(original);
    const files = await vscode.commands.executeCommand<string[] | undefined>(Commands.editImage, vscode.Uri.file(original), { prompt: 'make it night' });
    assert.ok(files?.[0], 'the command made an edited image');
    const edited = files[0];
    assert.equal(path.dirname(edited), path.dirname(original));
    assert.equal(path.basename(edited), `${path.basename(original, '.png')}-edited.png`);
    assert.deepEqual(await readBytes(original), before, 'the original is untouched');
    assert.notDeepEqual(await readBytes(edited), before);
    await until(() => openTabs().includes(edited) || undefined, 'the edited image to open');
    const requests = (await emulator().requests()).filter((r) => r.endpoint === 'images');
    assert.deepEqual(
      requests.map((r) => [r.path, r.model, r.status]),
      [
        ['/v1/images/generations', 'pixel/image-gen', 200],
        ['/v1/images/edits', 'pixel/image-edit', 200],
      ],
    );
  });

  it('Edit Image refuses a file that is not an image before sending anything', async () => {
    const fake = vscode.Uri.joinPath(workspaceFolder(), `not-an-image-${Date.now()}.png`);
    await vscode.workspace.fs.writeFile(fake, new TextEncoder().encode('just text'));
    const linesBefore = api.logLines().length;
    assert.equal(await vscode.commands.executeCommand(Commands.editImage, fake, { prompt: 'make it night' }), undefined);
    assert.deepEqual(
      api
        .logLines()
        .slice(linesBefore)
        .map((l) => l.line),
      [`Images: ${path.basename(fake.fsPath)} is not a PNG, JPEG, WebP or GIF image`],
    );
    assert.equal((await emulator().requests()).filter((r) => r.endpoint === 'images').length, 0);
  });

  it('Limits 2: an exhausted balance is explained, not retried, and nothing is saved', async () => {
    await emulator().setBilling(FIXTURE_KEYS.alpha, { balanceRub: 0 });
    const prompt = unique('paper boat');
    assert.equal(await vscode.commands.executeCommand(Commands.generateImage, { prompt }), undefined);
    assert.equal(api.lastDiagnostics()?.endpoint, '/v1/images/generations');
    assert.equal(api.lastDiagnostics()?.code, 'insufficient_balance');
    assert.equal((await emulator().requests()).filter((r) => r.endpoint === 'images').length, 1);
    const names = (await vscode.workspace.fs.readDirectory(folder)).map(([name]) => name);
    assert.ok(!names.some((n) => n.startsWith(prompt.toLowerCase().replaceAll(' ', '-'))), 'no file for the failed request');
  });

  it('a folder setting that cannot be written is refused before anything is sent or paid for, saying what to do', async () => {
    const blocker = vscode.Uri.joinPath(workspaceFolder(), `blocker-${Date.now()}`);
    await vscode.workspace.fs.writeFile(blocker, new TextEncoder().encode('a file where the folder should be'));
    await vscode.workspace.getConfiguration(CONFIG_SECTION).update('imageFolder', path.basename(blocker.fsPath), vscode.ConfigurationTarget.Global);
    await until(() => api.settings.current().imageFolder === path.basename(blocker.fsPath) || undefined, 'the folder setting');
    const linesBefore = api.logLines().length;
    const spentBefore = api.spend.sinceStart().rub;
    assert.equal(await vscode.commands.executeCommand(Commands.generateImage, { prompt: unique('paper boat'), n: 2 }), undefined);
    assert.deepEqual(
      api
        .logLines()
        .slice(linesBefore)
        .filter((l) => l.line.startsWith('Images:'))
        .map((l) => l.line),
      // The log names the file system's refusal; the person is told what it means and what to do.
      [`Images: Images cannot be saved in ${blocker.fsPath}: EEXIST`],
    );
    assert.deepEqual(
      (await emulator().requests()).filter((r) => r.endpoint === 'images'),
      [],
    );
    assert.deepEqual(await emulator().charges(), []);
    assert.equal(api.spend.sinceStart().rub, spentBefore);
  });

  it('/image in the chat shows the saved image to the page by a webview resource address, and opens it on request', async () => {
    const page = new StandInPage(api);
    try {
      page.send({ type: 'ready' });
      const prompt = unique('lighthouse at dusk');
      await api.chat.host.session.send(`/image ${prompt}`);
      const reply = api.chat.host.session.current().turns.at(-1) as AssistantTurn;
      assert.equal(reply.status, 'done', reply.error?.message);
      const file = path.join(folder.fsPath, `${prompt.toLowerCase().replaceAll(' ', '-')}.png`);
      assert.deepEqual(reply.images, [{ file, label: `images/${path.basename(file)}` }]);
      const end = page.received.find((m) => (m as { type: string }).type === 'reply/end') as { turn: AssistantTurn };
      assert.deepEqual(end.turn.images, [
        { file, label: `images/${path.basename(file)}`, src: `https://file%2B.vscode-resource.vscode-cdn.net${vscode.Uri.file(file).path}` },
      ]);
      page.send({ type: 'image/open', file });
      await until(() => openTabs().includes(file) || undefined, 'the image to open');
      const linesBefore = api.logLines().length;
      page.send({ type: 'image/open', file: path.join(workspaceFolder().fsPath, 'package.json') });
      await until(() => api.logLines().length > linesBefore || undefined, 'the refusal to be logged');
      assert.equal(api.logLines().at(-1)?.line, 'Chat: refused to open a file that is not an image of this conversation.');
    } finally {
      page.close();
    }
  });
});
