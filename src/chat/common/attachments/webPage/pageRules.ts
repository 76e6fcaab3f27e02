// What a web page read for the chat may be: its address (http or https), its types, its size and
// time limits, and the ways reading it fails. Plain data, loaded at activation; the reading itself
// (pageFetch.ts, with undici) is loaded on the first page.
import type { GuardedRange } from './addressGuard';

export const MAX_PAGE_BYTES = 2 * 1024 * 1024;
export const PAGE_TIMEOUT_MS = 30_000;
export const MAX_REDIRECTS = 5;

/** The types a page is read as: HTML (made Markdown), and text or Markdown as they are. */
export const PAGE_TYPES = ['text/html', 'application/xhtml+xml', 'text/plain', 'text/markdown', 'text/x-markdown'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export interface FetchedPage {
  /** The address the page was read from, after redirects. */
  url: string;
  type: PageType;
  /** The charset the response named, when it did. */
  charset?: string;
  bytes: Uint8Array;
  /** The page was longer than MAX_PAGE_BYTES: only its start was read. */
  truncated: boolean;
}

export type PageFailure =
  | { kind: 'scheme'; url: string }
  | { kind: 'refused'; host: string; range: GuardedRange }
  | { kind: 'unresolved'; host: string }
  | { kind: 'status'; status: number; url: string }
  | { kind: 'redirects'; url: string }
  | { kind: 'type'; type: string; url: string }
  | { kind: 'timeout'; url: string }
  | { kind: 'network'; code: string; url: string };

export type PageRead = { ok: true; page: FetchedPage } | { ok: false; failure: PageFailure };

/** `url`'s address as http(s), or undefined for any other scheme or an unreadable one. */
export function webAddress(text: string, base?: string): URL | undefined {
  try {
    const url = new URL(text.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
