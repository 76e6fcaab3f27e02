import * as assert from 'node:assert/strict';
import { formatDiagnostics, localIsoTime } from '#src/platform/client/errors/diagnostics';

describe('core diagnostics', () => {
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
    for (const part of [
      '2025-01-31T13:00:00.000+03:00',
      'POST /v1/chat/completions',
      'acme/chat-large',
      '401',
      'invalid_api_key',
      'req_ab12',
      'sk_test_al…',
      'Attempts: 1',
    ]) {
      assert.ok(text.includes(part), part);
    }
    const sparse = formatDiagnostics({ time: 't', method: 'GET', endpoint: '/v1/models', clientRequestId: 'c', keyPrefix: 'k', attempts: 0 });
    assert.equal(sparse.includes('HTTP status'), false);
  });
});
