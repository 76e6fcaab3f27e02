// One line of the usage record: an answer or an image request that reached a model, what it
// used and what it cost. The key is named by its id and name only, never its secret. Entries
// are read by the fields they have: version 1 entries (time, model, source, tokens and cost)
// lack the interface, the key, the project and the cached tokens, and are still counted; an entry
// without `savedRub` saved nothing by caching.
import * as z from 'zod/mini';
import { fastObject } from '../client/transports/fastObject';
import type { Usage } from '../client/catalog/schemas';
import { cacheTokens } from '../client/catalog/pricing';

export const USAGE_VERSION = 2;

/** Where an entry came from. */
export const USAGE_SOURCES = ['chat', 'refactor', 'fix', 'commitMessage', 'vscodeChat', 'images'] as const;
export type UsageSource = (typeof USAGE_SOURCES)[number];

/** The key an answer went out with: its id (the masked prefix until keys have their own ids) and name. */
export interface UsageKey {
  id: string;
  name: string;
}

export interface UsageTokens {
  in: number;
  out: number;
  cached: number;
}

export interface UsageEntry {
  v: number;
  /** ISO 8601, UTC. */
  time: string;
  model: string;
  /** The interface the model was reached through (chat-completions, responses, messages, images). */
  interface: string;
  key: UsageKey;
  /** The workspace's name; empty without one. */
  project: string;
  source: UsageSource;
  /** Absent when the answer reported no usage (stopped or cut before the service counted it). */
  tokens?: UsageTokens;
  /** Images made (an image request reports no tokens). */
  images?: number;
  /** At the catalog's prices, in RUB; absent when the catalog prices nothing (never a guess). */
  costRub?: number;
  /** What input read from the cache (or written to it) saved against the full input price, in RUB; negative when writing cost more. */
  savedRub?: number;
}

const count = z.number().check(z.nonnegative());
const text = z.string();

const entrySchema = fastObject({
  v: z.optional(z.number()),
  time: text,
  model: text,
  interface: z.optional(text),
  key: z.optional(fastObject({ id: text, name: text })),
  project: z.optional(text),
  source: z.enum(USAGE_SOURCES),
  tokens: z.optional(fastObject({ in: count, out: count, cached: z.optional(count) })),
  images: z.optional(count),
  costRub: z.optional(count),
  savedRub: z.optional(z.number()),
});

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T/;
const UNKNOWN_KEY: UsageKey = { id: '', name: '' };

/** The entry a line holds, or undefined when the line is not one (corrupt, cut, or not JSON). */
export function parseUsageLine(line: string): UsageEntry | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const read = entrySchema.safeParse(value);
  // Date.parse rather than zod's ISO pattern: as strict for what is written here, and several times as fast over a year of entries.
  if (!read.success || !ISO_TIME.test(read.data.time) || Number.isNaN(Date.parse(read.data.time))) return undefined;
  const d = read.data;
  // Built field by field: a year of entries is read at once, and a spread copies each twice.
  const entry: UsageEntry = {
    v: d.v ?? 1,
    time: d.time,
    model: d.model,
    interface: d.interface ?? '',
    key: d.key ?? UNKNOWN_KEY,
    project: d.project ?? '',
    source: d.source,
  };
  if (d.tokens) entry.tokens = { in: d.tokens.in, out: d.tokens.out, cached: d.tokens.cached ?? 0 };
  if (d.images !== undefined) entry.images = d.images;
  if (d.costRub !== undefined) entry.costRub = d.costRub;
  if (d.savedRub !== undefined) entry.savedRub = d.savedRub;
  return entry;
}

/**
 * An answer's usage as the record counts it: every input token, and of them those read from the
 * cache, as each transport reads its interface's own fields into the usage (schemas.ts, usageShape).
 */
export function usageTokens(usage: Usage): UsageTokens {
  return { in: usage.prompt_tokens, out: usage.completion_tokens, cached: cacheTokens(usage).read };
}

/** The line an entry is written as, with its newline. */
export function usageLine(entry: Omit<UsageEntry, 'v'>): string {
  return `${JSON.stringify({ v: USAGE_VERSION, ...entry })}\n`;
}
