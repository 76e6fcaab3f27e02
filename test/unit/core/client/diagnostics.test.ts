import * as assert from 'node:assert/strict';
import { formatDiagnostics, localIsoTime, maskKey, redactKey } from '../../../../src/core/client/diagnostics';

describe('core diagnostics', () => {
  it('Authentication rule 8: maskKey shows the scheme and at most 4 characters of the secret, never more than half of it', () => {
    const cases: [string, string][] = [
      ['sk_test_alpha', 'sk_test_al…'],
      ['sk_test_beta', 'sk_test_be…'],
      ['sk_test_revoked', 'sk_test_rev…'],
      ['sk_live_0123456789abcdef0123456789', 'sk_live_0123…'],
      ['sk_live_9a8b7c6d5e4f3a2b1c0d9e8f7a', 'sk_live_9a8b…'],
      ['sk_9f8e7d6c5b4a39281706', 'sk_9f8e…'],
      ['sk-proj-Ab12Cd34Ef56Gh78', 'sk-proj-Ab12…'],
      // Lowercase letters and `_` at the start of the secret are the secret's, not the scheme's.
      ['sk_abcdefgh_Q9xZ7LmN2pR4tV6wY8', 'sk_abcd…'],
      ['sk_test_abcdefgh_Q9xZ7LmN', 'sk_test_abcd…'],
      ['key_abcdefgh_Q9xZ7LmN', 'key_…'],
      ['0123456789abcdef', '0123…'],
      ['sk_ab', 'sk_a…'],
      ['sk_a', 'sk_…'],
      ['  sk_test_alpha\n', 'sk_test_al…'],
      ['', '(no key)'],
    ];
    assert.deepEqual(
      cases.map(([key]) => [key, maskKey(key)]),
      cases,
    );
  });

  it('redactKey replaces every occurrence of the key with its mask', () => {
    assert.equal(redactKey('bad key sk_test_alpha (sk_test_alpha)', 'sk_test_alpha'), 'bad key sk_test_al… (sk_test_al…)');
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
      keyPrefix: 'sk_test_al…',
      kind: 'auth',
      attempts: 1,
    });
    for (const part of ['2025-01-31T13:00:00.000+03:00', 'POST /v1/chat/completions', 'acme/chat-large', '401', 'invalid_api_key', 'req_ab12', 'sk_test_al…', 'Attempts: 1']) {
      assert.ok(text.includes(part), part);
    }
    const sparse = formatDiagnostics({ time: 't', method: 'GET', endpoint: '/v1/models', clientRequestId: 'c', keyPrefix: 'k', attempts: 0 });
    assert.equal(sparse.includes('HTTP status'), false);
  });
});
