// Runs inside the typing benchmark's page, after the chat page's real bundle (dist/webview.js),
// and plays the host: it opens a stored conversation, and answers each draft the page sends to
// be priced (composer/draft) with a price (composer/estimate), as the host does. It watches the
// gaps between animation frames while the benchmark types.
import type { Conversation } from '#src/chat/common/conversation/conversation';
import { conversationView, turnsBefore } from '#src/chat/common/protocol/firstTurns';
import type { StoredConversation } from './historyFixture';

const toPage = (message: object): void => window.postMessage(message, '*');
const nextFrame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));
/** What pricing a draft takes on the host, between the page's message and the answer. */
const HOST_PRICING_MS = 5;

let open: StoredConversation | undefined;
let priced = 0;
window.addEventListener('host-message', (event) => {
  const asked = (event as CustomEvent<{ type: string; id?: string; before?: string; text?: string; seq?: number }>).detail;
  if (asked.type === 'conversation/earlier' && open && asked.id === open.id) {
    const turns = turnsBefore(open.turns as { id: string }[], asked.before!);
    if (turns) toPage({ ...asked, turns });
  }
  if (asked.type === 'composer/draft') {
    const chars = asked.text?.length ?? 0;
    setTimeout(() => {
      priced++;
      toPage({
        type: 'composer/estimate',
        seq: asked.seq,
        estimate: {
          sendRub: 2.5 + chars * 0.0001,
          answerUpToRub: 16.4,
          parts: { history: 2.4, attachments: 0, instructions: 0.01, message: 0.09 + chars * 0.0001 },
        },
      });
    }, HOST_PRICING_MS);
  }
});

let frames: number[] = [];
let watching = false;
function watchFrames(time: number): void {
  if (!watching) return;
  frames.push(time);
  requestAnimationFrame(watchFrames);
}

const typing = {
  /** Opens `conversation` and waits until every turn is in the page. */
  async open(conversation: StoredConversation): Promise<void> {
    open = conversation;
    toPage({ type: 'conversation/show', conversation: conversationView(conversation as unknown as Conversation), busy: false });
    while (document.querySelectorAll('.turns > [data-turn-id]').length < conversation.turns.length) await new Promise((resolve) => setTimeout(resolve, 20));
    await nextFrame();
    await nextFrame();
  },

  /** Empties the message box and starts watching frames. */
  async start(): Promise<void> {
    const input = document.querySelector<HTMLTextAreaElement>('textarea.composer-input')!;
    input.value = '';
    input.focus();
    await nextFrame();
    frames = [];
    priced = 0;
    watching = true;
    requestAnimationFrame(watchFrames);
  },

  /** Stops watching, once the last draft is priced: the gaps between frames, and what the line says. */
  async stop(): Promise<{ p95FrameMs: number; longestFrameMs: number; frames: number; priced: number; line: string }> {
    await new Promise((resolve) => setTimeout(resolve, 500));
    watching = false;
    const gaps = frames
      .slice(1)
      .map((time, i) => time - frames[i]!)
      .sort((a, b) => a - b);
    const line = document.querySelector('.estimate-line')?.textContent ?? '';
    return { p95FrameMs: gaps[Math.ceil(gaps.length * 0.95) - 1] ?? 0, longestFrameMs: gaps.at(-1) ?? 0, frames: frames.length, priced, line };
  },
};

(window as unknown as { __typing: typeof typing }).__typing = typing;
