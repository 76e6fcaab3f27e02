// Benchmark: typing into a long conversation with the price before sending on. The shipped chat
// page (dist/webview.js) in headless Chromium under the webview's CSP, as the render benchmark
// serves it, with render/typingPage.ts playing the host: the 200-turn stored conversation open
// (render/historyFixture.ts), each draft priced as the host answers it. A sentence is typed key
// by key, as fast as a quick typist (a key each 30 ms), and the gaps between animation frames
// are measured meanwhile; the figure is the worst round's 95th percentile, after a round that warms
// the page up. After each round, the control: the same watch as long, with nothing typed (the
// frames the machine itself drops). And what each key costs the page's main thread (scripting,
// style and layout, from the DevTools protocol's Performance metrics), which the load moves less.
import { LONG_TURNS, storedHistory } from './render/historyFixture';
import { openBenchPage } from './renderBench';
import { median } from './stats';

export interface TypingBenchResult {
  /** The worst round's 95th percentile of the gaps between frames while typing. */
  p95FrameMs: number;
  longestFrameMs: number;
  rounds: { p95FrameMs: number; longestFrameMs: number; frames: number; priced: number }[];
  /** The controls' 95th percentile, worst of the rounds. */
  idleP95FrameMs: number;
  /** Scripting, style and layout per key typed, median of the rounds. */
  mainThreadMsPerKey: number;
}

const SENTENCE = 'How would I split this pipeline into stages that can be tested one by one? ';
const KEY_DELAY_MS = 30;

export async function runTypingBench(log: (line: string) => void, rounds = 3): Promise<TypingBenchResult> {
  const conversation = storedHistory(LONG_TURNS);
  const { page, errors, close } = await openBenchPage('render/typingPage.ts');
  try {
    await page.waitForFunction(() => (window as unknown as { __typing?: unknown }).__typing !== undefined);
    await page.evaluate((c) => (window as unknown as { __typing: { open(c: unknown): Promise<void> } }).__typing.open(c), conversation);
    log(`typing: ${LONG_TURNS} turns open, ${SENTENCE.length} keys a round at one each ${KEY_DELAY_MS} ms`);
    const results: TypingBenchResult['rounds'] = [];
    const idle: number[] = [];
    type Watched = TypingBenchResult['rounds'][number] & { line: string };
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const mainThreadMs = async (): Promise<number> => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
      return (value('ScriptDuration') + value('RecalcStyleDuration') + value('LayoutDuration')) * 1000;
    };
    const perKey: number[] = [];
    const watch = async (type: boolean): Promise<Watched> => {
      await page.evaluate(() => (window as unknown as { __typing: { start(): Promise<void> } }).__typing.start());
      const before = await mainThreadMs();
      if (type) await page.keyboard.type(SENTENCE, { delay: KEY_DELAY_MS });
      if (type) perKey.push(((await mainThreadMs()) - before) / SENTENCE.length);
      else await new Promise((resolve) => setTimeout(resolve, SENTENCE.length * KEY_DELAY_MS));
      return page.evaluate(() => (window as unknown as { __typing: { stop(): Promise<Watched> } }).__typing.stop());
    };
    await watch(true);
    for (let round = 0; round < rounds; round++) {
      const { line, ...figures } = await watch(true);
      // The figure is of typing with the estimate on: the line must show the host's price.
      if (figures.priced === 0 || !line.includes('₽')) throw new Error(`typing: the price line did not show (${figures.priced} priced, "${line}")`);
      results.push(figures);
      idle.push((await watch(false)).p95FrameMs);
      log(
        `  round ${round + 1}: p95 ${figures.p95FrameMs.toFixed(1)} ms, longest ${figures.longestFrameMs.toFixed(1)} ms, ${figures.frames} frames, ${figures.priced} drafts priced; the control's p95 ${idle.at(-1)!.toFixed(1)} ms`,
      );
    }
    if (errors.length > 0) throw new Error(`the page reported: ${errors.slice(0, 5).join(' | ')}`);
    return {
      p95FrameMs: Math.max(...results.map((r) => r.p95FrameMs)),
      longestFrameMs: Math.max(...results.map((r) => r.longestFrameMs)),
      rounds: results,
      idleP95FrameMs: Math.max(...idle),
      mainThreadMsPerKey: median(perKey.slice(1)),
    };
  } finally {
    await close();
  }
}
