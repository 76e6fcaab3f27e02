// Child process groups the harness must never leave behind: each spawned group
// is ended on stop(), on SIGINT/SIGTERM and, as a last resort, on exit. Its
// pid is also written under PID_DIR for .ci/run's cleanup trap.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { PID_DIR } from './paths';

const live = new Set<ChildProcess>();
const shutdownHooks: (() => Promise<void>)[] = [];

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

process.on('exit', () => {
  for (const child of live) killGroup(child, 'SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`[host] ${signal}: stopping what this run started`);
    void Promise.allSettled(shutdownHooks.map((hook) => hook())).finally(() => process.exit(128 + (signal === 'SIGINT' ? 2 : 15)));
  });
}

/** Runs `hook` if the harness is interrupted (servers started in-process, browsers). */
export function onShutdown(hook: () => Promise<void>): void {
  shutdownHooks.push(hook);
}

export interface GroupProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Spawns `command` as the leader of a new process group. */
export function spawnGroup(command: string, args: string[], options: SpawnOptions): GroupProcess {
  const child = spawn(command, args, { ...options, detached: true });
  live.add(child);
  const pidFile = child.pid === undefined ? undefined : path.join(PID_DIR, String(child.pid));
  if (pidFile) {
    mkdirSync(PID_DIR, { recursive: true });
    writeFileSync(pidFile, `${command} ${args.join(' ')}\n`);
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      // Members of the group may outlive the leader.
      killGroup(child, 'SIGKILL');
      live.delete(child);
      if (pidFile) rmSync(pidFile, { force: true });
      resolve(code);
    });
    child.once('error', () => resolve(null));
  });
  const stop = async (): Promise<void> => {
    if (!live.has(child)) return;
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  onShutdown(stop);
  return { child, exited, stop };
}
