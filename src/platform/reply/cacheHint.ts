// What a request tells the transports about prompt caching (cacheBreakpoints.ts decides where the
// breakpoints go): whether the catalog says the model caches only where asked, and the estimated
// tokens of each part of the prefix, by the project's one token estimate.
import { cachesWhenAsked } from '../client/catalog/pricing';
import type { ModelEntry } from '../client/catalog/schemas';
import type { CacheHint, TextRequest } from '../client/transports/textRequest';
import { estimateTokens, textTokens } from './tokenEstimate';

export function cacheHint(model: ModelEntry, request: Pick<TextRequest, 'messages' | 'tools'>): CacheHint {
  const system = request.messages.filter((m) => m.role === 'system');
  const rest = request.messages.filter((m) => m.role !== 'system');
  const toolTokens = (request.tools ?? []).reduce(
    (sum, t) => sum + textTokens(t.name) + textTokens(t.description ?? '') + textTokens(JSON.stringify(t.parameters ?? {})),
    0,
  );
  return {
    whenAsked: cachesWhenAsked(model),
    toolTokens,
    systemTokens: system.length > 0 ? estimateTokens(system) : 0,
    messageTokens: estimateTokens(rest),
  };
}
