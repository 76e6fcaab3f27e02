import * as assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { FIXTURE_KEYS } from '../../emulator';
import { call } from './emulatorCalls';
import { useEmulator } from '../../support/useEmulator';

describe('emulator rate limit', () => {
  describe('with a limit of 2 per minute', () => {
    const { emulator, control } = useEmulator({ rateLimit: { limit: 2, windowMs: 60_000 } });

    it('answers 429 rate_limit_exceeded with Retry-After in seconds once a key passes the limit', async () => {
      assert.equal((await call(emulator.origin, '/v1/models')).status, 200);
      assert.equal((await call(emulator.origin, '/v1/models')).status, 200);
      const limited = await call(emulator.origin, '/v1/models');
      assert.equal(limited.status, 429);
      assert.equal(limited.json.error.code, 'rate_limit_exceeded');
      const retryAfter = Number(limited.headers.get('retry-after'));
      assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    });

    it('counts per key, and reset clears the counters', async () => {
      for (let i = 0; i < 3; i++) await call(emulator.origin, '/v1/models');
      assert.equal((await call(emulator.origin, '/v1/models')).status, 429);
      assert.equal((await call(emulator.origin, '/v1/models', { key: FIXTURE_KEYS.beta })).status, 200);
      await control.reset();
      assert.equal((await call(emulator.origin, '/v1/models')).status, 200);
    });
  });

  describe('with a short window', () => {
    const { emulator } = useEmulator({ rateLimit: { limit: 1, windowMs: 200 } });

    it('lets the key through again once the window has passed', async () => {
      assert.equal((await call(emulator.origin, '/v1/models')).status, 200);
      const limited = await call(emulator.origin, '/v1/models');
      assert.equal(limited.status, 429);
      assert.equal(limited.headers.get('retry-after'), '1', 'rounded up to whole seconds');
      await delay(250);
      assert.equal((await call(emulator.origin, '/v1/models')).status, 200);
    });
  });
});
