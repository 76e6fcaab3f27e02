import * as assert from 'node:assert/strict';
import { connectionReport } from '#src/platform/services/connectionReport';

describe('connectionReport', () => {
  it('names the address, the masked prefix and the usable count', () => {
    assert.equal(
      connectionReport({ baseUrl: 'http://127.0.0.1:1/v1', keyLabel: 'sk_test_al…', usable: 2, total: 5 }),
      'Connected to http://127.0.0.1:1/v1 with key sk_test_al…: 2 usable text models (of 5 in the catalog).',
    );
  });

  it('says what to do when no model is usable', () => {
    assert.match(connectionReport({ baseUrl: 'http://h/v1', keyLabel: 'sk_x…', usable: 0, total: 3 }), /0 usable text models .* Ask your workspace admin/);
  });

  it('Versioning 3: names the legacy address as such', () => {
    assert.equal(
      connectionReport({ baseUrl: 'https://h/legacy/v1', keyLabel: 'sk_x…', usable: 1, total: 1, legacy: true }),
      'Connected to the legacy address https://h/legacy/v1 with key sk_x…: 1 usable text model (of 1 in the catalog).',
    );
  });

  it('names the proxy the catalog was read through', () => {
    assert.equal(
      connectionReport({ baseUrl: 'https://h/v1', keyLabel: 'work · sk_x…', usable: 1, total: 1, proxy: 'proxy.corp:3128 (http.proxy)' }),
      'Connected to https://h/v1 with key work · sk_x…: 1 usable text model (of 1 in the catalog). Through the proxy proxy.corp:3128 (http.proxy).',
    );
  });
});
