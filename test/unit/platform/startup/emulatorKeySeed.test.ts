import * as assert from 'node:assert/strict';
import { decideKeySeed } from '#src/platform/startup/emulatorKeySeed';

describe('emulator key seed decision', () => {
  it('seeds an emulator fixture key when no key is stored', () => {
    assert.deepEqual(decideKeySeed('sk_test_alpha', false), { seed: true, key: 'sk_test_alpha' });
  });

  it('trims the offered key', () => {
    assert.deepEqual(decideKeySeed('  sk_test_alpha\n', false), { seed: true, key: 'sk_test_alpha' });
  });

  it('does nothing, silently, when nothing is offered', () => {
    assert.deepEqual(decideKeySeed(undefined, false), { seed: false });
    assert.deepEqual(decideKeySeed('   ', false), { seed: false });
  });

  it('never replaces a stored key', () => {
    const decision = decideKeySeed('sk_test_alpha', true);
    assert.equal(decision.seed, false);
    assert.match(decision.seed ? '' : (decision.reason ?? ''), /already stored/);
  });

  it('refuses a key that is not an emulator fixture key, without echoing it', () => {
    const decision = decideKeySeed('sk_live_0123456789abcdef', false);
    assert.equal(decision.seed, false);
    const reason = decision.seed ? '' : (decision.reason ?? '');
    assert.match(reason, /only emulator fixture keys/);
    assert.ok(!reason.includes('sk_live_0123'), reason);
  });
});
