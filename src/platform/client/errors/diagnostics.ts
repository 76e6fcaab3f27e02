// Spec, Authentication 8: diagnostics hold the public error code, status, endpoint, model,
// time with timezone and the masked key prefix; never the full key or message content.
import type { ErrorKind } from './errorKind';

export interface DiagnosticsRecord {
  /** ISO 8601 local time with its offset, e.g. 2025-01-31T14:05:09.123+03:00. */
  time: string;
  method: string;
  /** Path of the endpoint, e.g. /v1/chat/completions (no host, no query). */
  endpoint: string;
  model?: string;
  status?: number;
  code?: string;
  requestId?: string;
  /** Where the request id was read, e.g. `header request-id`. */
  requestIdSource?: string;
  clientRequestId: string;
  keyPrefix: string;
  /** The key's name (Authentication 3), when it has one. */
  keyName?: string;
  kind?: ErrorKind;
  attempts: number;
  /** The proxy the request went through (host:port and where it was set), or `none`. */
  proxy?: string;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export function localIsoTime(date: Date = new Date()): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** Plain text ready to paste into a support message. */
export function formatDiagnostics(record: DiagnosticsRecord): string {
  const rows: [string, string | number | undefined][] = [
    ['Time', record.time],
    ['Request', `${record.method} ${record.endpoint}`],
    ['Model', record.model],
    ['HTTP status', record.status],
    ['Error code', record.code],
    ['Error kind', record.kind],
    ['Request id', record.requestId && (record.requestIdSource ? `${record.requestId} (${record.requestIdSource})` : record.requestId)],
    ['Client request id', record.clientRequestId],
    ['Key name', record.keyName],
    ['Key prefix', record.keyPrefix],
    ['Attempts', record.attempts],
    ['Proxy', record.proxy],
  ];
  return rows
    .filter((row): row is [string, string | number] => row[1] !== undefined && row[1] !== '')
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
}
