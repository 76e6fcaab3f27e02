// Where a request asks the model to cache its prefix (docs/SERVICE.md, "Prompt caching"): the one
// decision every transport follows. Messages takes breakpoints on the system prompt, the last
// tool definition and the newest message, which is sent again next turn, or on the messages the
// caller marked (VS Code's chat marks its own), at most four in all; chat completions and
// Responses take them in content parts, and only for a model whose catalog prices cache writes
// (it caches only where asked): a strict gateway refuses fields it does not know. A breakpoint
// goes where the prefix before it is long enough to be cached at all; none goes on a shorter one.
import type { TextRequest } from './textRequest';
import type { TransportName } from './transport';

/** Anthropic's documented minimum prefix for most models; shorter prefixes are not cached. */
export const CACHE_MINIMUM_TOKENS = 1024;

/** The breakpoint each interface's cache marker carries. */
export const CACHE_CONTROL = { type: 'ephemeral' } as const;

/** Messages takes at most four breakpoints; Anthropic's models behind the other interfaces too. */
const MAX_BREAKPOINTS = 4;

/** The places that get a breakpoint; `messages` are indexes into the request's messages. */
export interface Breakpoints {
  lastTool: boolean;
  system: boolean;
  messages: ReadonlySet<number>;
}

const NONE: Breakpoints = { lastTool: false, system: false, messages: new Set() };

export function cacheBreakpoints(request: TextRequest, transport: TransportName): Breakpoints {
  const hint = request.cache;
  if (!hint || (transport !== 'messages' && !hint.whenAsked)) return NONE;
  const hasSystem = request.messages.some((m) => m.role === 'system' && m.content !== '');
  const tools = transport === 'messages' ? hint.toolTokens : 0;
  // A gateway sends the tools ahead of the system prompt whatever interface carries them.
  const throughSystem = hint.toolTokens + hint.systemTokens;
  // Tools are not content parts: only Messages marks them.
  const lastTool = transport === 'messages' && (request.tools?.length ?? 0) > 0 && tools >= CACHE_MINIMUM_TOKENS;
  // Responses sends the system prompt as `instructions`, a plain string without parts.
  const system = transport !== 'responses' && hasSystem && throughSystem >= CACHE_MINIMUM_TOKENS;
  // The caller's marks, where it left some, say where its prefix ends; else the newest message does.
  const ends = hint.marks ?? [{ index: request.messages.length - 1, tokens: hint.messageTokens }];
  const long = ends.filter((end) => throughSystem + end.tokens >= CACHE_MINIMUM_TOKENS).map((end) => end.index);
  // The newest marks are kept: they cover the longest prefix.
  const room = MAX_BREAKPOINTS - Number(lastTool) - Number(system);
  return { lastTool, system, messages: new Set(long.slice(Math.max(0, long.length - room))) };
}

/** `block` with the cache marker. */
export const marked = <T extends object>(block: T): T & { cache_control: typeof CACHE_CONTROL } => ({ ...block, cache_control: CACHE_CONTROL });
