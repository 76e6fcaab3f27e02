// A fetched page as text for the model: HTML made Markdown (node-html-markdown) without its
// scripts, styles, navigation and forms; text and Markdown as they came. Decoded by the charset
// the response or the page names, UTF-8 when neither does.
import { NodeHtmlMarkdown, parse } from './htmlLibrary';
import type { FetchedPage } from './pageRules';

export interface PageText {
  /** The page's title; undefined when it has none. */
  title?: string;
  /** Markdown, or the text as it came; empty when the page has no text. */
  text: string;
}

/** What is left out of a page: what runs, styles or draws, and what moves around the site rather than tells. */
const DROPPED = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'svg',
  'canvas',
  'nav',
  'aside',
  'footer',
  'form',
  'button',
  'select',
  'dialog',
];

let converter: NodeHtmlMarkdown | undefined;

/** The page's text: Markdown for HTML. */
export function pageText(page: Pick<FetchedPage, 'type' | 'charset' | 'bytes'>): PageText {
  const html = page.type === 'text/html' || page.type === 'application/xhtml+xml';
  const source = decode(page.bytes, page.charset ?? (html ? metaCharset(page.bytes) : undefined));
  if (!html) return { text: source.replace(/^\uFEFF/, '').trim() };
  converter ??= new NodeHtmlMarkdown({ ignore: DROPPED, maxConsecutiveNewlines: 2 });
  const title = titleOf(source);
  return { text: converter.translate(source).trim(), ...(title !== undefined && { title }) };
}

function decode(bytes: Uint8Array, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    // A charset the decoder does not know: read as UTF-8, the web's default.
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** The charset a page names in its first kilobyte (<meta charset> or its http-equiv form), as browsers look for it. */
function metaCharset(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1];
}

/** The text of the page's <title>, its entities decoded and its spaces collapsed. */
function titleOf(html: string): string | undefined {
  const inner = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1];
  if (inner === undefined) return undefined;
  const text = parse(inner).text.replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}
