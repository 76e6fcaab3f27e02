// The record of a live process group under PID_DIR, for .ci/run's cleanup trap and the next
// run's sweep. A pid alone is not an identity: once the process ends, the kernel can give the
// number to an unrelated process. So a record holds what the kernel says of the process: its
// start time (field 22 of /proc/<pid>/stat, clock ticks since boot) and its command line;
// a process is the recorded one only when both still match.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { PID_DIR } from './paths';

export interface ProcessIdentity {
  startTime: string;
  commandLine: string;
}

/** What /proc says of `pid` now, or undefined when it is gone. */
export function processIdentity(pid: number): ProcessIdentity | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2, the command name in parentheses, may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTime = fields[22 - 3];
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return startTime ? { startTime, commandLine } : undefined;
  } catch {
    return undefined;
  }
}

/** The parent of `pid` (field 4 of /proc/<pid>/stat), or undefined when it is gone. */
export function parentPid(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[4 - 3]);
  } catch {
    return undefined;
  }
}

const recordFile = (pid: number, dir: string): string => path.join(dir, String(pid));

/** Line 1: the start time; the rest: the command line. */
function parseRecord(text: string): ProcessIdentity | undefined {
  const end = text.indexOf('\n');
  return end > 0 ? { startTime: text.slice(0, end), commandLine: text.slice(end + 1).replace(/\n$/, '') } : undefined;
}

/** Whether `pid` still is the process its record describes. */
export function isRecordedProcess(pid: number, dir = PID_DIR): boolean {
  let recorded: ProcessIdentity | undefined;
  try {
    recorded = parseRecord(readFileSync(recordFile(pid, dir), 'utf8'));
  } catch {
    return false;
  }
  const now = processIdentity(pid);
  return recorded !== undefined && now !== undefined && now.startTime === recorded.startTime && now.commandLine === recorded.commandLine;
}

/** Records `pid` (spawn has returned, so the command has been exec'd). False when it is gone already. */
export function writePidRecord(pid: number, dir = PID_DIR): boolean {
  const identity = processIdentity(pid);
  if (!identity) return false;
  mkdirSync(dir, { recursive: true });
  writeFileSync(recordFile(pid, dir), `${identity.startTime}\n${identity.commandLine}\n`);
  return true;
}

export function removePidRecord(pid: number, dir = PID_DIR): void {
  rmSync(recordFile(pid, dir), { force: true });
}

/** Removes records whose process has ended or whose pid now belongs to another process; ends nothing. */
export function sweepStaleRecords(dir = PID_DIR): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(name);
    if (Number.isInteger(pid) && pid > 0 && !isRecordedProcess(pid, dir)) removePidRecord(pid, dir);
  }
}
