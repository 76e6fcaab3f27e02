// Spec, Limits 3 and 4: prices are per model, in RUB, read from the live catalog. The spec
// names no fields; its catalog's field names are OpenRouter's, whose `pricing.prompt` and
// `pricing.completion` are decimal strings per token (`image` per image), so they are read per
// token (docs/SERVICE.md, "Prices"). An entry may say otherwise with `pricing.unit`; a unit not
// known here, another currency, a negative (variable, "-1") or unreadable price: no cost at
// all, never a guessed one.
import { formatRub as formatRubFor } from '../../format/localeFormat';
import type { ModelEntry, Usage } from './schemas';

/** Tokens a text price is for, by the `pricing.unit` values catalogs use; absent means per token. */
const TOKENS_PER_UNIT: Record<string, number> = {
  token: 1,
  per_token: 1,
  '1k_tokens': 1_000,
  per_thousand_tokens: 1_000,
  '1m_tokens': 1_000_000,
  per_million_tokens: 1_000_000,
};

function price(pricing: Record<string, unknown>, name: string): number | undefined {
  const value = Number(pricing[name]);
  return typeof pricing[name] === 'string' || typeof pricing[name] === 'number' ? (Number.isFinite(value) && value >= 0 ? value : undefined) : undefined;
}

/** RUB prices from the catalog entry, when they are in RUB (or say no currency). */
function rubPricing(entry: ModelEntry): Record<string, unknown> | undefined {
  const pricing = (entry as { pricing?: unknown }).pricing;
  if (typeof pricing !== 'object' || pricing === null) return undefined;
  const fields = pricing as Record<string, unknown>;
  return fields.currency === undefined || fields.currency === 'RUB' ? fields : undefined;
}

/** Input tokens read from the cache and written to it, of those `usage` counts; 0 where it says none. */
export function cacheTokens(usage: Pick<Usage, 'prompt_tokens_details'>): { read: number; write: number } {
  const details = usage.prompt_tokens_details;
  return { read: details?.cached_tokens ?? 0, write: details?.cache_write_tokens ?? 0 };
}

/** What `count` images cost on `entry`'s per-image price (`pricing.image`), in RUB; undefined without one. */
export function costOfImages(entry: ModelEntry, count: number): number | undefined {
  const fields = rubPricing(entry);
  const each = fields && price(fields, 'image');
  return each === undefined ? undefined : each * count;
}

/** Tokens per price unit of `fields`, or undefined for a unit not known here. */
function perUnit(fields: Record<string, unknown>): number | undefined {
  return fields.unit === undefined ? 1 : typeof fields.unit === 'string' ? TOKENS_PER_UNIT[fields.unit.trim().toLowerCase()] : undefined;
}

/** RUB per token for input and output, from `entry`'s prices; undefined when the catalog gives no usable text prices. */
export function tokenPrices(entry: ModelEntry): { input: number; output: number } | undefined {
  const fields = rubPricing(entry);
  if (!fields) return undefined;
  const prompt = price(fields, 'prompt');
  const completion = price(fields, 'completion');
  const per = perUnit(fields);
  if (prompt === undefined || completion === undefined || per === undefined) return undefined;
  return { input: prompt / per, output: completion / per };
}

/**
 * RUB per token for input read from the cache (`pricing.input_cache_read`) and written to it
 * (`pricing.input_cache_write`), each where the catalog gives it, in the unit of the text prices.
 */
export function cachePrices(entry: ModelEntry): { read?: number; write?: number } {
  const fields = rubPricing(entry);
  const per = fields && perUnit(fields);
  if (!fields || per === undefined) return {};
  const read = price(fields, 'input_cache_read');
  const write = price(fields, 'input_cache_write');
  return { ...(read !== undefined && { read: read / per }), ...(write !== undefined && { write: write / per }) };
}

/** Whether `entry` caches only where a request marks it: the catalog prices its cache writes. */
export function cachesWhenAsked(entry: ModelEntry): boolean {
  return cachePrices(entry).write !== undefined;
}

/**
 * What `usage` cost on `entry`'s prices, in RUB, and what its cached input saved against the full
 * input price (`savedRub`, negative when writing to the cache cost more than it saved). Input
 * read from the cache is priced at `input_cache_read` and input written to it at
 * `input_cache_write`; without those prices, at the input price. Undefined when the catalog
 * gives no usable prices.
 */
export function pricedUsage(entry: ModelEntry, usage: Usage): { costRub: number; savedRub: number } | undefined {
  const prices = tokenPrices(entry);
  if (!prices) return undefined;
  const cache = cachePrices(entry);
  const tokens = cacheTokens(usage);
  // Counts a server got wrong never make the uncached input negative.
  const read = Math.min(tokens.read, usage.prompt_tokens);
  const write = Math.min(tokens.write, usage.prompt_tokens - read);
  const readPrice = cache.read ?? prices.input;
  const writePrice = cache.write ?? prices.input;
  const costRub = (usage.prompt_tokens - read - write) * prices.input + read * readPrice + write * writePrice + usage.completion_tokens * prices.output;
  const savedRub = read * (prices.input - readPrice) + write * (prices.input - writePrice);
  return { costRub, savedRub };
}

/** What `usage` cost on `entry`'s prices, in RUB; undefined when the catalog gives no usable prices. */
export function costOfUsage(entry: ModelEntry, usage: Usage): number | undefined {
  return pricedUsage(entry, usage)?.costRub;
}

/** "≈ 0.42 ₽" in English, for the chat page until it formats in its own language; the formatter is format/localeFormat's formatRub. */
export function formatRub(amount: number): string {
  return formatRubFor(amount, 'en');
}
