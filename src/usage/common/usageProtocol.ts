// Every message between the usage page (src/usage/page) and the extension host
// (src/usage/vscode): one table per direction, as the chat page's (platform/protocol/messageTable.ts).
// Both sides validate what they receive; anything unknown or malformed is dropped and logged.
import * as z from 'zod/mini';
import { buildOnce } from '../../platform/startup/buildOnce';
import { decodeMessage, encodeMessage, type Decoded, type MessageIn, type MessageOf } from '../../platform/protocol/messageTable';
import { isDay } from '../../platform/usage/usageDays';
import { UsageReportSchema } from './usageReport';

/** A message's payload: an object of these fields. */
const payload = <S extends z.core.$ZodLooseShape>(shape: () => S) => buildOnce(() => z.object(shape()));

/** A range of days, both included ("YYYY-MM-DD"), the first not after the last. */
const range = payload(() => ({ from: z.string().check(z.refine(isDay)), to: z.string().check(z.refine(isDay)) }));
const inOrder = buildOnce(() => range().check(z.refine(({ from, to }) => from <= to, 'the first day is after the last')));

/** Host -> page. */
export const ToUsagePageSchemas = {
  /** The page's first message: the report, and the language to speak (VS Code's, with the bundle it loaded). */
  'usage/init': payload(() => ({
    language: z.string().check(z.minLength(1), z.maxLength(35)),
    l10n: z.record(z.string(), z.string()),
    report: UsageReportSchema(),
  })),
  /** The report for the range the page asked for. */
  'usage/report': payload(() => ({ report: UsageReportSchema() })),
} as const;

/** Page -> host. */
export const ToUsageHostSchemas = {
  ready: payload(() => ({})),
  /** The totals of these days. */
  'usage/range': inOrder,
  /** These days' entries, saved as CSV where the person chooses. */
  'usage/export': inOrder,
} as const;

export type UsageToPage = MessageOf<typeof ToUsagePageSchemas>;
export type UsageToPageInput = MessageIn<typeof ToUsagePageSchemas>;
export type UsageToHost = MessageOf<typeof ToUsageHostSchemas>;

export function decodeToUsageHost(raw: unknown): Decoded<UsageToHost> {
  return decodeMessage(ToUsageHostSchemas, raw);
}

/** Checks an outgoing message. */
export function encodeToUsagePage(message: UsageToPageInput): UsageToPage {
  return encodeMessage(ToUsagePageSchemas, message, 'the usage page');
}

export function decodeToUsagePage(raw: unknown): Decoded<UsageToPage> {
  return decodeMessage(ToUsagePageSchemas, raw);
}
