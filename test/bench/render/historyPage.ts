// Runs inside the history benchmark's page, after the chat page's real bundle
// (dist/webview.js). Nothing else is loaded, so the page's heap is the chat page's own.
import type { Conversation } from '#src/chat/common/conversation/conversation';
import { conversationView, turnsBefore, turnViews } from '#src/chat/common/protocol/firstTurns';
import type { StoredConversation } from './historyFixture';

const EMPTY = { id: 'empty', title: 'Empty', turns: [], earlier: 0 };
const toPage = (message: object): void => window.postMessage(message, '*');
const nextFrame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));

/** The conversation being opened, whose earlier turns this page sends when asked, as the host does. */
let opening: StoredConversation | undefined;
window.addEventListener('host-message', (event) => {
  const asked = (event as CustomEvent<{ type: string; id: string; before: string }>).detail;
  if (asked.type !== 'conversation/earlier' || asked.id !== opening?.id) return;
  const conversation = opening as unknown as Conversation;
  const turns = turnsBefore(conversation.turns, asked.before);
  if (turns) toPage({ ...asked, turns: turnViews(conversation, turns) });
});

const history = {
  /**
   * Opens a stored conversation (the empty one first) and resolves with the milliseconds from
   * the host's message to the end of the first frame that paints its latest turn, and to every
   * turn being in the page (what find-in-page searches; the page asks for the older turns after
   * the first paint).
   */
  async open(conversation: StoredConversation): Promise<{ paintedMs: number; completeMs: number }> {
    toPage({ type: 'conversation/show', conversation: EMPTY, busy: false });
    await nextFrame();
    await nextFrame();
    const latest = `[data-turn-id="${(conversation.turns.at(-1) as { id: string }).id}"] .md-tail`;
    opening = conversation;
    const start = performance.now();
    toPage({ type: 'conversation/show', conversation: conversationView(conversation as unknown as Conversation), busy: false });
    // Checked in each frame before its rendering; the task after the frame that has it: painted.
    await new Promise<void>((resolve) => {
      const check = (): void => void (document.querySelector(latest) ? setTimeout(resolve, 0) : requestAnimationFrame(check));
      requestAnimationFrame(check);
    });
    const paintedMs = performance.now() - start;
    while (document.querySelectorAll('.turns > [data-turn-id]').length < conversation.turns.length) await new Promise((resolve) => setTimeout(resolve, 0));
    const completeMs = performance.now() - start;
    opening = undefined; // not counted in the page's heap
    return { paintedMs, completeMs };
  },
};

(window as unknown as { __history: typeof history }).__history = history;

declare global {
  interface Window {
    __history: typeof history;
  }
}
