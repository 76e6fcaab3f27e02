// zod schemas for every payload that crosses the wire. A field the service adds later is
// never a reason to fail. Objects kept whole are loose, so such fields (prices, limits,
// reasons) survive; the transports' replies, read field by field, strip them instead
// (z.object), which skips copying every other field of every streamed event.
// Each is built on first use (buildOnce.ts says why). zod/mini, not classic zod: classic
// was 97 KB of the bundle and 10 ms of every activation to initialise; mini's objects parse
// without classic's compiled fast path, which a stream's decoding pays (decodeRatio).
import * as l10n from '@vscode/l10n';
import * as z from 'zod/mini';
import { buildOnce } from '../buildOnce';
import { namesImageEndpoint } from './endpointTypes';

const stringList = buildOnce(() => z._default(z.array(z.string()), []));

export const ModelEntrySchema = buildOnce(() =>
  z.looseObject({
    id: z.string().check(z.minLength(1)),
    /** Gateways that list only what the key may use (New API, OpenRouter) do not say: listed is available. */
    available: z._default(z.boolean(), true),
    architecture: z._default(z.looseObject({ output_modalities: stringList(), input_modalities: z.catch(z.optional(z.array(z.string())), undefined) }), {
      output_modalities: [],
    }),
    /** The display name, shown beside the id where the catalog gives one. */
    name: z.catch(z.optional(z.string()), undefined),
    supported_parameters: stringList(),
    supported_endpoint_types: stringList(),
    /** Tokens the model reads, when the catalog says (the spec names no field: the usual name). */
    context_length: z.catch(z.optional(z.int().check(z.gt(0))), undefined),
  }),
);
/** `unreadable`: why the entry cannot be used, when a field the client needs has a shape it cannot read. */
export type ModelEntry = z.infer<ReturnType<typeof ModelEntrySchema>> & { readonly unreadable?: string };

/** The list as sent; each entry is read on its own (readEntries), so one bad entry never refuses the others. */
const RawModelListSchema = buildOnce(() => z.looseObject({ object: z.optional(z.string()), data: z.array(z.unknown()) }));

/** `dropped`: entries left out for having no id, to be logged. */
export type ModelList = Omit<z.infer<ReturnType<typeof RawModelListSchema>>, 'data'> & { data: ModelEntry[]; dropped?: number };

export const ModelListSchema = buildOnce(() =>
  z.pipe(
    RawModelListSchema(),
    z.transform((raw): ModelList => readEntries(raw)),
  ),
);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** "a list", "a string": what a field of the expected type is, for the person. */
function expectedText(expected: string): string {
  switch (expected) {
    case 'array':
      return l10n.t('a list');
    case 'string':
      return l10n.t('a string');
    case 'boolean':
      return l10n.t('yes or no');
    case 'object':
      return l10n.t('an object');
    case 'number':
      return l10n.t('a number');
    case 'int':
      return l10n.t('a whole number');
    default:
      return expected;
  }
}

/** Why an entry cannot be read, naming the field, e.g. "supported_parameters is not a list". */
function unreadableReason(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  const field = issue?.path.join('.');
  if (issue?.code === 'invalid_type') {
    return field
      ? l10n.t('Its catalog entry cannot be read ({0} is not {1}): the service must correct it.', field, expectedText(issue.expected))
      : l10n.t('Its catalog entry cannot be read (the entry is not {0}): the service must correct it.', expectedText(issue.expected));
  }
  return field
    ? l10n.t('Its catalog entry cannot be read ({0} has a value the client cannot read): the service must correct it.', field)
    : l10n.t('Its catalog entry cannot be read (the entry has a value the client cannot read): the service must correct it.');
}

/**
 * An entry without `architecture` (New API's raw lists have none) writes text unless its
 * endpoint types name an image interface: which text interface, if any, is chooseTransport's.
 */
function withArchitecture(raw: Record<string, unknown>): Record<string, unknown> {
  if (raw.architecture !== undefined) return raw;
  const types = Array.isArray(raw.supported_endpoint_types) ? raw.supported_endpoint_types.filter((t): t is string => typeof t === 'string') : [];
  return { ...raw, architecture: { output_modalities: namesImageEndpoint(types) ? ['image'] : ['text'] } };
}

function readEntries(raw: z.infer<ReturnType<typeof RawModelListSchema>>): ModelList {
  const data: ModelEntry[] = [];
  let dropped = 0;
  for (const item of raw.data) {
    const id = isRecord(item) ? item.id : undefined;
    if (typeof id !== 'string' || id === '') {
      dropped++;
      continue;
    }
    const parsed = ModelEntrySchema().safeParse(withArchitecture(item as Record<string, unknown>));
    if (parsed.success) data.push(parsed.data);
    else {
      const name = (item as { name?: unknown }).name;
      data.push({
        id,
        ...(typeof name === 'string' && { name }),
        available: true,
        architecture: { output_modalities: ['text'] },
        supported_parameters: [],
        supported_endpoint_types: [],
        unreadable: unreadableReason(parsed.error),
      });
    }
  }
  return { ...raw, data, ...(dropped > 0 && { dropped }) };
}

/** The usage fields, for UsageSchema and for the counts a conversation keeps (TurnUsageSchema). */
export const usageShape = () => ({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
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
