// `/image` in the chat, against the emulator over loopback: the images are made by the real
// client and saved to disk; the turn keeps their files, never their bytes.
import * as assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { FIXTURE_KEYS } from '../../../emulator/index';
import { useEmulator } from '../../../support/useEmulator';
import { ChatSession } from '#src/chat/common/session/chatSession';
import { slashCommand } from '#src/chat/common/session/slashCommands';
import type { AssistantTurn } from '#src/chat/common/conversation/conversation';
import { HistoryStore } from '#src/chat/common/history/historyStore';
import type { ToPageInput } from '#src/chat/common/protocol/protocol';
import { requestMessages } from '#src/chat/common/session/requestMessages';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { runImageJob } from '#src/images/common/imageJob';
import { selection } from './fixtures/contextItems';
import { MapMemento } from './fixtures/mapMemento';

describe('ChatSession: /image', () => {
  const harness = useEmulator();
  let dir: string;
  let posted: ToPageInput[];
  let stores: HistoryStore[];

  beforeEach(async () => {
    posted = [];
    stores = [];
    dir = await mkdtemp(path.join(tmpdir(), 'mmai-chat-images-'));
  });
  afterEach(async () => {
    // The list is written after a save resolves: ended before the folder goes.
    for (const store of stores) await store.flushed();
    await rm(dir, { recursive: true, force: true });
  });

  function session(memento = new MapMemento()): ChatSession {
    const store = new HistoryStore({ folder: path.join(dir, 'history'), state: memento, watch: false });
    stores.push(store);
    return new ChatSession({
      connect: () => Promise.reject(new Error('a text model is not asked for an image')),
      store,
      post: (message) => void posted.push(message),
      makeImages: async (prompt, { signal, onRetry }) => {
        const client = new ServiceClient({ baseUrl: harness.emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha });
        const model = (await client.listModels()).data.find((m) => m.id === 'pixel/image-gen');
        if (!model) throw new Error('fixture missing');
        return runImageJob({ client, model, prompt, folder: dir, signal, onRetry });
      },
      relativeLabel: (file) => path.relative(dir, file),
    });
  }

  it('answers with the saved image, its model and cost, kept after a reload; the image is not text for later requests', async () => {
    const memento = new MapMemento();
    const s = session(memento);
    assert.deepEqual(await s.send('/image a red fox'), { ok: true });
    const reply = s.current().turns.at(-1) as AssistantTurn;
    assert.equal(reply.status, 'done');
    assert.equal(reply.model, 'pixel/image-gen');
    assert.equal(reply.costRub, 8);
    assert.deepEqual(reply.images, [{ file: path.join(dir, 'a-red-fox.png'), label: 'a-red-fox.png' }]);
    assert.equal((await readFile(path.join(dir, 'a-red-fox.png'))).subarray(1, 4).toString(), 'PNG');
    const reloaded = session(memento);
    await reloaded.loaded;
    const restored = reloaded.current().turns.at(-1) as AssistantTurn;
    assert.deepEqual([restored.status, restored.images], ['done', [{ file: path.join(dir, 'a-red-fox.png'), label: 'a-red-fox.png' }]]);
    assert.deepEqual(requestMessages([...s.current().turns, { id: 'u2', role: 'user', text: 'And now?', mode: 'chat', context: [], createdAt: '' }]).slice(1), [
      { role: 'user', content: 'And now?' },
    ]);
  });

  it('refuses /image without a prompt, says how to write it, and sends nothing', async () => {
    const s = session();
    assert.deepEqual(await s.send('/image   '), { ok: false, message: slashCommand('image')!.usage() });
    assert.equal(s.current().turns.length, 0);
    assert.equal((await harness.control.requests()).length, 0);
  });

  it('keeps the code added for the next message: an image prompt does not use it', async () => {
    const s = session();
    s.addContext(selection('def add(a, b): return a + b'));
    await s.send('/image a red fox');
    assert.equal(s.pendingContext().length, 1);
  });

  it('Limits 2: an exhausted balance becomes a card that says what to do; Retry then makes the image', async () => {
    await harness.control.setBilling(FIXTURE_KEYS.alpha, { balanceRub: 0 });
    const s = session();
    await s.send('/image a red fox');
    const failed = s.current().turns.at(-1) as AssistantTurn;
    assert.equal(failed.status, 'failed');
    assert.equal(failed.error?.message, 'The prepaid balance is exhausted (key sk_test_al…): top up the balance in the management cabinet, then try again.');
    await harness.control.setBilling(FIXTURE_KEYS.alpha, { balanceRub: null });
    await s.retry();
    const turns = s.current().turns;
    assert.deepEqual(
      turns.map((t) => (t.role === 'user' ? t.text : t.status)),
      ['/image a red fox', 'done'],
    );
  });
});
