// Fallback when a model is down (multiModelAI.fallback): whether a failed request goes to
// another model, and to which. Spec, Errors 2 and 3: only a request the service refused before
// doing any work moves on, so nothing is made or charged twice and no partial answer is
// replaced: retries spent, no output, and the failure the service's or the model's.
import { ServiceError } from '../client/errors/serviceError';
import type { ErrorKind } from '../client/errors/errorKind';
import type { ModelEntry } from '../client/catalog/schemas';
import { tokenPrices } from '../client/catalog/pricing';
import { servedInterfaces } from '../client/transports/index';
import { answerReserve } from './contextFit';

/** off: the error is shown; a list: those models, in order; similar: the next model like the failed one (similarModel). */
export type FallbackSetting = 'off' | 'similar' | readonly string[];

/** Failures of the service or the model: a 5xx (Anthropic's 529 overloaded among them), the model unavailable or unknown. */
const MODEL_DOWN: ReadonlySet<ErrorKind> = new Set<ErrorKind>(['server', 'model_unavailable']);

/**
 * Whether the request that failed with `error` goes to another model. The client throws only
 * once its retry loop is over, so the retries are spent. `output`: text, reasoning or a tool
 * call had arrived (Errors 3: never replaced). The failure must be an HTTP error answer, a
 * refusal before any work: an error event inside a stream that had begun (status 200) may
 * follow a generation already charged. Never for the balance or a spend limit, the key, a
 * refused or bad request, or a rate limit: another model would fail the same way, or the
 * person has something to fix.
 */
export function fallsBack(error: unknown, output: boolean): error is ServiceError & { status: number } {
  if (output || !(error instanceof ServiceError) || error.status === undefined || error.status < 400) return false;
  return MODEL_DOWN.has(error.kind) && (error.kind === 'model_unavailable' || error.status >= 500);
}

/** What a request asks of the model that answers it. */
export interface RequestNeeds {
  /** Its messages' tokens as the context fit bounds them (the estimate with its margin). */
  tokens: number;
  images: boolean;
  tools: boolean;
  maxTokens?: number;
}

const takesImages = (entry: ModelEntry): boolean => (entry.architecture.input_modalities ?? []).includes('image');

/** Whether `entry` takes the request's images and tools, and with `whole` its messages with room for the answer. */
export function servesNeeds(entry: ModelEntry, needs: RequestNeeds, whole: boolean): boolean {
  if (needs.images && !takesImages(entry)) return false;
  if (needs.tools && !entry.supported_parameters.includes('tools')) return false;
  if (!whole) return true;
  // A context the catalog does not give cannot be shown to hold the request.
  if (entry.context_length === undefined) return false;
  return entry.context_length - answerReserve(entry.context_length, needs.maxTokens) >= needs.tokens;
}

/**
 * `similar`: the next usable model after `failed` in the catalog's order (from its start again
 * after the end) that serves every text interface `failed` serves, takes the request whole, and
 * costs no more per input and per output token. A model without token prices, or a failed one
 * without them, is never similar: a price that cannot be compared is not "no higher".
 */
export function similarModel(failed: ModelEntry, catalog: readonly ModelEntry[], usable: readonly ModelEntry[], needs: RequestNeeds): ModelEntry | undefined {
  const prices = tokenPrices(failed);
  if (!prices) return undefined;
  const interfaces = servedInterfaces(failed).served;
  const usableIds = new Set(usable.map((entry) => entry.id));
  const at = catalog.findIndex((entry) => entry.id === failed.id);
  const order = [...catalog.slice(at + 1), ...catalog.slice(0, Math.max(at, 0))];
  return order.find((entry) => {
    if (entry.id === failed.id || !usableIds.has(entry.id) || !servesNeeds(entry, needs, true)) return false;
    const served = servedInterfaces(entry).served;
    if (!interfaces.every((name) => served.includes(name))) return false;
    const own = tokenPrices(entry);
    return own !== undefined && own.input <= prices.input && own.output <= prices.output;
  });
}

/**
 * The models a request that `failed` could not answer goes to, in order: the listed ones that
 * are usable and take its images and tools (a longer conversation is trimmed to their context,
 * as for any model), or the similar one. The failed model is never among them.
 */
export function fallbackModels(
  setting: FallbackSetting,
  failed: ModelEntry,
  catalog: readonly ModelEntry[],
  usable: readonly ModelEntry[],
  needs: RequestNeeds,
): ModelEntry[] {
  if (setting === 'off') return [];
  if (setting === 'similar') {
    const similar = similarModel(failed, catalog, usable, needs);
    return similar ? [similar] : [];
  }
  return [...new Set(setting)]
    .filter((id) => id !== failed.id)
    .map((id) => usable.find((entry) => entry.id === id))
    .filter((entry): entry is ModelEntry => entry !== undefined && servesNeeds(entry, needs, false));
}
