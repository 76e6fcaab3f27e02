import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { HARNESS_TOKEN_ENV, harnessToken, type HostStart, tokenMatches } from '#src/platform/startup/harnessToken';

const token = 'a1'.repeat(32);

describe('harness token: no test handle outside the test harness', () => {
  it('is absent unless the host environment carries a harness-shaped token', () => {
    for (const testMode of [false, true]) {
      const host = (value: string | undefined): HostStart => {
        const env = { [HARNESS_TOKEN_ENV]: value };
        return { env, startEnv: () => env, testMode };
      };
      assert.equal(harnessToken(host(undefined)), undefined);
      assert.equal(harnessToken(host('')), undefined);
      assert.equal(harnessToken(host('true')), undefined);
      assert.equal(harnessToken(host('a1'.repeat(15))), undefined);
      assert.equal(harnessToken(host('Z'.repeat(64))), undefined);
      assert.equal(harnessToken(host(token)), token);
    }
  });

  it('a production host that did not start with the token has none, whatever its environment holds later', () => {
    const later = {
      [HARNESS_TOKEN_ENV]: token,
      'multiModelAI.testHandle': 'true',
      multiModelAI_testHandle: token,
      MMAI_TEST_HANDLE: token,
    };
    assert.equal(harnessToken({ env: later, startEnv: () => ({}), testMode: false }), undefined);
    assert.equal(harnessToken({ env: later, startEnv: () => ({ ...later, [HARNESS_TOKEN_ENV]: undefined }), testMode: false }), undefined);
    // No /proc (macOS, Windows): an installed build gives no handle.
    assert.equal(harnessToken({ env: later, startEnv: () => undefined, testMode: false }), undefined);
  });

  it('a production host takes the token it started with, not one written into process.env since', () => {
    const host: HostStart = { env: { [HARNESS_TOKEN_ENV]: 'b2'.repeat(32) }, startEnv: () => ({ [HARNESS_TOKEN_ENV]: token }), testMode: false };
    assert.equal(harnessToken(host), token);
    assert.equal(harnessToken({ ...host, env: {} }), token);
  });

  it('ExtensionMode.Test (the folder a test run develops) takes process.env as it is', () => {
    const host: HostStart = { env: { [HARNESS_TOKEN_ENV]: token }, startEnv: () => assert.fail('read the start-up environment'), testMode: true };
    assert.equal(harnessToken(host), token);
    assert.equal(harnessToken({ ...host, env: {} }), undefined);
  });

  it('reads the start-up environment of a real process, which a later write to process.env does not change', function () {
    if (process.platform !== 'linux') this.skip();
    const decide = (startEnv: Record<string, string | undefined>): unknown => {
      const module = path.resolve(__dirname, '../../../../src/platform/startup/harnessToken.ts');
      const script = `
        const m = require(${JSON.stringify(module)});
        process.env[m.HARNESS_TOKEN_ENV] = ${JSON.stringify(token)};
        process.stdout.write(JSON.stringify(m.harnessToken({ env: process.env, startEnv: m.processStartEnv, testMode: false }) ?? null));`;
      const env = { ...process.env, ...startEnv };
      const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { env, encoding: 'utf8' });
      return JSON.parse(out);
    };
    assert.equal(decide({ [HARNESS_TOKEN_ENV]: undefined }), null);
    assert.equal(decide({ [HARNESS_TOKEN_ENV]: token }), token);
  });

  it('matches only the exact token', () => {
    assert.equal(tokenMatches(token, token), true);
    assert.equal(tokenMatches(token.slice(0, -1), token), false);
    assert.equal(tokenMatches(`${token.slice(0, -1)}0`, token), false);
    assert.equal(tokenMatches(`${token}0`, token), false);
    assert.equal(tokenMatches(token.toUpperCase(), token), false);
    assert.equal(tokenMatches(undefined, token), false);
    assert.equal(tokenMatches({ toString: () => token }, token), false);
  });
});
