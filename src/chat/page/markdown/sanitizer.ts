// The second safety wall: DOMPurify over everything markdown-it produced, with an
// allow-list of exactly the tags and attributes the renderer emits. Links lose
// their href (the page never navigates): allowed ones keep it as data-href for the
// page to hand to the extension host, which confirms before opening.
import * as l10n from '@vscode/l10n';
import DOMPurify, { type Config, type WindowLike } from 'dompurify';
import { stripHiddenCharacters } from '../../../platform/text/hiddenCharacters';
import { markHiddenCharacters } from './hiddenCharacterMarks';
import { isAllowedImageSrc, isAllowedLinkHref } from './urlPolicy';

/** A code block's accessible name: "Code, TypeScript". */
const codeLabel = (language: string): string => l10n.t('Code, {0}', language);

export interface Sanitizer {
  sanitize(html: string): string;
  sanitizeToFragment(html: string): DocumentFragment;
  /** Several pieces at once, a fragment for each: one parse and one document, not one per piece. */
  sanitizeEach(htmls: readonly string[]): DocumentFragment[];
}

const config: Config = {
  ALLOWED_TAGS: [
    'a',
    'blockquote',
    'br',
    'code',
    'del',
    'div',
    'em',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'img',
    'li',
    'ol',
    'p',
    'pre',
    's',
    'span',
    'strong',
    'table',
    'tbody',
    'td',
    'th',
    'thead',
    'tr',
    'ul',
  ],
  ALLOWED_ATTR: ['alt', 'class', 'data-code-index', 'data-lang', 'href', 'src', 'start', 'title'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // No id/name survive the allow-list; should that change, they cannot clobber page globals.
  SANITIZE_NAMED_PROPS: true,
};

/** A sanitizer bound to `window` (the page's own, or jsdom's in tests). */
export function createSanitizer(window: WindowLike): Sanitizer {
  const purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href');
      node.removeAttribute('href');
      if (href !== null && isAllowedLinkHref(href)) {
        node.setAttribute('data-href', href);
        node.setAttribute('role', 'link');
        node.setAttribute('tabindex', '0');
      }
    } else if (node.nodeName === 'IMG' && !isAllowedImageSrc(node.getAttribute('src') ?? '')) {
      node.remove();
    } else if (node.nodeName === 'PRE' && node.parentElement?.classList.contains('code-block')) {
      // A code block scrolls sideways: reachable by keyboard, and named by its language (its toolbar's label).
      node.setAttribute('tabindex', '0');
      node.setAttribute('role', 'region');
      node.setAttribute('aria-label', codeLabel(node.parentElement.querySelector('.code-lang')?.textContent ?? ''));
    }
    // Tooltips cannot show a mark: what a hidden character would do there, it does not.
    for (const name of ['title', 'alt']) {
      const value = node.getAttribute?.(name);
      if (value) node.setAttribute(name, stripHiddenCharacters(value));
    }
  });
  // Set once: passed with each call, the configuration is parsed and copied again every time.
  // With RETURN_DOM_FRAGMENT set here every call returns a fragment, which the types of a call
  // without a configuration cannot tell.
  purify.setConfig({ ...config, RETURN_DOM_FRAGMENT: true });
  const purifyToFragment = (html: string) => purify.sanitize(html) as unknown as DocumentFragment;
  const sanitizeToFragment = (html: string): DocumentFragment => {
    const fragment = purifyToFragment(html);
    markHiddenCharacters(fragment);
    return fragment;
  };
  // A streamed frame sanitises a few blocks and the tail: each call parses into a new document,
  // the costliest part of a small call and garbage for the collector, so they go in one call,
  // each in a wrapper. markdown-it escapes raw HTML, so a piece is balanced and stays in its
  // wrapper; should one not, the pieces are sanitised one by one.
  const sanitizeEach = (htmls: readonly string[]): DocumentFragment[] => {
    if (htmls.length === 1) return [sanitizeToFragment(htmls[0]!)];
    const joined = purifyToFragment(htmls.map((html) => `<div>${html}</div>`).join(''));
    const wrappers = [...joined.children];
    if (joined.childNodes.length !== htmls.length || wrappers.length !== htmls.length) return htmls.map(sanitizeToFragment);
    markHiddenCharacters(joined);
    return wrappers.map((wrapper) => {
      const fragment = joined.ownerDocument.createDocumentFragment();
      fragment.append(...wrapper.childNodes);
      return fragment;
    });
  };
  return {
    sanitize: (html) => {
      const fragment = sanitizeToFragment(html);
      const container = fragment.ownerDocument.createElement('div');
      container.append(fragment);
      return container.innerHTML;
    },
    sanitizeToFragment,
    sanitizeEach,
  };
}
