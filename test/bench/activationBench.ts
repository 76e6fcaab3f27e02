// Benchmark 4a: activation time of the shipped build (dist/extension.js, production) in a
// real VS Code: the newest code-server host's Node extension host (test/host/paths.ts), opened in headless Chromium.
// Every run is a fresh extension host (a new workbench page on one code-server). The peer is an empty extension
// (activate() does nothing), packaged with vsce and installed with --install-extension,
// in the same host as ours (loaded from the project folder: the host honours a single
// extensionDevelopmentPath); the difference shows what our module loading and activate() cost
// above the host's own activation machinery. The host records activation times in whole
// milliseconds, and the empty extension's is 0 or 1 ms: what ours adds is their difference.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { EXTENSION_ID } from '#src/platform/manifest/ids';
import { writeUserSettings, type CodeServerDirs } from '../host/codeServer';
import { HostSession, installPeerExtension, prepareHostBench } from './hostRun';
import { median } from './stats';

const PEER_ID = 'multi-model-ai-bench.empty-extension';

interface Timing {
  /** Module loading + activate() until it resolves, as the host records it. */
  activationMs: number;
  /** Of which loading the main module. */
  loadingMs: number;
}

/** One line of the suite's output (activation/suite.ts). */
interface Row {
  timings: Record<string, Timing>;
  idleShare: number;
}

export interface ActivationBenchResult {
  ours: Timing[];
  peer: Timing[];
  oursMedianMs: number;
  peerMedianMs: number;
  /** Median of the per-run differences, ours minus the empty extension: what our code adds. */
  addedMedianMs: number;
  loadingMedianMs: number;
}

/** The empty extension: activate() does nothing. */
function installPeer(dirs: CodeServerDirs): Promise<void> {
  // Started as ours is: when VS Code has finished starting.
  const manifest = { engines: { vscode: '^1.100.0' }, activationEvents: ['onStartupFinished'], main: './extension.js' };
  return installPeerExtension(dirs, 'empty-extension', manifest, async (dir) => {
    writeFileSync(path.join(dir, 'extension.js'), 'exports.activate = function activate() {};\n');
  });
}

/**
 * Five fresh extension hosts after the untimed one, in one code-server (hostRun.ts): each is
 * about 15 s on a slow 2-core machine (the workbench loads, the host starts, the machine settles).
 */
export async function runActivationBench(log: (line: string) => void, runs = 5): Promise<ActivationBenchResult> {
  const { runDir, dirs, entry } = await prepareHostBench('activation', installPeer);
  const out = path.join(runDir, 'activation.jsonl');
  writeUserSettings(dirs, { 'workbench.startupEditor': 'none' });

  const session = await HostSession.open(dirs, { MMAI_BENCH_ACTIVATION_OUT: out, MMAI_BENCH_OURS_ID: EXTENSION_ID, MMAI_BENCH_PEER_ID: PEER_ID });
  try {
    // The first start in a fresh user-data folder was the slowest of every set (64-154 ms where
    // the later ones gave 44-87): the host's own first-start work overlaps it. Not counted.
    await session.run(entry, 'activation warm-up');
    for (let i = 0; i < runs; i++) await session.run(entry, `activation run ${i + 1}`);
  } finally {
    await session.close();
  }
  const rows = readFileSync(out, 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(1)
    .map((line) => JSON.parse(line) as Row);
  const ours = rows.map((r) => r.timings[EXTENSION_ID]!);
  const peer = rows.map((r) => r.timings[PEER_ID]!);
  const list = (timings: Timing[]) => timings.map((t) => t.activationMs.toFixed(1)).join(', ');
  log(
    `activation: ours ${list(ours)} ms; empty extension ${list(peer)} ms; idle share of the cores before each: ${rows.map((r) => r.idleShare.toFixed(2)).join(', ')}`,
  );
  return {
    ours,
    peer,
    oursMedianMs: median(ours.map((t) => t.activationMs)),
    peerMedianMs: median(peer.map((t) => t.activationMs)),
    addedMedianMs: median(ours.map((t, i) => t.activationMs - peer[i]!.activationMs)),
    loadingMedianMs: median(ours.map((t) => t.loadingMs)),
  };
}
