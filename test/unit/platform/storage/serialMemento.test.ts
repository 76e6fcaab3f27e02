import * as assert from 'node:assert/strict';
import { SerialMemento, type MementoLike } from '#src/platform/storage/serialMemento';
import { EchoingMemento } from '../../chat/common/fixtures/echoingMemento';

describe('SerialMemento', () => {
  it("keeps both of two writes to different keys when the first one's echo arrives before the second is sent (VS Code globalState)", async () => {
    const echoing = new EchoingMemento();
    const state = new SerialMemento(echoing);
    const first = state.update('multiModelAI.chat.activeConversation', 'c_1');
    await echoing.nextWrite();
    const second = state.update('multiModelAI.legacyAddressOffered', 'https://old.example.com/v1');
    echoing.deliver();
    echoing.release();
    await Promise.all([first, second, state.flushed()]);
    const reloaded = echoing.afterReload();
    assert.deepEqual(
      [reloaded.get('multiModelAI.chat.activeConversation'), reloaded.get('multiModelAI.legacyAddressOffered')],
      ['c_1', 'https://old.example.com/v1'],
    );
  });

  it('a failed write is reported to its caller and does not stop the next', async () => {
    const written: [string, unknown][] = [];
    const inner: MementoLike = {
      get: () => undefined,
      update: (key, value) => (key === 'bad' ? Promise.reject(new Error('disk full')) : (written.push([key, value]), Promise.resolve())),
    };
    const state = new SerialMemento(inner);
    const bad = state.update('bad', 1);
    const good = state.update('good', 2);
    await assert.rejects(bad, /disk full/);
    await good;
    await state.flushed();
    assert.deepEqual(written, [['good', 2]]);
  });

  it('wraps a memento once', () => {
    const state = new SerialMemento(new EchoingMemento());
    assert.equal(SerialMemento.of(state), state);
  });
});
