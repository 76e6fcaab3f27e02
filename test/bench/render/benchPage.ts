// Runs inside the benchmark page, after the chat page's real bundle (dist/webview.js).
// Feeds the reply two ways:
//  - ours: the messages the extension host sends ('turn/append', 'reply/delta' ...,
//    'reply/end'), handled by the real page, but one window message per delta: a harsher
//    feed than the host's, which sends the first text at once and then at most one
//    message per 16 ms with all that arrived meanwhile (DeltaBatcher);
//  - baseline: on every delta, the whole text so far rendered again with the same
//    parser, highlighter and sanitizer into a container of the same page (fed through
//    its own MessageChannel, one message per delta, so the page's bridge never sees it).
//    Doing that 5,000 times takes about 7 minutes here, so the baseline renders on every
//    `sampleEvery`-th delta (and the last) and the node side scales its cost back up.
// And watches frames: the gap between animation frames, and long tasks.
import { createSanitizer, renderMarkdown } from '../../../src/webview/markdown/index';
import { TENTH_END, TENTH_START } from './traceCost';

type Variant = 'ours' | 'baseline';

const TURN_ID = 'bench-answer';
const CONVERSATION = { id: 'bench', title: 'Benchmark', turns: [] };
const sanitizer = createSanitizer(window);
const baselineHost = document.createElement('div');
baselineHost.className = 'transcript';
const baselineBody = document.createElement('div');
baselineBody.className = 'markdown-body';
baselineHost.append(baselineBody);
document.body.append(baselineHost);

let deltas: string[] = [];
let baselineText = '';
let sampleEvery = 1;
let received = 0;
let waiting: { count: number; resolve: () => void } | undefined;

function counted(): void {
  received++;
  if (waiting && received >= waiting.count) {
    const { resolve } = waiting;
    waiting = undefined;
    resolve();
  }
}

// Counts the deltas the page has handled (registered after the page's own listener).
window.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
  if (event.data?.type === 'reply/delta') counted();
});

const channel = new MessageChannel();
channel.port1.onmessage = (event: MessageEvent<string>) => {
  baselineText += event.data;
  if ((received + 1) % sampleEvery === 0 || received + 1 === deltas.length) {
    baselineBody.replaceChildren(sanitizer.sanitizeToFragment(renderMarkdown(baselineText).html));
  }
  counted();
};

const nextFrame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));

// Frame watch: every animation frame's timestamp, and every long task.
let frames: number[] = [];
let longTasks: number[] = [];
let watching = false;
function watchFrames(time: number): void {
  if (!watching) return;
  frames.push(time);
  requestAnimationFrame(watchFrames);
}
new PerformanceObserver((list) => {
  if (watching) for (const entry of list.getEntries()) longTasks.push(entry.duration);
}).observe({ type: 'longtask' });

const toPage = (message: object): void => window.postMessage(message, '*');

export interface FrameFigures {
  longestFrameMs: number;
  /** The 95th percentile of the gaps between frames. */
  p95FrameMs: number;
  frameCount: number;
  longTasks: number[];
  shownChars: number;
  codeBlocks: number;
}

const bench = {
  load(all: string[], baselineSampleEvery: number): void {
    deltas = all;
    sampleEvery = baselineSampleEvery;
  },

  /** An empty conversation (ours) or an empty container (baseline), and a new answer. */
  async begin(variant: Variant): Promise<void> {
    received = 0;
    baselineText = '';
    baselineBody.replaceChildren();
    baselineHost.hidden = variant !== 'baseline';
    toPage({ type: 'conversation/show', conversation: CONVERSATION, busy: false });
    if (variant === 'ours') {
      toPage({ type: 'turn/append', turn: { id: TURN_ID, role: 'assistant', text: '', status: 'streaming', model: 'acme/chat-large', createdAt: new Date().toISOString() } });
    }
    await nextFrame();
    await nextFrame();
    frames = [];
    longTasks = [];
    watching = true;
    requestAnimationFrame(watchFrames);
  },

  /** Sends deltas [from, to) at full speed; resolves once all are handled and shown. */
  async feed(variant: Variant, from: number, to: number): Promise<void> {
    const handled = new Promise<void>((resolve) => (waiting = { count: to, resolve }));
    console.timeStamp(TENTH_START);
    for (let i = from; i < to; i++) {
      if (variant === 'ours') toPage({ type: 'reply/delta', turnId: TURN_ID, text: deltas[i] });
      else channel.port2.postMessage(deltas[i]);
    }
    await handled;
    await nextFrame();
    await nextFrame();
    console.timeStamp(TENTH_END);
  },

  /** Ends the answer; returns the frame figures of the whole run and what is shown. */
  async end(variant: Variant): Promise<FrameFigures> {
    if (variant === 'ours') {
      toPage({ type: 'reply/end', turn: { id: TURN_ID, role: 'assistant', text: deltas.join(''), status: 'done', model: 'acme/chat-large', createdAt: new Date().toISOString() } });
      // A backlog is shown over the next frames; the answer says when it is complete.
      const body = () => document.querySelector(`[data-turn-id="${TURN_ID}"] .markdown-body`);
      while (body()?.getAttribute('aria-busy') !== 'false') await nextFrame();
    }
    await nextFrame();
    await nextFrame();
    watching = false;
    const gaps = frames.slice(1).map((time, i) => time - frames[i]!).sort((a, b) => a - b);
    const shown = variant === 'ours' ? document.querySelector(`[data-turn-id="${TURN_ID}"] .markdown-body`) : baselineBody;
    return {
      longestFrameMs: gaps.at(-1) ?? 0,
      p95FrameMs: gaps[Math.ceil(gaps.length * 0.95) - 1] ?? 0,
      frameCount: frames.length,
      longTasks: [...longTasks],
      shownChars: shown?.textContent?.length ?? 0,
      codeBlocks: shown?.querySelectorAll('.code-block').length ?? 0,
    };
  },
};

(window as unknown as { __bench: typeof bench }).__bench = bench;
