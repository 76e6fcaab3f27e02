// The configured markdown-it: raw HTML off (first safety wall), linkify on, code
// blocks highlighted and wrapped with a toolbar the page fills with actions.
import * as l10n from '@vscode/l10n';
import MarkdownIt from 'markdown-it';
import type { StateCore } from 'markdown-it';
import { MAX_LANG_CHARS } from '../../common/protocol/protocol';
import { escapeHtml, highlightCode } from './highlighter';
import { installReferenceTracking, type TrackingEnv } from './referenceTracking';
import { isAllowedImageSrc } from './urlPolicy';

/** A fence's language: its info string's first word, before any path or options ("tsx:src/App.tsx", "rust,ignore", "js{3}"). */
function languageWord(info: string): string {
  return info
    .trim()
    .split(/[\s:,{]/, 1)[0]!
    .slice(0, MAX_LANG_CHARS);
}

export interface CodeBlock {
  /** The fence's language word as written ("ts"), or '' when none. */
  readonly lang: string;
  /** The raw code, exactly as in the source. */
  readonly code: string;
}

export interface RenderedMarkdown {
  readonly html: string;
  /** Sources of the code blocks, in order: `codes[i]` is the block with data-code-index = codeBase + i. */
  readonly codes: readonly CodeBlock[];
}

export interface RenderEnv extends TrackingEnv {
  codes: CodeBlock[];
  /** data-code-index of the first code block rendered with this env. */
  codeBase: number;
}

export function createRenderEnv(codeBase = 0): RenderEnv {
  return { codes: [], codeBase };
}

function renderCodeBlock(code: string, lang: string, env: RenderEnv): string {
  const index = env.codeBase + env.codes.length;
  env.codes.push({ lang, code });
  const { html, languageName } = highlightCode(code, lang);
  const safeLang = escapeHtml(lang);
  const label = escapeHtml(languageName ?? (lang || l10n.t({ message: 'Text', comment: ['the label of a code block without a language'] })));
  const langClass = lang ? ` language-${safeLang}` : '';
  return (
    `<div class="code-block" data-lang="${safeLang}" data-code-index="${index}">` +
    `<div class="code-toolbar"><span class="code-lang">${label}</span></div>` +
    `<pre><code class="hljs${langClass}">${html}</code></pre></div>\n`
  );
}

// Tables align cells with inline styles, which the page's CSP forbids: use classes.
function alignClasses(state: StateCore): void {
  for (const token of state.tokens) {
    if (token.type !== 'th_open' && token.type !== 'td_open') continue;
    const align = /^text-align:(\w+)$/.exec(token.attrGet('style') ?? '')?.[1];
    if (!align) continue;
    token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
    token.attrJoin('class', `align-${align}`);
  }
}

export function createMarkdownParser(): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: true });
  md.renderer.rules.fence = (tokens, idx, _options, env: RenderEnv) => {
    const token = tokens[idx]!;
    return renderCodeBlock(token.content, languageWord(md.utils.unescapeAll(token.info)), env);
  };
  md.renderer.rules.code_block = (tokens, idx, _options, env: RenderEnv) => renderCodeBlock(tokens[idx]!.content, '', env);
  const renderImage = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    if (isAllowedImageSrc(token.attrGet('src') ?? '')) return renderImage(tokens, idx, options, env, self);
    // Never emit a remote image: show its description instead.
    const alt = self.renderInlineAsText(token.children ?? [], options, env);
    return `<span class="image-removed" title="${escapeHtml(l10n.t('Images from the web are not loaded'))}">${escapeHtml(alt)}</span>`;
  };
  md.core.ruler.after('block', 'table_align_classes', alignClasses);
  installReferenceTracking(md);
  return md;
}

let shared: MarkdownIt | undefined;

/** One parser for the page: building it is not free, and it holds no per-message state. */
export function sharedMarkdownParser(): MarkdownIt {
  return (shared ??= createMarkdownParser());
}

/** Renders a whole markdown text (unsanitised HTML: pass it through the sanitizer before the DOM). */
export function renderMarkdown(text: string, md: MarkdownIt = sharedMarkdownParser()): RenderedMarkdown {
  const env = createRenderEnv();
  const html = md.render(text, env);
  return { html, codes: env.codes };
}
