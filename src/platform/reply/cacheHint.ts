// What a request tells the transports about prompt caching (cacheBreakpoints.ts decides where the
// breakpoints go): whether the catalog says the model caches only where asked, the estimated
// tokens of each part of the prefix, by the project's one token estimate, and where the caller
// marked the prefix (VS Code's chat's cache markers).
import { cachesWhenAsked } from '../client/catalog/pricing';
import type { ModelEntry } from '../client/catalog/schemas';
import type { CacheHint, TextMessage, TextRequest } from '../client/transports/textRequest';
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
    ...(request.messages.some((m) => m.cacheMark && m.role !== 'system') && { marks: marks(request.messages) }),
  };
}

/** Each marked message (a system one is the system prompt's) with the tokens of the messages up to it. */
function marks(messages: readonly TextMessage[]): { index: number; tokens: number }[] {
  const out: { index: number; tokens: number }[] = [];
  let tokens = 0;
  for (const [index, message] of messages.entries()) {
    if (message.role === 'system') continue;
    tokens += estimateTokens([message]);
    if (message.cacheMark) out.push({ index, tokens });
  }
  return out;
}
