// The tests entry of the second window (secondWindow.ts): its run() activates the extension in
// that window's own extension host, says it is ready, then does what the suite asks, through the
// chat as a person there would, until the suite says it is done.
import { testHandle } from '../support/useTestHandle';
import { answerFile, channelFolder, commandFile, readWhenThere, type WindowAnswer, type WindowCommand, writeWhole } from './secondWindow';
import * as path from 'node:path';
import { streamReply } from '#src/platform/reply/streamReply';

/** The longest the other window waits for the suite's next command. */
const IDLE_MS = 5 * 60_000;

export async function run(): Promise<void> {
  const folder = channelFolder();
  if (!folder) throw new Error('MMAI_TEST_SECOND_WINDOW is not set: this window is opened by test/host/runExtensionTests.ts.');
  const api = await testHandle();
  const { session, store } = api.chat.host;
  await session.loaded;
  writeWhole(path.join(folder, 'ready.json'), { pid: process.pid });
  for (let n = 1; ; n++) {
    const command = await readWhenThere<WindowCommand>(commandFile(folder, n), `command ${n}`, IDLE_MS);
    let answer: WindowAnswer;
    try {
      switch (command.type) {
        case 'delete':
          // Opened in the chat here, then deleted from its history list.
          if (!(await session.open(command.id))) throw new Error(`no conversation ${command.id} to open in the second window`);
          await session.delete(command.id);
          break;
        case 'answer': {
          // A text answer with the suite's key, as VS Code's chat with a key of its own asks (a
          // KeySource): extension state does not reach an open window of code-server, so this
          // window's key list may not hold the suite's key yet. Its entry is on disk before the answer goes back.
          const { id, name, secret } = command.key;
          const connection = api.connection.forModel('acme/chat-large', { identity: { id, name, loggedName: name, maskedPrefix: 'sk_…' }, secret }, 'chat');
          const messages = [{ role: 'user' as const, content: command.text }];
          const outcome = await streamReply({ connection, messages, signal: new AbortController().signal, includeUsage: true }, { onDelta: () => undefined });
          if (outcome.status !== 'done') throw new Error(`the answer here did not finish: ${JSON.stringify(outcome)}`);
          await api.usage.recorder.record.flushed();
          break;
        }
        case 'list':
        case 'end':
          break;
      }
      answer = { ok: true, list: store.list() };
    } catch (error) {
      answer = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    writeWhole(answerFile(folder, n), answer);
    if (command.type === 'end') return;
  }
}
