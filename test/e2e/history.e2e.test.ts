// A long chat history in a real VS Code (code-server with the packaged .vsix): 50 stored
// conversations, one of them holding a 2 MB answer, written to the extension's global storage
// folder before the workbench starts, in the chat's own file format (HistoryStore). The chat
// lists them, opens the large one and adds a turn to it; after a reload everything is still
// there, and the workbench has not warned that the extension's state is large (VS Code logs
// "large extension state detected" past 512 K characters of globalState; in code-server it
// reaches the browser console).
import * as assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import type { Conversation } from '#src/chat/common/conversation/conversation';
import { HistoryStore } from '#src/chat/common/history/historyStore';
import { MapMemento } from '../unit/chat/common/fixtures/mapMemento';
import { useWorkbench } from '../support/useWorkbench';
import { ChatWorkbench, type ChatPage } from './chatWorkbench';

const EXTENSION_ID = 'multi-model-ai.multi-model-ai';
const STORED = 50;
const LARGE_ID = 'c_large';
const LARGE_ANSWER_BYTES = 2 * 1024 * 1024;

const historyFolder = (userDataDir: string) => path.join(userDataDir, 'User', 'globalStorage', EXTENSION_ID, 'history');

/** Conversation n: a question and a short answer, an hour apart from the next; the large one is the newest. */
function storedConversation(n: number): Conversation {
  const at = new Date(Date.parse('2026-11-01T00:00:00.000Z') + n * 3_600_000).toISOString();
  const large = n === STORED;
  const paragraph = 'A line of the long answer, kept whole through every save and reload.\n\n';
  const text = large ? paragraph.repeat(Math.ceil(LARGE_ANSWER_BYTES / paragraph.length)) : `Answer ${n}: use a map.`;
  return {
    id: large ? LARGE_ID : `c_stored${n}`,
    title: large ? 'The long answer' : `Stored conversation ${n}`,
    createdAt: at,
    updatedAt: at,
    turns: [
      { id: `u${n}`, role: 'user', text: `Question ${n}`, mode: 'chat', context: [], createdAt: at },
      { id: `a${n}`, role: 'assistant', text, status: 'done', model: 'acme/chat-large', createdAt: at },
    ],
  };
}

async function seedHistory(userDataDir: string): Promise<void> {
  const store = new HistoryStore({ folder: historyFolder(userDataDir), state: new MapMemento(), watch: false });
  await store.load();
  for (let n = 1; n <= STORED; n++) await store.save(storedConversation(n));
  await store.flushed();
  store.dispose();
}

describe('a long chat history (e2e, packaged extension in code-server)', function () {
  this.timeout(180_000);
  const { workbench } = useWorkbench(ChatWorkbench, 'e2e-history', { seedUserData: seedHistory });
  let chat: ChatPage;

  const showHistory = async () => {
    await chat.frame.getByRole('button', { name: 'Show Chat History' }).click();
    await chat.frame
      .locator('.history-item')
      .nth(STORED - 1)
      .waitFor();
    assert.equal(await chat.frame.locator('.history-item').count(), STORED);
  };

  it('lists the 50 stored conversations and opens the one with a 2 MB answer', async () => {
    chat = await workbench.openChatView();
    await showHistory();
    await chat.frame.locator(`.history-item[data-conversation-id="${LARGE_ID}"] .history-open`).click();
    await chat.frame.locator('.turn-user .user-text', { hasText: `Question ${STORED}` }).waitFor();
    const shown = await chat
      .lastAnswer()
      .locator('.markdown-body')
      .evaluate((body) => body.textContent?.length ?? 0);
    assert.ok(shown > 2_000_000, `the whole answer is shown (${shown} characters)`);
  });

  it('adds a turn to it, saved in its file beside the 2 MB answer', async () => {
    await chat.pickModel('acme/chat-large');
    await chat.send('Summarise that in one line');
    await chat.waitForStatus('done');
    const file = path.join(historyFolder(workbench.server!.userDataDir), 'conversations', `${LARGE_ID}.json`);
    await until(() => readFileSync(file, 'utf8').includes('Summarise that in one line'), 'the new turn in the file');
    assert.ok(statSync(file).size > LARGE_ANSWER_BYTES);
  });

  it('after a reload the history and the new turn are there, and VS Code never warned of a large extension state', async () => {
    await workbench.reload();
    chat = await workbench.openChatView();
    await chat.frame.locator('.turn-user .user-text', { hasText: 'Summarise that in one line' }).waitFor();
    await showHistory();
    const console = workbench.consoleLines();
    assert.ok(console.length > 0, 'the browser console was read');
    assert.deepEqual(
      console.filter((line) => /large extension state/i.test(line)),
      [],
    );
  });
});

async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
