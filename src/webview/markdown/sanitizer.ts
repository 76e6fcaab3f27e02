// The second safety wall: DOMPurify over everything markdown-it produced, with an
// allow-list of exactly the tags and attributes the renderer emits. Links lose
// their href (the page never navigates): allowed ones keep it as data-href for the
// page to hand to the extension host, which confirms before opening.
import DOMPurify, { type Config, type WindowLike } from 'dompurify';
import { stripHiddenCharacters } from '../../core/text/hiddenCharacters';
import { markHiddenCharacters } from './hiddenCharacterMarks';
import { isAllowedImageSrc, isAllowedLinkHref } from './urlPolicy';

export interface Sanitizer {
  sanitize(html: string): string;
  sanitizeToFragment(html: string): DocumentFragment;
}

const config: Config = {
  ALLOWED_TAGS: [
    'a', 'blockquote', 'br', 'code', 'del', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'img',
    'li', 'ol', 'p', 'pre', 's', 'span', 'strong', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul',
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
    }
    // Tooltips cannot show a mark: what a hidden character would do there, it does not.
    for (const name of ['title', 'alt']) {
      const value = node.getAttribute?.(name);
      if (value) node.setAttribute(name, stripHiddenCharacters(value));
    }
  });
  const sanitizeToFragment = (html: string): DocumentFragment => {
    const fragment = purify.sanitize(html, { ...config, RETURN_DOM_FRAGMENT: true });
    markHiddenCharacters(fragment);
    return fragment;
  };
  return {
    sanitize: (html) => {
      const fragment = sanitizeToFragment(html);
      const container = fragment.ownerDocument.createElement('div');
      container.append(fragment);
      return container.innerHTML;
    },
    sanitizeToFragment,
  };
}
