// Syntax highlighting for fenced code: highlight.js core with a hand-picked set
// of common languages, so the webview bundle does not carry all ~190 grammars.
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

const languages = {
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  dockerfile,
  go,
  ini,
  java,
  javascript,
  json,
  kotlin,
  markdown,
  php,
  python,
  ruby,
  rust,
  shell,
  sql,
  swift,
  typescript,
  xml,
  yaml,
};
for (const [name, grammar] of Object.entries(languages)) {
  hljs.registerLanguage(name, grammar);
}
// Fence names models use that the grammars do not list as aliases.
hljs.registerAliases(['sh', 'zsh', 'shellscript'], { languageName: 'bash' });
hljs.registerAliases(['jsonc', 'json5'], { languageName: 'json' });
hljs.registerAliases(['vue', 'svelte'], { languageName: 'xml' });
hljs.registerAliases(['mts', 'cts'], { languageName: 'typescript' });
hljs.registerAliases(['scss', 'less'], { languageName: 'css' });

export interface HighlightedCode {
  /** HTML-escaped code, with highlight.js spans when the language is known. */
  readonly html: string;
  /** The language's display name ("TypeScript"), or undefined when not recognised. */
  readonly languageName: string | undefined;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => escapes[ch] ?? ch);
}

/**
 * Lines longer than this are not highlighted (the block is shown escaped): highlight.js's
 * grammars backtrack over long runs of word characters, so one 20 KB identifier in TypeScript
 * took 8 s, and a 200 KB one minutes. VS Code's editor stops tokenizing long lines likewise.
 */
const MAX_HIGHLIGHTED_LINE = 1_000;

function hasLongLine(code: string): boolean {
  for (let start = 0; start < code.length;) {
    const end = code.indexOf('\n', start);
    if ((end === -1 ? code.length : end) - start > MAX_HIGHLIGHTED_LINE) return true;
    if (end === -1) return false;
    start = end + 1;
  }
  return false;
}

/** Highlights `code` as `lang` (a fence name or alias). Unknown languages are escaped, never guessed. */
export function highlightCode(code: string, lang: string): HighlightedCode {
  const grammar = lang ? hljs.getLanguage(lang) : undefined;
  if (!grammar) return { html: escapeHtml(code), languageName: undefined };
  if (hasLongLine(code)) return { html: escapeHtml(code), languageName: grammar.name };
  const html = hljs.highlight(code, { language: lang, ignoreIllegals: true }).value;
  return { html, languageName: grammar.name };
}
