import * as assert from 'node:assert/strict';
import { decodeToUsageHost, decodeToUsagePage, encodeToUsagePage } from '#src/usage/common/usageProtocol';
import { usageReport } from '#src/usage/common/usageTotals';
import { entry } from './fixtures/usageEntries';

const report = () => usageReport([entry('2026-11-20T09:00:00Z')], 0, { now: Date.parse('2026-11-20T12:00:00Z'), timeZone: 'Europe/Moscow' });

describe('the usage page protocol', () => {
  it('passes a range of days, the first not after the last, and the page saying it is ready', () => {
    for (const message of [
      { type: 'ready' },
      { type: 'usage/range', from: '2026-11-01', to: '2026-11-20' },
      { type: 'usage/export', from: '2026-11-20', to: '2026-11-20' },
    ]) {
      assert.deepEqual(decodeToUsageHost(message), { ok: true, message });
    }
  });

  it('drops a range that is not two days in order, and a message of a type it does not know', () => {
    const refused = [
      { type: 'usage/range', from: '2026-11-20', to: '2026-11-01' },
      { type: 'usage/range', from: '2026-02-30', to: '2026-03-01' },
      { type: 'usage/export', from: '2026-11-01' },
      { type: 'usage/export', from: 20261101, to: '2026-11-20' },
      { type: 'usage/delete' },
      'ready',
    ].map((message) => decodeToUsageHost(message));
    assert.deepEqual(
      refused.map((decoded) => (decoded.ok ? 'passed' : decoded.reason.split(':')[0])),
      ['malformed usage/range', 'malformed usage/range', 'malformed usage/export', 'malformed usage/export', 'unknown type "usage/delete"', 'not an object'],
    );
  });

  it('hands the page the report and its language, and refuses to post a report that is not one', () => {
    const init = { type: 'usage/init' as const, language: 'ru', l10n: { Show: 'Показать' }, report: report() };
    const encoded = encodeToUsagePage(init);
    assert.deepEqual(encoded, init);
    assert.deepEqual(decodeToUsagePage(JSON.parse(JSON.stringify(encoded))), { ok: true, message: init });
    const broken = { ...report(), days: 'none' } as unknown as ReturnType<typeof report>;
    assert.throws(
      () => encodeToUsagePage({ type: 'usage/report', report: broken }),
      /^Error: Refusing to post an invalid message to the usage page: malformed usage\/report/,
    );
    assert.equal(decodeToUsagePage({ type: 'usage/init', l10n: {}, report: report() }).ok, false);
  });
});
