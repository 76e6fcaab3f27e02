import * as assert from 'node:assert/strict';
import { usageCsv } from '#src/usage/common/usageCsv';
import { entry } from './fixtures/usageEntries';

describe('usage CSV', () => {
  it('one row an entry of the chosen local days (Moscow’s here), with a header', () => {
    const csv = usageCsv(
      [
        entry('2026-10-31T20:30:00Z'),
        entry('2026-10-31T21:30:00Z', { tokens: { in: 100, out: 20, cached: 80 }, savedRub: 0.42 }),
        entry('2026-11-01T10:00:00Z', { tokens: undefined, costRub: undefined, source: 'vscodeChat' }),
        entry('2026-11-02T10:00:00Z'),
      ],
      { from: '2026-11-01', to: '2026-11-01' },
      'Europe/Moscow',
    );
    assert.equal(
      csv,
      'time,day,model,interface,key_id,key_name,project,source,tokens_in,tokens_out,tokens_cached,images,cost_rub,saved_rub\r\n' +
        '2026-10-31T21:30:00Z,2026-11-01,alpha-chat,chat-completions,sk-…a1b2,Default,shop,chat,100,20,80,,1.5,0.42\r\n' +
        '2026-11-01T10:00:00Z,2026-11-01,alpha-chat,chat-completions,sk-…a1b2,Default,shop,vscodeChat,,,,,,\r\n',
    );
  });

  it('quotes commas, quotes and line breaks, and keeps a formula from running', () => {
    const csv = usageCsv(
      [entry('2026-11-01T10:00:00Z', { project: 'a, "b"\nc', key: { id: 'k', name: '=HYPERLINK("x")' } })],
      { from: '2026-11-01', to: '2026-11-01' },
      'UTC',
    );
    assert.equal(csv.split('\r\n')[1], '2026-11-01T10:00:00Z,2026-11-01,alpha-chat,chat-completions,k,"\'=HYPERLINK(""x"")","a, ""b""\nc",chat,100,20,0,,1.5,');
  });
});
