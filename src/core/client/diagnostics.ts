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
  clientRequestId: string;
  keyPrefix: string;
  kind?: ErrorKind;
  attempts: number;
}

// Spec, Authentication 8. The rule (README, "Security"): the key's scheme (`sk_`, `sk_test_`,
// `sk-proj-`: the same for every key, so it tells nothing) plus up to 4 characters of the
// secret, and never more than half of the secret. That tells a workspace's keys apart, as the
// cabinet's list does, while a long key shows about a tenth of its secret. Only these known
// schemes count: a secret that starts with lowercase letters and `_` is still secret.
const SCHEME = /^sk(?:_(?:test|live)_|-proj-|[_-])/;
const SECRET_CHARS_SHOWN = 4;

export function maskKey(key: string): string {
  const trimmed = key.trim();
  if (trimmed.length === 0) return '(no key)';
  const scheme = SCHEME.exec(trimmed)?.[0] ?? '';
  const secretLength = trimmed.length - scheme.length;
  return `${trimmed.slice(0, scheme.length + Math.min(SECRET_CHARS_SHOWN, Math.floor(secretLength / 2)))}…`;
}

/** Replaces every occurrence of the key in text the service sent back (it may echo it). */
export function redactKey(text: string, key: string): string {
  const trimmed = key.trim();
  return trimmed.length === 0 ? text : text.split(trimmed).join(maskKey(trimmed));
}

// What an error code or a request id looks like. Anything else the service sent in those
// places (an echoed header, a sentence) is not kept: these fields are shown and logged unmasked.
const TOKEN = /^[A-Za-z0-9_.:-]{1,128}$/;

/** An error code or request id the service sent, if it is a plain token that does not hold the key. */
export function publicToken(value: string | null | undefined, key: string): string | undefined {
  if (value === null || value === undefined || !TOKEN.test(value)) return undefined;
  const trimmed = key.trim();
  return trimmed !== '' && value.includes(trimmed) ? undefined : value;
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
    ['Request id', record.requestId],
    ['Client request id', record.clientRequestId],
    ['Key prefix', record.keyPrefix],
    ['Attempts', record.attempts],
  ];
  return rows
    .filter((row): row is [string, string | number] => row[1] !== undefined && row[1] !== '')
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
}
