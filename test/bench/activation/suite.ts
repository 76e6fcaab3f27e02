// Runs inside the extension host of code-server (as the extension-tests entry). Our extension
// and the empty peer extension both start with the host (onStartupFinished); this reads the
// activation time the host itself records for each (the performance marks VS Code's Running
// Extensions view is built from): loading the main module plus the activate() call until its
// result resolves. Each run appends one line to MMAI_BENCH_ACTIVATION_OUT.
// The host is left to settle first: the built-in extensions it activates at startup run on
// the same thread, and one landing between our load marks was counted as ours (the empty
// extension measured 0-18 ms, ours 60-174 ms, in one run at load 1.8). Then the machine: the
// workbench's own startup work in the browser went on for seconds after the host's, and on
// 2 cores a slice of it in our require made one run 115 ms where the others gave 31.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import * as vscode from 'vscode';

export async function run(): Promise<void> {
  const out = process.env.MMAI_BENCH_ACTIVATION_OUT;
  const ours = process.env.MMAI_BENCH_OURS_ID;
  const peer = process.env.MMAI_BENCH_PEER_ID;
  if (!out || !ours || !peer) throw new Error('Run this through npm run bench: MMAI_BENCH_* is not set.');
  await hostSettled();
  const idleShare = await machineQuiet();
  const previousRuns = existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean).length : 0;
  const order = [ours, peer];
  const result: Record<string, { activationMs: number; loadingMs: number }> = {};
  const mark = hostMarks();
  for (const id of order) {
    const extension = vscode.extensions.getExtension(id);
    if (!extension) throw new Error(`${id} is not loaded in this extension host.`);
    // Both start with the host (onStartupFinished), as ours does for every window: the host's marks time them.
    if (!extension.isActive) throw new Error(`${id} was not started by the host (onStartupFinished).`);
    const loading = mark(`code/extHost/didLoadExtensionCode/${id}`) - mark(`code/extHost/willLoadExtensionCode/${id}`);
    const activating = mark(`code/extHost/didActivateExtension/${id}`) - mark(`code/extHost/willActivateExtension/${id}`);
    result[id] = { activationMs: loading + activating, loadingMs: loading };
  }
  appendFileSync(out, JSON.stringify({ timings: result, idleShare }) + '\n');
  // The untimed first start stays open long enough for ours to write its code cache (src/loader.ts),
  // as any window does: the timed starts then compile from it, as every start after an install does.
  if (previousRuns === 0) await new Promise((resolve) => setTimeout(resolve, 4000));
}

/** Resolves once no extension has been activated for a while (at most 15 s). */
async function hostSettled(): Promise<void> {
  const quietMs = 1500;
  const stepMs = 250;
  const deadline = Date.now() + 15_000;
  let active = -1;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    const now = vscode.extensions.all.filter((e) => e.isActive).length;
    if (now !== active) [active, quietSince] = [now, Date.now()];
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}

/** Busy and idle CPU time of the whole machine since boot, from /proc/stat (jiffies; guest time is already in user). */
function cpuTimes(): { busy: number; idle: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = fields[3]! + fields[4]!;
  return { busy: fields.reduce((a, b) => a + b, 0) - idle, idle };
}

/** Resolves once the machine's cores were at least 90% idle for two 300 ms windows in a row (at most 20 s); gives the last window's idle share. */
async function machineQuiet(): Promise<number> {
  const deadline = Date.now() + 20_000;
  let calm = 0;
  let share = 0;
  while (calm < 2 && Date.now() < deadline) {
    const before = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = cpuTimes();
    const busy = after.busy - before.busy;
    const idle = after.idle - before.idle;
    share = idle / Math.max(1, busy + idle);
    calm = share >= 0.9 ? calm + 1 : 0;
  }
  return share;
}

interface MarksApi {
  getMarks(): { name: string; startTime: number }[];
}

/** The extension host's performance marks (vs/base/common/performance keeps them on globalThis). */
function hostMarks(): (name: string) => number {
  const marks = (globalThis as { MonacoPerformanceMarks?: MarksApi }).MonacoPerformanceMarks?.getMarks();
  if (!marks) throw new Error('This extension host records no performance marks.');
  return (name) => {
    const found = [...marks].reverse().find((m) => m.name === name);
    if (!found) throw new Error(`The extension host recorded no mark ${name}.`);
    return found.startTime;
  };
}
