// The harness's process records (test/host/pidRecord.ts): a pid is trusted only while the
// process still has the start time and command line recorded, so a reused pid is never
// taken for the one that ended.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { isRecordedProcess, processIdentity, sweepStaleRecords, writePidRecord } from '../../host/pidRecord';

describe('process records (test/host/pidRecord.ts)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'pid-records-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('records the start time (field 22 of /proc/PID/stat) and the command line', async () => {
    const child = spawn('sleep', ['30']);
    try {
      assert.ok(writePidRecord(child.pid!, dir));
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      assert.equal(readFileSync(path.join(dir, String(child.pid)), 'utf8'), `${startTime}\nsleep 30\n`);
      assert.equal(isRecordedProcess(child.pid!, dir), true);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('does not take another process with the same pid (other start time or command) for the recorded one', () => {
    const self = processIdentity(process.pid)!;
    const file = path.join(dir, String(process.pid));
    writeFileSync(file, `${Number(self.startTime) - 1}\n${self.commandLine}\n`);
    assert.equal(isRecordedProcess(process.pid, dir), false, 'another start time');
    writeFileSync(file, `${self.startTime}\nsleep 30\n`);
    assert.equal(isRecordedProcess(process.pid, dir), false, 'another command line');
    writeFileSync(file, `${self.startTime}\n${self.commandLine}\n`);
    assert.equal(isRecordedProcess(process.pid, dir), true);
  });

  it('the sweep drops records of ended or reused pids and keeps live ones, ending nothing', async () => {
    const ended = spawn('true');
    await new Promise((resolve) => ended.once('exit', resolve));
    writeFileSync(path.join(dir, String(ended.pid)), '1\ntrue\n');
    const self = processIdentity(process.pid)!;
    writeFileSync(path.join(dir, String(process.pid)), `${self.startTime}\n${self.commandLine}\n`);
    writeFileSync(path.join(dir, '1'), '1\n/sbin/init\n');
    sweepStaleRecords(dir);
    assert.deepEqual(readdirSync(dir), [String(process.pid)]);
  });
});
