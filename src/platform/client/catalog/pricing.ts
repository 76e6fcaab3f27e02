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

/** What `count` images cost on `entry`'s per-image price (`pricing.image`), in RUB; undefined without one. */
export function costOfImages(entry: ModelEntry, count: number): number | undefined {
  const fields = rubPricing(entry);
  const each = fields && price(fields, 'image');
  return each === undefined ? undefined : each * count;
}

/** RUB per token for input and output, from `entry`'s prices; undefined when the catalog gives no usable text prices. */
export function tokenPrices(entry: ModelEntry): { input: number; output: number } | undefined {
  const fields = rubPricing(entry);
  if (!fields) return undefined;
  const prompt = price(fields, 'prompt');
  const completion = price(fields, 'completion');
  const per = fields.unit === undefined ? 1 : typeof fields.unit === 'string' ? TOKENS_PER_UNIT[fields.unit.trim().toLowerCase()] : undefined;
  if (prompt === undefined || completion === undefined || per === undefined) return undefined;
  return { input: prompt / per, output: completion / per };
}

/** What `usage` cost on `entry`'s prices, in RUB; undefined when the catalog gives no usable prices. */
export function costOfUsage(entry: ModelEntry, usage: Usage): number | undefined {
  const prices = tokenPrices(entry);
  return prices && usage.prompt_tokens * prices.input + usage.completion_tokens * prices.output;
}

/** "≈ 0.42 ₽" in English, for the chat page until it formats in its own language; the formatter is format/localeFormat's formatRub. */
export function formatRub(amount: number): string {
  return formatRubFor(amount, 'en');
}
