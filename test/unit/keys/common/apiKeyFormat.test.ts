import * as assert from 'node:assert/strict';
import { checkApiKeyInput } from '#src/keys/common/apiKeyFormat';

describe('checkApiKeyInput', () => {
  it('trims the pasted value', () => {
    assert.deepEqual(checkApiKeyInput('  sk_test_alpha\n'), { ok: true, key: 'sk_test_alpha' });
  });

  it('accepts a key without sk_ but warns, without repeating the key', () => {
    const check = checkApiKeyInput('abc123secret');
    assert.ok(check.ok);
    assert.equal(check.key, 'abc123secret');
    assert.match(check.warning ?? '', /start with "sk_"/);
    assert.ok(!check.warning?.includes('abc123secret'));
  });

  for (const [name, raw, pattern] of [
    ['an empty value', '   ', /Paste the API key/],
    ['a pasted Authorization header', 'Bearer sk_test_alpha', /without the word "Bearer"/],
    ['a key broken by a space', 'sk_test alpha', /as one piece/],
  ] as const) {
    it(`refuses ${name} with what to do`, () => {
      const check = checkApiKeyInput(raw);
      assert.equal(check.ok, false);
      assert.match(check.ok ? '' : check.message, pattern);
      assert.ok(!(check.ok ? '' : check.message).includes('alpha'));
    });
  }
});
