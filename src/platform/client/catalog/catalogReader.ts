// The model list (`GET /v1/models`) read by hand, field by field, without a schema library. A
// catalog is the largest payload the client reads whole (371 entries in OpenRouter's shape), and
// read through zod it cost a fresh process 25 to 30 ms of CPU on the first read, before the code
// was optimised: a plain loop costs a few. The rules are those a schema would state: a field the
// service adds later is never a reason to fail and is kept; a field the client needs with a shape
// it cannot read makes that one entry unusable, naming the field; an entry without an id is left
// out and counted; the list itself must be an object with a `data` array.
import * as l10n from '@vscode/l10n';
import { namesImageEndpoint } from './endpointTypes';

/**
 * One catalog entry as read: the spec's fields, the usual names for the rest, and every other
 * field the service sent, kept as it came (prices, limits, reasons). `unreadable`: why the entry
 * cannot be used, when a field the client needs has a shape it cannot read.
 */
export interface ModelEntry {
  [field: string]: unknown;
  id: string;
  /** Gateways that list only what the key may use (New API, OpenRouter) do not say: listed is available. */
  available: boolean;
  architecture: { [field: string]: unknown; output_modalities: string[]; input_modalities?: string[] | undefined };
  /** The display name, shown beside the id where the catalog gives one. */
  name?: string | undefined;
  supported_parameters: string[];
  supported_endpoint_types: string[];
  /** Tokens the model reads, when the catalog says (the spec names no field: the usual name). */
  context_length?: number | undefined;
  readonly unreadable?: string;
  /** Not listed by the service: an id the person typed (typedModels.ts), of which nothing is known. */
  readonly typed?: true;
}

/** The list as read; `dropped`: entries left out for having no id, to be logged. */
export interface ModelList {
  [field: string]: unknown;
  object?: string | undefined;
  data: ModelEntry[];
  dropped?: number;
  /** The address serves chat but no model list: the answer `GET …/models` got (typedModels.ts). */
  unlisted?: NoModelList;
}

/** A model list that is not there: its endpoint as diagnostics name it (`/v1/models`) and the status it answered. */
export interface NoModelList {
  endpoint: string;
  status: number;
}

/** The kind of value a field must hold, as the person is told it. */
type Expected = 'array' | 'string' | 'boolean' | 'object';

/** A field the client cannot read: its path and what it must be. */
class Unreadable {
  constructor(
    readonly field: string,
    readonly expected: Expected,
  ) {}
}

export type ReadResult<T> = { success: true; data: T } | { success: false; error: Error };

/** What reads a payload: the same surface as a zod schema's, so a caller need not know which. */
export interface PayloadReader<T> {
  parse(input: unknown): T;
  safeParse(input: unknown): ReadResult<T>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list of strings, `fallback` when absent. */
function stringList(value: unknown, field: string, fallback: string[]): string[] {
  if (value === undefined) return fallback;
  if (!Array.isArray(value)) throw new Unreadable(field, 'array');
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') throw new Unreadable(`${field}.${i}`, 'string');
  return value as string[];
}

/** An optional field read as its type when it has it, else as absent (never a reason to refuse the entry). */
function optional<T>(entry: Record<string, unknown>, source: Record<string, unknown>, key: string, accept: (value: unknown) => value is T): void {
  if (!(key in source)) return;
  const value = source[key];
  entry[key] = accept(value) ? value : undefined;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const isPositiveInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/**
 * One entry, with `architecture` defaulted (an entry read on its own) or as given. `owned`: the
 * object is the reader's own (just parsed from the wire), completed where it is rather than
 * copied: a first read's garbage collection cost more than its reading.
 */
function readEntry(raw: Record<string, unknown>, owned = false): ModelEntry {
  const entry: Record<string, unknown> = owned ? raw : { ...raw };
  const available = raw.available;
  if (available === undefined) entry.available = true;
  else if (typeof available !== 'boolean') throw new Unreadable('available', 'boolean');
  const architecture = raw.architecture;
  if (architecture === undefined) entry.architecture = { output_modalities: [] };
  else {
    if (!isRecord(architecture)) throw new Unreadable('architecture', 'object');
    const read: Record<string, unknown> = owned ? architecture : { ...architecture };
    read.output_modalities = stringList(architecture.output_modalities, 'architecture.output_modalities', []);
    optional(read, architecture, 'input_modalities', isStringList);
    entry.architecture = read;
  }
  optional(entry, raw, 'name', isString);
  entry.supported_parameters = stringList(raw.supported_parameters, 'supported_parameters', []);
  entry.supported_endpoint_types = stringList(raw.supported_endpoint_types, 'supported_endpoint_types', []);
  optional(entry, raw, 'context_length', isPositiveInteger);
  return entry as ModelEntry;
}

/** "a list", "a string": what a field of the expected type is, for the person. */
function expectedText(expected: Expected): string {
  switch (expected) {
    case 'array':
      return l10n.t('a list');
    case 'string':
      return l10n.t('a string');
    case 'boolean':
      return l10n.t('yes or no');
    case 'object':
      return l10n.t('an object');
  }
}

/** Why an entry cannot be read, naming the field, e.g. "supported_parameters is not a list". */
function unreadableReason({ field, expected }: Unreadable): string {
  return l10n.t('Its catalog entry cannot be read ({0} is not {1}): the service must correct it.', field, expectedText(expected));
}

/**
 * An entry without `architecture` (New API's raw lists have none) writes text unless its
 * endpoint types name an image interface: which text interface, if any, is chooseTransport's.
 */
function withArchitecture(raw: Record<string, unknown>, owned: boolean): Record<string, unknown> {
  if (raw.architecture !== undefined) return raw;
  const types = Array.isArray(raw.supported_endpoint_types) ? raw.supported_endpoint_types.filter((t): t is string => typeof t === 'string') : [];
  const architecture = { output_modalities: namesImageEndpoint(types) ? ['image'] : ['text'] };
  if (!owned) return { ...raw, architecture };
  raw.architecture = architecture;
  return raw;
}

/** The list, each entry read on its own so one bad entry never refuses the others; undefined when the list itself has another shape. */
function readList(input: unknown, owned: boolean): ModelList | undefined {
  if (!isRecord(input) || !Array.isArray(input.data) || (input.object !== undefined && typeof input.object !== 'string')) return undefined;
  const data: ModelEntry[] = [];
  let dropped = 0;
  for (const item of input.data as unknown[]) {
    const id = isRecord(item) ? item.id : undefined;
    if (typeof id !== 'string' || id === '') {
      dropped++;
      continue;
    }
    const raw = item as Record<string, unknown>;
    try {
      data.push(readEntry(withArchitecture(raw, owned), owned));
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      const name = raw.name;
      data.push({
        id,
        ...(typeof name === 'string' && { name }),
        available: true,
        architecture: { output_modalities: ['text'] },
        supported_parameters: [],
        supported_endpoint_types: [],
        unreadable: unreadableReason(error),
      });
    }
  }
  return { ...input, data, ...(dropped > 0 && { dropped }) } as ModelList;
}

/** A reader of the surface of a schema, from a function that gives the value or undefined (with why). */
function reader<T>(read: (input: unknown) => T | undefined, what: string): PayloadReader<T> {
  const safeParse = (input: unknown): ReadResult<T> => {
    try {
      const data = read(input);
      return data === undefined ? { success: false, error: new Error(`${what} has another shape`) } : { success: true, data };
    } catch (error) {
      if (error instanceof Unreadable) return { success: false, error: new Error(`${what}: ${error.field} is not ${error.expected}`) };
      throw error;
    }
  };
  return {
    safeParse,
    parse(input) {
      const result = safeParse(input);
      if (!result.success) throw result.error;
      return result.data;
    },
  };
}

/** The model list of `GET /v1/models`, its input left as it was. */
export const modelListReader: PayloadReader<ModelList> = reader((input) => readList(input, false), 'the model list');

/** The same, for a body this process just parsed and nothing else holds: its entries are completed in place. */
export const ownedModelListReader: PayloadReader<ModelList> = reader((input) => readList(input, true), 'the model list');

/** One entry read on its own (not through a list): an entry without an id, or with a field it cannot read, is refused. */
export const modelEntryReader: PayloadReader<ModelEntry> = reader(
  (input) => (isRecord(input) && typeof input.id === 'string' && input.id !== '' ? readEntry(input) : undefined),
  'the model entry',
);
