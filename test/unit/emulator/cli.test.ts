import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { FIXTURE_KEYS, startEmulator } from '../../emulator';
import { call } from './emulatorCalls';
import { freePort } from '../../host/freePort';

describe('emulator start', () => {
  let child: ChildProcess | undefined;

  afterEach(() => {
    // The npm process leads its own group: end the whole group if a test left it running.
    if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
  });

  it('npm run emulator -- --port N prints exactly one line, serves, and stops on SIGTERM', async () => {
    const port = await freePort();
    child = spawn('npm', ['run', '--silent', 'emulator', '--', '--port', String(port)], {
      cwd: join(__dirname, '../../..'),
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout?.setEncoding('utf8');
    const firstLine = new Promise<void>((resolve) => {
      child?.stdout?.on('data', (text: string) => {
        stdout += text;
        if (stdout.includes('\n')) resolve();
      });
    });
    await firstLine;
    const origin = `http://127.0.0.1:${port}`;
    assert.equal(stdout, `Emulator listening at ${origin}/v1\n`);

    const models = await call(origin, '/v1/models');
    assert.equal(models.status, 200);
    assert.equal(models.json.object, 'list');

    // 'close' waits for every process holding stdout (npm, tsx and the emulator's node), not only npm.
    const closed = once(child, 'close');
    process.kill(-child.pid!, 'SIGTERM');
    await closed;
    assert.equal(stdout, `Emulator listening at ${origin}/v1\n`, 'nothing else is printed');
    await assert.rejects(fetch(`${origin}/v1/models`), 'the port is closed after SIGTERM');
  });

  it('startEmulator in-process: port 0 picks a free port, close() ends keep-alive connections too', async () => {
    const first = await startEmulator({ port: 0 });
    const second = await startEmulator();
    try {
      assert.match(first.baseUrl, /^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      assert.equal(first.baseUrl, `${first.origin}/v1`);
      assert.notEqual(first.origin, second.origin);
      // fetch keeps this connection alive; close() must still return.
      assert.equal((await call(first.origin, '/v1/models', { key: FIXTURE_KEYS.beta })).status, 200);
    } finally {
      await first.close();
      await second.close();
    }
    await assert.rejects(fetch(`${first.origin}/v1/models`));
  });
});
