import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { checkWritableFolder, editedStem, refusalMessage, resolveImageFolder, SaveError, saveNewFile, stemFromText } from '#src/images/common/imageFiles';

describe('image files: named from the prompt, never over a file, never half written', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mmai-images-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('names a file after the prompt: ASCII words, at most 48 characters', () => {
    assert.equal(stemFromText('A red fox, flat logo!'), 'a-red-fox-flat-logo');
    assert.equal(stemFromText('Café crème brûlée'), 'cafe-creme-brulee');
    assert.equal(stemFromText('a very long prompt that keeps going on and on about the picture it wants'), 'a-very-long-prompt-that-keeps-going-on-and-on');
    assert.equal(stemFromText('кот в сапогах'), 'image');
    assert.equal(stemFromText('x'.repeat(60)), 'x'.repeat(48));
  });

  it('names an edit after the original', () => {
    assert.equal(editedStem('/work/shots/login screen.png'), 'login screen-edited');
  });

  it('numbers the name when it is taken and leaves the existing file alone', async () => {
    await writeFile(path.join(dir, 'fox.png'), 'older');
    const second = await saveNewFile(dir, 'setting', 'fox', 'png', Buffer.from('new one'));
    const third = await saveNewFile(dir, 'setting', 'fox', 'png', Buffer.from('newest'));
    assert.deepEqual([path.basename(second), path.basename(third)], ['fox-2.png', 'fox-3.png']);
    assert.equal(await readFile(path.join(dir, 'fox.png'), 'utf8'), 'older');
    assert.equal(await readFile(third, 'utf8'), 'newest');
    assert.deepEqual((await readdir(dir)).sort(), ['fox-2.png', 'fox-3.png', 'fox.png'], 'no temporary file is left');
  });

  it('creates the folder when it is missing', async () => {
    const saved = await saveNewFile(path.join(dir, 'images', 'icons'), 'setting', 'fox', 'png', Buffer.from('x'));
    assert.equal(saved, path.join(dir, 'images', 'icons', 'fox.png'));
  });

  it('says what to do for each way the file system can refuse (root cannot be refused a write here, so the wording is checked alone)', () => {
    assert.deepEqual(
      ['EACCES', 'EROFS', 'ENOSPC', 'EIO'].map((code) => refusalMessage(code, 'setting')),
      [
        'the folder is read-only for VS Code. Choose another folder in the setting multiModelAI.imageFolder.',
        'the folder is read-only for VS Code. Choose another folder in the setting multiModelAI.imageFolder.',
        'the disk is full. Choose another folder in the setting multiModelAI.imageFolder.',
        'the file system refused (EIO). Choose another folder in the setting multiModelAI.imageFolder.',
      ],
    );
  });

  it('says what to do when a file stands where the folder should be: the setting for new images, a copy for an edit', async () => {
    await writeFile(path.join(dir, 'images'), 'a file');
    const folder = path.join(dir, 'images');
    await assert.rejects(saveNewFile(folder, 'setting', 'fox', 'png', Buffer.from('x')), (error: unknown) => {
      assert.ok(error instanceof SaveError);
      assert.equal(
        error.message,
        `Could not save the image in ${folder}: a file has the folder's name. Choose another folder in the setting multiModelAI.imageFolder.`,
      );
      return true;
    });
    await assert.rejects(checkWritableFolder(path.join(folder, 'icons'), 'original'), (error: unknown) => {
      assert.ok(error instanceof SaveError);
      assert.equal(
        error.message,
        `Images cannot be saved in ${path.join(folder, 'icons')}, so nothing was sent: a file has the folder's name. An edit is saved next to the original: copy the image into a folder you can write to, and edit the copy.`,
      );
      return true;
    });
  });

  it('checks a folder by creating it and a probe file, and leaves only the folder', async () => {
    await checkWritableFolder(path.join(dir, 'images', 'icons'), 'setting');
    assert.deepEqual(await readdir(path.join(dir, 'images', 'icons')), []);
  });

  it('resolves the folder setting against the first workspace folder', () => {
    assert.deepEqual(resolveImageFolder('images', { name: 'app', fsPath: '/work/app' }), { ok: true, folder: '/work/app/images' });
    assert.deepEqual(resolveImageFolder('/srv/art', undefined), { ok: true, folder: '/srv/art' });
    assert.deepEqual(resolveImageFolder('images', undefined), {
      ok: false,
      message: 'Open a folder first: images are saved into the workspace. Or set multiModelAI.imageFolder to an absolute path.',
    });
    assert.deepEqual(resolveImageFolder('images', { name: 'remote-app' }), {
      ok: false,
      message: "Images are saved on this machine's disk, and the folder remote-app is not there: set multiModelAI.imageFolder to an absolute path.",
    });
  });
});
