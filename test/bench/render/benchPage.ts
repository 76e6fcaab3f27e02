// Runs inside the benchmark page, after the chat page's real bundle (dist/webview.js).
// Feeds the reply four ways:
//  - host: what the extension host sends ('turn/append', 'reply/delta' ..., 'reply/end'),
//    handled by the real page, while the deltas arrive at one a millisecond (about 5,000
//    tokens a second, faster than any model streams): they go through the host's own
//    DeltaBatcher, so the page gets the first text at once and then at most one message per
//    16 ms with all that arrived meanwhile. The frame figures come from this feed;
//  - siblings: the same reply from three models answering one message at once (Ask Another
//    Model), each through its own DeltaBatcher at that speed, the turn's answers shown as
//    tabs as the host sends them (the first selected, the others streaming into their panels);
//  - ours: the same messages but one window message per delta, all of a tenth posted in
//    one task: a stress feed the host never sends (dispatching 500 messages held the page
//    for two frames), kept for the scripting comparison with the baseline;
//  - baseline: on every delta, the whole text so far rendered again with the same
//    parser, highlighter and sanitizer into a container of the same page (fed through
//    its own MessageChannel, one message per delta, so the page's bridge never sees it).
//    Doing that 5,000 times takes about 7 minutes here, so the baseline renders on every
//    `sampleEvery`-th delta (and the last) and the node side scales its cost back up.
// And watches frames: the gap between animation frames, and long tasks; also over the page
// with nothing streaming (idle), the control that shows what the machine itself drops.
import { DeltaBatcher } from '#src/platform/reply/deltaBatcher';
import { createSanitizer, renderMarkdown } from '#src/chat/page/markdown/index';
import { TENTH_END, TENTH_START } from './traceCost';

type Variant = 'host' | 'siblings' | 'ours' | 'baseline';

/** How fast deltas arrive at the host in the host feed. */
const HOST_DELTAS_PER_MS = 1;

const TURN_ID = 'bench-answer';
/** The answers of the siblings feed, the first the one the conversation goes on from. */
const SIBLINGS = [
  { id: TURN_ID, model: 'acme/chat-large' },
  { id: `${TURN_ID}-2`, model: 'mira/messenger' },
  { id: `${TURN_ID}-3`, model: 'nova/responder' },
];
const CONVERSATION = { id: 'bench', title: 'Benchmark', turns: [], earlier: 0 };
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
/** Messages sent to the page (or to the baseline's channel) since begin(). */
let sent = 0;
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

const toPage = (message: object): void => window.postMessage(message, '*');
const deltaTo =
  (turnId: string) =>
  (text: string): void => {
    sent++;
    toPage({ type: 'reply/delta', turnId, text });
  };
const sendDelta = deltaTo(TURN_ID);
/** The host's batcher of each answer streaming in the host or siblings feed. */
let hosts = [new DeltaBatcher(sendDelta)];

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

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Pushes deltas [from, to) into each answer's batcher as they arrive, at HOST_DELTAS_PER_MS. */
async function arrive(from: number, to: number): Promise<void> {
  const start = performance.now();
  let next = from;
  while (next < to) {
    const due = Math.min(to, from + Math.floor((performance.now() - start) * HOST_DELTAS_PER_MS) + 1);
    for (; next < due; next++) for (const host of hosts) host.push(deltas[next]!);
    if (next < to) await sleep(4);
  }
  // The batcher's timer would send the rest within 16 ms; the tenth ends here instead.
  for (const host of hosts) host.flush();
}

export interface FrameGaps {
  longestFrameMs: number;
  /** The 95th percentile of the gaps between frames. */
  p95FrameMs: number;
  frameCount: number;
  /** Frames the page missed: a gap of n frame intervals (the median gap) misses n - 1. */
  droppedFrames: number;
  longTasks: number[];
}

export interface FrameFigures extends FrameGaps {
  shownChars: number;
  codeBlocks: number;
}

/** Starts watching frames (and long tasks) from the next frame on. */
function startWatching(): void {
  frames = [];
  longTasks = [];
  watching = true;
  requestAnimationFrame(watchFrames);
}

/** Stops watching; what the frames since startWatching() were like. */
function stopWatching(): FrameGaps {
  watching = false;
  const gaps = frames
    .slice(1)
    .map((time, i) => time - frames[i]!)
    .sort((a, b) => a - b);
  const interval = gaps[Math.floor(gaps.length / 2)] ?? 0;
  return {
    longestFrameMs: gaps.at(-1) ?? 0,
    p95FrameMs: gaps[Math.ceil(gaps.length * 0.95) - 1] ?? 0,
    frameCount: frames.length,
    droppedFrames: interval > 0 ? gaps.reduce((missed, gap) => missed + Math.max(0, Math.round(gap / interval) - 1), 0) : 0,
    longTasks: [...longTasks],
  };
}

const bench = {
  load(all: string[], baselineSampleEvery: number): void {
    deltas = all;
    sampleEvery = baselineSampleEvery;
  },

  /** An empty conversation (host, ours) or an empty container (baseline), and a new answer. */
  async begin(variant: Variant): Promise<void> {
    received = 0;
    sent = 0;
    hosts = (variant === 'siblings' ? SIBLINGS : SIBLINGS.slice(0, 1)).map(({ id }) => new DeltaBatcher(deltaTo(id)));
    baselineText = '';
    baselineBody.replaceChildren();
    baselineHost.hidden = variant !== 'baseline';
    toPage({ type: 'conversation/show', conversation: CONVERSATION, busy: false });
    if (variant === 'siblings') {
      const createdAt = new Date().toISOString();
      const answers = SIBLINGS.map(({ id, model }) => ({ id, role: 'assistant', text: '', status: 'streaming', model, createdAt }));
      const ask = { id: 'bench-question', role: 'user', text: 'Compare map and forEach.', mode: 'chat', context: [], createdAt };
      toPage({ type: 'conversation/show', conversation: { ...CONVERSATION, turns: [ask, { ...answers[0], answers }] }, busy: true });
    } else if (variant !== 'baseline') {
      toPage({
        type: 'turn/append',
        turn: { id: TURN_ID, role: 'assistant', text: '', status: 'streaming', model: 'acme/chat-large', createdAt: new Date().toISOString() },
      });
    }
    await nextFrame();
    await nextFrame();
    startWatching();
  },

  /** Sends deltas [from, to); resolves once all are handled and shown. */
  async feed(variant: Variant, from: number, to: number): Promise<void> {
    console.timeStamp(TENTH_START);
    if (variant === 'host' || variant === 'siblings') await arrive(from, to);
    else if (variant === 'ours') for (let i = from; i < to; i++) sendDelta(deltas[i]!);
    else {
      for (let i = from; i < to; i++) channel.port2.postMessage(deltas[i]);
      sent += to - from;
    }
    if (received < sent) await new Promise<void>((resolve) => (waiting = { count: sent, resolve }));
    await nextFrame();
    await nextFrame();
    console.timeStamp(TENTH_END);
  },

  /** Ends the answer; returns the frame figures of the whole run and what is shown. */
  async end(variant: Variant): Promise<FrameFigures> {
    if (variant !== 'baseline') {
      const ended = variant === 'siblings' ? SIBLINGS : SIBLINGS.slice(0, 1);
      for (const { id, model } of ended)
        toPage({ type: 'reply/end', turn: { id, role: 'assistant', text: deltas.join(''), status: 'done', model, createdAt: new Date().toISOString() } });
      // A backlog is shown over the next frames; the answer on screen says when it is complete
      // (the others are shown when their tabs are).
      const body = () => document.querySelector(`[data-turn-id="${TURN_ID}"] .markdown-body`);
      while (body()?.getAttribute('aria-busy') !== 'false') await nextFrame();
    }
    await nextFrame();
    await nextFrame();
    const gaps = stopWatching();
    const shown = variant !== 'baseline' ? document.querySelector(`[data-turn-id="${TURN_ID}"] .markdown-body`) : baselineBody;
    return { ...gaps, shownChars: shown?.textContent?.length ?? 0, codeBlocks: shown?.querySelectorAll('.code-block').length ?? 0 };
  },

  /**
   * The control: the same frame watch for `ms` over the page with nothing streaming (the
   * conversation empty, the baseline's container hidden). Frames it drops are the machine's,
   * not the page's.
   */
  async idle(ms: number): Promise<FrameGaps> {
    baselineHost.hidden = true;
    toPage({ type: 'conversation/show', conversation: CONVERSATION, busy: false });
    await nextFrame();
    await nextFrame();
    startWatching();
    await sleep(ms);
    return stopWatching();
  },
};

(window as unknown as { __bench: typeof bench }).__bench = bench;
