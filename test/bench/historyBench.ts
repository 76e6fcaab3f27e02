// Benchmark 5: opening a long stored conversation in the chat page (the shipped
// dist/webview.js in headless Chromium under the webview's CSP, as the render benchmark
// serves it, with render/historyPage.ts, which plays the host). The time from the host's
// `conversation/show` (a conversation's latest 20 turns, as the host sends it first) to the
// first frame painted with the latest turn, 200 turns (about 1 MB of markdown with code) against
// the same conversation's first 10 turns, alternated round by round (and, for the 200, the time
// until every turn is in the page: the page asks for the earlier ones after the first paint);
// and the page's JS heap (after a full garbage collection) with the 200 turns open, against the
// stored conversation's size.
import { branchedHistory, LONG_TURNS, SHORT_TURNS, storedHistory } from './render/historyFixture';
import { openBenchPage } from './renderBench';
import { median, paired } from './stats';

export interface HistoryBenchResult {
  storedBytes: number;
  longMs: number[];
  shortMs: number[];
  /** Median over rounds of 200 turns / 10 turns. */
  openRatio: number;
  /** Until every turn is in the page (the older ones join after the first paint), 200 turns. */
  longCompleteMs: number[];
  /** Median over rounds of that / the 10 turns' time to painted (all of theirs are in the first write). */
  completeRatio: number;
  heapBytes: number[];
  /** Median heap with the 200 turns open / the stored conversation's bytes. */
  heapRatio: number;
  /** The same 200 turns, each message in two branches and each answer among three (shown as tabs). */
  branchedMs: number[];
  /** Median over rounds of the branched 200 turns / 10 turns. */
  branchedOpenRatio: number;
}

const HEAP_ROUNDS = 3;

export async function runHistoryBench(log: (line: string) => void, rounds = 15): Promise<HistoryBenchResult> {
  const long = storedHistory(LONG_TURNS);
  const short = { ...long, id: 'history-short', turns: long.turns.slice(0, SHORT_TURNS) };
  const storedBytes = Buffer.byteLength(JSON.stringify(long));
  const { page, errors, close } = await openBenchPage('render/historyPage.ts');
  try {
    // Through the DevTools protocol only: playwright's evaluate installs its own 340 KB script
    // in the page, which the heap figure would count.
    const cdp = await page.context().newCDPSession(page);
    const call = async <T>(functionDeclaration: string, ...args: unknown[]): Promise<T> => {
      const { result: window } = await cdp.send('Runtime.evaluate', { expression: 'window' });
      const { result, exceptionDetails } = await cdp.send('Runtime.callFunctionOn', {
        objectId: window.objectId,
        functionDeclaration,
        arguments: args.map((value) => ({ value })),
        awaitPromise: true,
        returnByValue: true,
      });
      if (exceptionDetails) throw new Error(`the history page failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      return result.value as T;
    };
    while (!(await call<boolean>('function () { return this.__history !== undefined; }'))) await new Promise((resolve) => setTimeout(resolve, 50));
    type Opened = { paintedMs: number; completeMs: number };
    const open = (conversation: typeof long): Promise<Opened> => call<Opened>('function (c) { return this.__history.open(c); }', conversation);
    log(`history: ${LONG_TURNS} turns stored in ${(storedBytes / 1024).toFixed(0)} KB, against the first ${SHORT_TURNS}`);
    const longCompleteMs: number[] = [];
    const result = await paired(
      rounds,
      1,
      async () => {
        const opened = await open(long);
        longCompleteMs.push(opened.completeMs);
        return opened.paintedMs;
      },
      async () => (await open(short)).paintedMs,
    );
    longCompleteMs.splice(0, longCompleteMs.length - rounds); // the warm-up round's
    const branched = await paired(
      rounds,
      1,
      async () => (await open(branchedHistory(long))).paintedMs,
      async () => (await open(short)).paintedMs,
    );
    log(`  ${LONG_TURNS} turns in two branches, three answers each: ${branched.ours.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    log(
      `  ${LONG_TURNS} turns ${result.ours.map((ms) => ms.toFixed(0)).join(', ')} ms (every turn in the page: ${longCompleteMs.map((ms) => ms.toFixed(0)).join(', ')} ms); ${SHORT_TURNS} turns ${result.peer.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    );
    const heapBytes: number[] = [];
    for (let i = 0; i < HEAP_ROUNDS; i++) {
      await open(long);
      // Whatever the page renders on its own after the first paint, then what it keeps.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await cdp.send('HeapProfiler.collectGarbage');
      heapBytes.push((await cdp.send('Runtime.getHeapUsage')).usedSize);
    }
    log(`  heap with ${LONG_TURNS} turns open: ${heapBytes.map((b) => (b / 1024 / 1024).toFixed(2)).join(', ')} MB`);
    if (errors.length > 0) throw new Error(`the page reported: ${errors.slice(0, 5).join(' | ')}`);
    return {
      storedBytes,
      longMs: result.ours,
      shortMs: result.peer,
      openRatio: result.medianRatio,
      longCompleteMs,
      completeRatio: median(longCompleteMs.map((ms, i) => ms / result.peer[i]!)),
      heapBytes,
      heapRatio: median(heapBytes) / storedBytes,
      branchedMs: branched.ours,
      branchedOpenRatio: branched.medianRatio,
    };
  } finally {
    await close();
  }
}
