// zod schemas for every payload that crosses the wire. A field the service adds later is
// never a reason to fail. Objects kept whole are loose, so such fields (prices, limits,
// reasons) survive; the transports' replies, read field by field, strip them instead
// (z.object), which skips copying every other field of every streamed event.
// Each is built on first use (buildOnce.ts says why). zod/mini, not classic zod: classic
// was 97 KB of the bundle and 10 ms of every activation to initialise; mini's objects parse
// without classic's compiled fast path, which a stream's decoding pays (decodeRatio).
import * as z from 'zod/mini';
import { buildOnce } from '../../startup/buildOnce';
import type { ModelEntry, ModelList, PayloadReader } from './catalogReader';
import { modelEntryReader, modelListReader } from './catalogReader';

// The model list and its entries are read by hand (catalogReader.ts says why); these names keep
// the surface of the schemas beside them.
export type { ModelEntry, ModelList } from './catalogReader';
export const ModelEntrySchema = (): PayloadReader<ModelEntry> => modelEntryReader;
export const ModelListSchema = (): PayloadReader<ModelList> => modelListReader;

/**
 * The usage fields, for UsageSchema and for the counts a conversation keeps (TurnUsageSchema).
 * `prompt_tokens` is every input token, cached ones included; of them, `prompt_tokens_details`
 * names those read from the cache (`cached_tokens`) and those written to it
 * (`cache_write_tokens`), each transport reading its interface's own fields into these. Details
 * that cannot be read are dropped, never the usage.
 */
export const usageShape = () => ({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
  prompt_tokens_details: z.catch(
    z.optional(
      z.object({
        cached_tokens: z.catch(z.optional(z.number().check(z.nonnegative())), undefined),
        cache_write_tokens: z.catch(z.optional(z.number().check(z.nonnegative())), undefined),
      }),
    ),
    undefined,
  ),
});

export const UsageSchema = buildOnce(() => z.looseObject(usageShape()));
export type Usage = z.infer<ReturnType<typeof UsageSchema>>;

/**
 * `{ error: { code, message, request_id } }`: an error response body or a stream's error event;
 * also Anthropic's `{ type: "error", error: { type, message }, request_id }` and OpenRouter's
 * numeric `code` with `metadata`. A field of another type is dropped, never a reason to fail.
 */
export const ErrorBodySchema = buildOnce(() => {
  const text = () => z.catch(z.nullish(z.string()), undefined);
  return z.looseObject({
    error: z.looseObject({
      code: z.catch(z.nullish(z.union([z.string(), z.pipe(z.number(), z.transform(String))])), undefined),
      type: text(),
      message: text(),
      request_id: text(),
      metadata: z.catch(z.optional(z.record(z.string(), z.unknown())), undefined),
    }),
    request_id: text(),
    id: text(),
  });
});
export type ErrorBody = z.infer<ReturnType<typeof ErrorBodySchema>>;
