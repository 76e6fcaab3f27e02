import * as assert from 'node:assert/strict';
import { formatDiagnostics, localIsoTime, maskKey, redactKey } from '../../../../src/core/client/diagnostics';

describe('core diagnostics', () => {
  it('Authentication rule 8: maskKey shows sk_ plus a few characters and an ellipsis, never the key', () => {
    const key = 'sk_live_0123456789abcdef0123456789';
    const masked = maskKey(key);
    assert.match(masked, /^sk_.{1,5}…$/);
    assert.equal(masked.includes(key), false);
    assert.equal(maskKey(`  ${key}\n`), masked);
    assert.equal(maskKey('sk_test_alpha').length < 'sk_test_alpha'.length / 2 + 2, true);
    assert.equal(maskKey(''), '(no key)');
  });

  it('redactKey replaces every occurrence of the key with its mask', () => {
    assert.equal(redactKey('bad key sk_test_alpha (sk_test_alpha)', 'sk_test_alpha'), 'bad key sk_tes… (sk_tes…)');
  });

  it('localIsoTime carries the timezone offset', () => {
    const time = localIsoTime(new Date('2025-01-31T10:00:00Z'));
    assert.match(time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
    assert.equal(new Date(time).toISOString(), '2025-01-31T10:00:00.000Z');
  });

  it('formatDiagnostics lists every known field for a support message and skips the unknown ones', () => {
    const text = formatDiagnostics({
      time: '2025-01-31T13:00:00.000+03:00',
      method: 'POST',
      endpoint: '/v1/chat/completions',
      model: 'acme/chat-large',
      status: 401,
      code: 'invalid_api_key',
      requestId: 'req_ab12',
      clientRequestId: '5f0c…',
      keyPrefix: 'sk_tes…',
      kind: 'auth',
      attempts: 1,
    });
    for (const part of ['2025-01-31T13:00:00.000+03:00', 'POST /v1/chat/completions', 'acme/chat-large', '401', 'invalid_api_key', 'req_ab12', 'sk_tes…', 'Attempts: 1']) {
      assert.ok(text.includes(part), part);
    }
    const sparse = formatDiagnostics({ time: 't', method: 'GET', endpoint: '/v1/models', clientRequestId: 'c', keyPrefix: 'k', attempts: 0 });
    assert.equal(sparse.includes('HTTP status'), false);
  });
});
