// Child process groups the harness must never leave behind: each spawned group
// is ended on stop(), on SIGINT/SIGTERM/SIGHUP and, as a last resort, on exit; its
// record under PID_DIR (pidRecord.ts) goes with it on every one of these ways.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { parentPid, processIdentity, removePidRecord, sweepStaleRecords, writePidRecord } from './pidRecord';

const live = new Set<ChildProcess>();
const shutdownHooks: (() => Promise<void>)[] = [];
/** How long the shutdown hooks get before the process exits anyway (the exit handler then kills). */
const SHUTDOWN_GRACE_MS = 15_000;

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** The leader has exited (or is about to be killed): end what is left of its group and drop its record. */
function forget(child: ChildProcess): void {
  killGroup(child, 'SIGKILL');
  live.delete(child);
  if (child.pid !== undefined) removePidRecord(child.pid);
}

process.on('exit', () => {
  for (const child of [...live]) forget(child);
});
let stopping = false;
/** Runs the shutdown hooks once, then exits with `code`. */
function shutdown(reason: string, code: number): void {
  if (stopping) return;
  stopping = true;
  console.error(`[host] ${reason}: stopping what this run started`);
  setTimeout(() => process.exit(code), SHUTDOWN_GRACE_MS).unref();
  void Promise.allSettled(shutdownHooks.map((hook) => hook())).finally(() => process.exit(code));
}
for (const [signal, number] of [
  ['SIGINT', 2],
  ['SIGTERM', 15],
  ['SIGHUP', 1],
] as const) {
  // `on`, not `once`: Ctrl+C can reach this process twice (from the terminal and relayed by a
  // wrapper), and a second signal with no handler would kill it before the records go.
  process.on(signal, () => shutdown(signal, 128 + number));
}

/**
 * Stops as on SIGTERM once a process that launched this one (up to `depth` ancestors) ends.
 * `npm run` passes SIGTERM only to the shell it runs the script in, which ends without
 * passing it on: without this, the demo and its code-server would run on, orphaned.
 */
export function stopWithLaunchers(depth = 3): void {
  const launchers: { pid: number; startTime?: string }[] = [];
  for (let pid = parentPid(process.pid); pid !== undefined && pid > 1 && launchers.length < depth; pid = parentPid(pid)) {
    launchers.push({ pid, startTime: processIdentity(pid)?.startTime });
  }
  const timer = setInterval(() => {
    const ended = launchers.find((l) => processIdentity(l.pid)?.startTime !== l.startTime);
    if (!ended) return;
    clearInterval(timer);
    shutdown(`the process that launched this one (${ended.pid}) has ended`, 128 + 15);
  }, 1_000);
  timer.unref();
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
  sweepStaleRecords();
  const child = spawn(command, args, { ...options, detached: true });
  live.add(child);
  if (child.pid !== undefined) writePidRecord(child.pid);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      // Members of the group may outlive the leader.
      forget(child);
      resolve(code);
    });
    child.once('error', () => {
      forget(child);
      resolve(null);
    });
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
