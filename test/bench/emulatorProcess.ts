// The service emulator in its own process (npm run emulator's entry, through tsx), so
// the server's CPU time is never charged to the client being measured.
import * as path from 'node:path';
import { PROJECT_ROOT } from '../host/paths';
import { spawnGroup, type GroupProcess } from '../host/processGroup';

export interface EmulatorProcess {
  baseUrl: string;
  origin: string;
  stop(): Promise<void>;
}

const READY = /Emulator listening at (http:\/\/\S+\/v1)/;

export async function startEmulatorProcess(): Promise<EmulatorProcess> {
  // Benchmarks send hundreds of requests with one key: lift the rate limit out of the way.
  const group: GroupProcess = spawnGroup(
    process.execPath,
    ['--import', 'tsx', path.join(PROJECT_ROOT, 'test/emulator/cli.ts'), '--port', '0', '--rate-limit', '1000000'],
    { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error('the emulator process did not start within 30 s')), 30_000);
    group.child.stdout!.setEncoding('utf8');
    group.child.stdout!.on('data', (text: string) => {
      seen += text;
      const match = READY.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void group.exited.then((code) => reject(new Error(`the emulator process exited (code ${code}) before it was ready`)));
  });
  return { baseUrl, origin: new URL(baseUrl).origin, stop: group.stop };
}
