// The usage record's two figures.
// usageOpenMs: Show Usage with a year of entries (100,000, written as the record writes them):
// from the command to the charts painted, that is reading the months the report needs, working
// the report out, and the shipped page (dist/usage.js under its CSP in headless Chromium)
// loading and drawing it, until the second animation frame after it arrived.
// usageAppendRatio: an answer's end-to-end time through the reply loop against the emulator
// with the record on (each answer adds its entry, as the connection does) / with it off.
// usageTooltipRatio: the status bar tooltip's spend over that year, asked of the totals kept in
// memory (the month's files' sizes checked) / read afresh from the month's files.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ServiceClient } from '#src/platform/client/serviceClient';
import type { ModelConnection } from '#src/platform/reply/modelConnection';
import { streamReply } from '#src/platform/reply/streamReply';
import { usageLine, usageTokens, type UsageSource } from '#src/platform/usage/usageEntry';
import { readUsage } from '#src/platform/usage/usageFiles';
import { KeySpendTotals } from '#src/platform/usage/keySpendTotals';
import { UsageRecord } from '#src/platform/usage/usageRecord';
import { firstDayNeeded, usageReport } from '#src/usage/common/usageTotals';
import { FIXTURE_KEYS } from '../emulator/index';
import { servePage } from '../browser/fixtures/chatPageServer';
import { launchChromium } from '../host/browser';
import { startEmulatorProcess } from './emulatorProcess';
import { median, paired } from './stats';

const YEAR_ENTRIES = 100_000;
/** An answer of 200 deltas streamed a millisecond apart, as a short real answer arrives. */
const ANSWER_PROMPT = 'Explain a TypeScript debounce helper. [[tokens:200]] [[pace:1]]';
const MODELS = ['alpha-chat', 'beta-reasoner', 'gamma-mini', 'delta-coder', 'epsilon-vision', 'zeta-long', 'eta-small'];
const SOURCES: UsageSource[] = ['chat', 'refactor', 'vscodeChat', 'chat', 'images'];

interface OpenTime {
  total: number;
  /** Reading the months needed and working the report out. */
  host: number;
  /** The entries those months hold. */
  entries: number;
}

export interface UsageBenchResult {
  entries: number;
  recordBytes: number;
  open: OpenTime[];
  usageOpenMs: number;
  append: { ratios: number[]; medianRatio: number };
  tooltip: { ratios: number[]; medianRatio: number; readMs: number };
}

/** A year of entries up to `now`, evenly spread, in month files as the record writes them. */
function writeYear(folder: string, now: number): number {
  const step = (365 * 86_400_000) / YEAR_ENTRIES;
  const months = new Map<string, string[]>();
  for (let i = 0; i < YEAR_ENTRIES; i++) {
    const time = new Date(now - (YEAR_ENTRIES - i) * step).toISOString();
    const line = usageLine({
      time,
      model: MODELS[i % MODELS.length]!,
      interface: 'chat-completions',
      key: i % 5 === 0 ? { id: 'sk-…c3d4', name: 'Work' } : { id: 'sk-…a1b2', name: 'Default' },
      project: `project-${i % 4}`,
      source: SOURCES[i % SOURCES.length]!,
      ...(i % 20 === 0 ? {} : { tokens: { in: 1200 + (i % 300), out: 300 + (i % 90), cached: i % 3 === 0 ? 512 : 0 }, costRub: 0.01 * (1 + (i % 13)) }),
    });
    const month = time.slice(0, 7);
    if (!months.has(month)) months.set(month, []);
    months.get(month)!.push(line);
  }
  let bytes = 0;
  for (const [month, lines] of months) {
    const text = lines.join('');
    bytes += Buffer.byteLength(text);
    writeFileSync(path.join(folder, `usage-${month}.jsonl`), text);
  }
  return bytes;
}

async function openTimes(folder: string, now: number, rounds: number): Promise<OpenTime[]> {
  const { server, url } = await servePage('dist/usage.js', 'dist/usage.css', 'Multi-Model AI Usage');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    const times: OpenTime[] = [];
    for (let i = 0; i <= rounds; i++) {
      const started = performance.now();
      const timeZone = 'Europe/Moscow';
      const { entries, corrupt } = await readUsage(folder, firstDayNeeded(now, timeZone));
      const report = usageReport(entries, corrupt, { now, timeZone });
      const hostDone = performance.now();
      await page.goto(url);
      await page.evaluate(
        (init) =>
          new Promise<void>((resolve) => {
            window.dispatchEvent(new MessageEvent('message', { data: init }));
            requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
          }),
        { type: 'usage/init', language: 'en', l10n: {}, report },
      );
      if ((await page.locator('.day-chart .segment').count()) === 0) throw new Error('the usage page drew no chart');
      // The first round warms up.
      if (i > 0) times.push({ total: performance.now() - started, host: hostDone - started, entries: entries.length });
      if (process.env.USAGE_BENCH_DEBUG)
        console.log('host', (hostDone - started).toFixed(0), 'entries', entries.length, 'page', (performance.now() - hostDone).toFixed(0));
    }
    return times;
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

async function appendRatio(folder: string, rounds: number): Promise<{ ratios: number[]; medianRatio: number }> {
  const emulator = await startEmulatorProcess();
  try {
    const client = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 });
    const model = (await client.listModels()).data.find((m) => m.id === 'acme/chat-large');
    if (!model) throw new Error('the emulator lists no acme/chat-large');
    const record = new UsageRecord({ folder });
    const on: ModelConnection = {
      client,
      model,
      onAnswered: ({ usage, costRub, interface: iface }) =>
        record.add({
          time: new Date().toISOString(),
          model: model.id,
          interface: iface,
          key: { id: 'sk-…a1b2', name: 'Default' },
          project: 'bench',
          source: 'chat',
          ...(usage && { tokens: usageTokens(usage) }),
          ...(costRub !== undefined && { costRub }),
        }),
    };
    const off: ModelConnection = { client, model };
    const answer = async (connection: ModelConnection) => {
      const started = performance.now();
      const outcome = await streamReply(
        {
          connection: Promise.resolve(connection),
          messages: [{ role: 'user', content: ANSWER_PROMPT }],
          signal: new AbortController().signal,
          includeUsage: true,
        },
        { onDelta: () => undefined },
      );
      if (outcome.status !== 'done') throw new Error(`the answer ended ${outcome.status}`);
      return performance.now() - started;
    };
    const result = await paired(
      rounds,
      10,
      () => answer(on),
      () => answer(off),
    );
    await record.flushed();
    const written = (await readUsage(folder)).entries.length;
    if (written !== rounds + 10) throw new Error(`the record holds ${written} entries, not ${rounds + 10}`);
    return { ratios: result.ratios, medianRatio: result.medianRatio };
  } finally {
    await emulator.stop();
  }
}

async function tooltipRatio(folder: string, now: number, rounds: number): Promise<{ ratios: number[]; medianRatio: number; readMs: number }> {
  const record = new UsageRecord({ folder });
  const kept = new KeySpendTotals(record, () => now);
  const ask = async (totals: KeySpendTotals) => {
    const started = performance.now();
    const spend = await totals.spendOf('sk-…a1b2', 'Europe/Moscow');
    if (!(spend.month > 0)) throw new Error('the tooltip found no spend this month');
    return performance.now() - started;
  };
  const result = await paired(
    rounds,
    3,
    () => ask(kept),
    () => ask(new KeySpendTotals(record, () => now)),
  );
  return { ratios: result.ratios, medianRatio: result.medianRatio, readMs: median(result.peer) };
}

export async function runUsageBench(log: (line: string) => void, rounds = 7): Promise<UsageBenchResult> {
  const year = mkdtempSync(path.join(tmpdir(), 'mmai-usage-bench-'));
  const appended = mkdtempSync(path.join(tmpdir(), 'mmai-usage-append-'));
  try {
    const now = Date.now();
    const recordBytes = writeYear(year, now);
    log(`usage: a year of ${YEAR_ENTRIES} entries, ${(recordBytes / 1024 / 1024).toFixed(1)} MB`);
    const open = await openTimes(year, now, rounds);
    log(
      `  Show Usage to the charts painted: ${open.map((t) => `${t.total.toFixed(0)} (reading ${t.entries} entries and the report: ${t.host.toFixed(0)})`).join(', ')} ms`,
    );
    const append = await appendRatio(appended, 61);
    log(`  an answer with the record on / off: median ratio ${append.medianRatio.toFixed(3)}`);
    const tooltip = await tooltipRatio(year, now, 31);
    log(`  the tooltip's spend kept in memory / read afresh (${tooltip.readMs.toFixed(1)} ms): median ratio ${tooltip.medianRatio.toFixed(4)}`);
    return { entries: YEAR_ENTRIES, recordBytes, open, usageOpenMs: median(open.map((t) => t.total)), append, tooltip };
  } finally {
    rmSync(year, { recursive: true, force: true });
    rmSync(appended, { recursive: true, force: true });
  }
}
