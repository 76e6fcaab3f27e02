// What a request will cost, known before it is sent: the input by the project's one token
// estimate at the catalog's prices (the part of it the conversation is known to have in the
// cache at the cache-read price), and the most the answer can cost, bounded by max_tokens, the
// model's output limit or what is left of its context. The composer, the commands' previews, the
// budget and multiModelAI.confirmAbove all read it here.
import { outputLimit } from '../client/catalog/modelLimits';
import { cachePrices, tokenPrices } from '../client/catalog/pricing';
import type { ModelEntry } from '../client/catalog/schemas';
import type { TextMessage } from '../client/transports/textRequest';
import { estimateTokens } from './tokenEstimate';

export interface RequestPrice {
  /** Input tokens, estimated. */
  inputTokens: number;
  /** RUB the input is estimated to cost. */
  inputRub: number;
  /** The most tokens the answer can have; absent when nothing bounds it. */
  answerTokens?: number;
  /** RUB the answer can cost at most; absent when nothing bounds it. */
  answerUpToRub?: number;
}

export interface PricedRequest {
  messages: readonly TextMessage[];
  /** The person's max_tokens for the model, if set. */
  maxTokens?: number;
  /** Input tokens at the front of the request the service is known to have cached. */
  cachedTokens?: number;
}

/** The most tokens an answer to `inputTokens` of input can have on `entry`, where anything says. */
export function answerBound(entry: ModelEntry, inputTokens: number, maxTokens?: number): number | undefined {
  const room = entry.context_length === undefined ? undefined : Math.max(0, entry.context_length - inputTokens);
  const bounds = [maxTokens, outputLimit(entry), room].filter((n): n is number => n !== undefined);
  return bounds.length > 0 ? Math.min(...bounds) : undefined;
}

/** RUB `tokens` of input cost on `entry`, `cachedTokens` of them read from the cache; undefined without prices. */
export function inputCost(entry: ModelEntry, tokens: number, cachedTokens = 0): number | undefined {
  const prices = tokenPrices(entry);
  if (!prices) return undefined;
  const cached = Math.min(Math.max(0, cachedTokens), tokens);
  return (tokens - cached) * prices.input + cached * (cachePrices(entry).read ?? prices.input);
}

/** The price of `request` on `entry` before it is sent; undefined when the catalog gives no usable prices. */
export function requestPrice(entry: ModelEntry, request: PricedRequest): RequestPrice | undefined {
  const prices = tokenPrices(entry);
  if (!prices) return undefined;
  const inputTokens = estimateTokens(request.messages);
  const inputRub = inputCost(entry, inputTokens, request.cachedTokens) ?? 0;
  const answerTokens = answerBound(entry, inputTokens, request.maxTokens);
  if (answerTokens === undefined) return { inputTokens, inputRub };
  return { inputTokens, inputRub, answerTokens, answerUpToRub: answerTokens * prices.output };
}
