// The prompt cache of cache mode: prefixes of requests remembered by their hash, as upstream
// caches them. A model whose catalog prices cache writes caches only where a request marks it
// (Anthropic's breakpoints, `cache_control`): it writes the prefix up to each breakpoint and reads
// the longest one remembered. A model that prices only cache reads caches on its own (OpenAI's
// automatic caching): every prefix of a request is remembered, nothing is billed as a write.
// A prefix is cut at whole blocks: a tool, the system prompt, a message.
import { createHash } from 'node:crypto';
import type { CatalogModel } from './catalog';
import { countTokens } from './replies';

/** Upstream's smallest prefix that is cached (Anthropic's for most models, OpenAI's). */
export const CACHE_MINIMUM_TOKENS = 1024;

/** One block of a request's prefix, in the order a cache reads them: tools, system prompt, messages. */
export interface PrefixBlock {
  /** What identifies the block: its text, or a tool's definition as JSON. */
  text: string;
  tokens: number;
  /** It carries a cache breakpoint (`cache_control`) on itself or one of its parts. */
  marked: boolean;
}

/** Input tokens read from the cache and written to it. */
export interface CacheUse {
  read: number;
  write: number;
}

export type CacheKind = 'when-asked' | 'on-its-own' | 'none';

/** How a model caches, by its catalog prices: a cache write price means only where asked. */
export function cacheKind(model: CatalogModel): CacheKind {
  if (model.pricing.input_cache_write !== undefined) return 'when-asked';
  return model.pricing.input_cache_read !== undefined ? 'on-its-own' : 'none';
}

/** A message (or the system prompt) as a block: its words plus 4, as usage counts a message. */
export const messageBlock = (text: string, marked: boolean): PrefixBlock => ({ text, tokens: countTokens(text) + 4, marked });

/** A tool's definition as a block: the words of its JSON. */
export function toolBlock(tool: unknown, marked: boolean): PrefixBlock {
  const text = JSON.stringify(tool);
  return { text, tokens: countTokens(text), marked };
}

const markedPart = (part: unknown): boolean => typeof part === 'object' && part !== null && (part as { cache_control?: unknown }).cache_control != null;

/** Whether a message, tool or system part list carries a breakpoint, on itself or on one of its content parts. */
export function carriesMarker(item: unknown): boolean {
  if (Array.isArray(item)) return item.some(markedPart);
  const content = typeof item === 'object' && item !== null ? (item as { content?: unknown }).content : undefined;
  return markedPart(item) || (Array.isArray(content) && content.some(markedPart));
}

const NOTHING: CacheUse = { read: 0, write: 0 };

export class PromptCache {
  private readonly stored = new Set<string>();

  /** What `blocks` read from the cache and wrote to it on `model`; what they write is remembered for later requests. */
  use(model: CatalogModel, blocks: readonly PrefixBlock[]): CacheUse {
    const kind = cacheKind(model);
    if (kind === 'none') return NOTHING;
    // The hash and the tokens of each prefix, block by block; the model is part of the key.
    const ends: { hash: string; tokens: number; marked: boolean }[] = [];
    let hash = model.id;
    let tokens = 0;
    for (const block of blocks) {
      hash = createHash('sha256').update(hash).update('\0').update(block.text).digest('hex');
      tokens += block.tokens;
      ends.push({ hash, tokens, marked: block.marked });
    }
    // Asked: the prefix ends at the last breakpoint; nothing past it is read or written.
    const last = kind === 'when-asked' ? ends.map((e) => e.marked).lastIndexOf(true) : ends.length - 1;
    if (last < 0) return NOTHING;
    let hit = -1;
    for (let i = last; i >= 0 && hit < 0; i--) if (this.stored.has(ends[i]!.hash)) hit = i;
    const read = hit < 0 ? 0 : ends[hit]!.tokens;
    let written = read;
    for (let i = hit + 1; i <= last; i++) {
      const end = ends[i]!;
      if (end.tokens < CACHE_MINIMUM_TOKENS || (kind === 'when-asked' && !end.marked)) continue;
      this.stored.add(end.hash);
      written = end.tokens;
    }
    return { read, write: kind === 'when-asked' ? written - read : 0 };
  }

  clear(): void {
    this.stored.clear();
  }
}
