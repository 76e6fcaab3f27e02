// npm run demo stopped the ways a person stops it: Ctrl+C (SIGINT to the terminal's whole
// process group, so npm, its shell and the demo each get one),
// SIGTERM to that group (what `timeout` and `kill -TERM -PGID` do) and SIGTERM to npm alone
// (`kill PID`). Each time the demo must end its code-server group and leave no record of it
// under test-results/pids.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { PID_DIR, PROJECT_ROOT } from '../host/paths';
import { processIdentity } from '../host/pidRecord';

const records = (): string[] => {
  try {
    return readdirSync(PID_DIR).sort();
  } catch {
    return [];
  }
};

/** The pids of every process still in process group `pgid`. */
function groupMembers(pgid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === pgid ? [Number(name)] : [];
      } catch {
        return [];
      }
    });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds; false when `timeoutMs` passed first. */
async function within(timeoutMs: number, check: () => boolean): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; !check(); await sleep(100)) if (Date.now() > deadline) return false;
  return true;
}

interface Demo {
  /** npm, the leader of the group a terminal would make for the command. */
  npmPid: number;
  exited: () => boolean;
  output: () => string;
}

/** Starts npm run demo in a process group of its own, as a terminal does; resolves once it prints its address. */
async function startDemo(): Promise<Demo> {
  // The e2e run has packaged the extension (test/e2e/hooks.ts): the demo installs that build.
  const child = spawn('npm', ['run', '--silent', 'demo', '--', '--packaged'], { cwd: PROJECT_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let exited = false;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.once('exit', () => (exited = true));
  const demo = { npmPid: child.pid!, exited: () => exited, output: () => output };
  // Slow when other runs load the machine.
  if (!(await within(240_000, () => exited || /demo: open http/.test(output))) || exited) {
    endGroup(demo.npmPid);
    throw new Error(`the demo did not start:\n${output}`);
  }
  return demo;
}

function endGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

describe('npm run demo stops cleanly (e2e)', function () {
  this.timeout(600_000);

  const stops = [
    ['SIGINT', 'group'],
    ['SIGTERM', 'group'],
    ['SIGTERM', 'npm'],
  ] as const;
  for (const round of [1, 2])
    for (const [signal, target] of stops) {
      it(`${signal} to ${target === 'group' ? 'the whole group' : 'npm alone'}, round ${round}: no pid file stays, nothing lingers`, async () => {
        const before = records();
        const demo = await startDemo();
        const added = records().filter((name) => !before.includes(name));
        try {
          assert.equal(added.length, 1, `one code-server group recorded while the demo runs: ${added.join(', ')}`);
          const serverPid = Number(added[0]);
          assert.ok(processIdentity(serverPid), 'the recorded code-server runs');
          process.kill(target === 'group' ? -demo.npmPid : demo.npmPid, signal);
          assert.ok(await within(60_000, demo.exited), `npm run demo did not exit\n${demo.output()}`);
          // npm can return before the demo's last process is gone: give them a moment.
          const ended = await within(30_000, () => groupMembers(demo.npmPid).length === 0 && groupMembers(serverPid).length === 0);
          assert.ok(ended, `left running: ${groupMembers(demo.npmPid)} ${groupMembers(serverPid)}\n${demo.output()}`);
          assert.deepEqual(records(), before, `no record is left behind\n${demo.output()}`);
        } finally {
          // A failed stop must not leave the demo to the next test.
          endGroup(demo.npmPid);
          for (const pid of added) endGroup(Number(pid));
        }
      });
    }
});
