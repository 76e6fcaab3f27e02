// The record as CSV for an accountant (RFC 4180: commas, CRLF, quotes doubled), one row an entry
// of the chosen days. Numbers are plain (a dot for decimals) so any spreadsheet reads them; a
// cell that a spreadsheet would run as a formula (=, +, -, @) starts with a quote mark instead.
import type { UsageEntry } from '../../platform/usage/usageEntry';
import { DayKeys } from '../../platform/usage/usageDays';

const HEADER = [
  'time',
  'day',
  'model',
  'interface',
  'key_id',
  'key_name',
  'project',
  'source',
  'tokens_in',
  'tokens_out',
  'tokens_cached',
  'images',
  'cost_rub',
  'saved_rub',
];

function cell(value: string | number | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The entries whose local day (in `timeZone`) is from `from` to `to`, as CSV with a header. */
export function usageCsv(entries: readonly UsageEntry[], range: { from: string; to: string }, timeZone: string): string {
  const days = new DayKeys(timeZone);
  const rows = [HEADER.join(',')];
  for (const e of entries) {
    const day = days.of(Date.parse(e.time));
    if (day < range.from || day > range.to) continue;
    rows.push(
      [
        e.time,
        day,
        e.model,
        e.interface,
        e.key.id,
        e.key.name,
        e.project,
        e.source,
        e.tokens?.in,
        e.tokens?.out,
        e.tokens?.cached,
        e.images,
        e.costRub,
        e.savedRub,
      ]
        .map(cell)
        .join(','),
    );
  }
  return rows.join('\r\n') + '\r\n';
}
