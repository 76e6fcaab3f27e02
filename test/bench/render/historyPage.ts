// Runs inside the history benchmark's page, after the chat page's real bundle
// (dist/webview.js). Nothing else is loaded, so the page's heap is the chat page's own.
import type { StoredConversation } from './historyFixture';

const EMPTY = { id: 'empty', title: 'Empty', turns: [] };
const toPage = (message: object): void => window.postMessage(message, '*');
const nextFrame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));

const history = {
  /**
   * Opens a stored conversation (the empty one first) and resolves with the milliseconds from
   * the host's message to the end of the first frame that paints its latest turn, and to every
   * turn being in the page (what find-in-page searches; older turns join after the first paint).
   */
  async open(conversation: StoredConversation): Promise<{ paintedMs: number; completeMs: number }> {
    toPage({ type: 'conversation/show', conversation: EMPTY, busy: false });
    await nextFrame();
    await nextFrame();
    const latest = `[data-turn-id="${(conversation.turns.at(-1) as { id: string }).id}"] .md-tail`;
    const start = performance.now();
    toPage({ type: 'conversation/show', conversation, busy: false });
    // Checked in each frame before its rendering; the task after the frame that has it: painted.
    await new Promise<void>((resolve) => {
      const check = (): void => void (document.querySelector(latest) ? setTimeout(resolve, 0) : requestAnimationFrame(check));
      requestAnimationFrame(check);
    });
    const paintedMs = performance.now() - start;
    while (document.querySelectorAll('.turns > [data-turn-id]').length < conversation.turns.length) await new Promise((resolve) => setTimeout(resolve, 0));
    return { paintedMs, completeMs: performance.now() - start };
  },
};

(window as unknown as { __history: typeof history }).__history = history;

declare global {
  interface Window {
    __history: typeof history;
  }
}
