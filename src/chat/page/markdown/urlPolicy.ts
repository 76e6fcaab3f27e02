// Which URLs model output may carry into the page. Shared by the markdown renderer
// (first wall) and the sanitizer (second wall) so both enforce the same rule.
import { hasHiddenCharacters } from '../../../platform/text/hiddenCharacters';

/** Links the page may offer to open (through the extension host, which confirms first). */
export function isAllowedLinkHref(href: string): boolean {
  // An address with hidden characters is not the address it shows.
  return /^(?:https?:\/\/|mailto:)/i.test(href.trim()) && !hasHiddenCharacters(href);
}

/** Images are shown only when embedded: nothing is ever fetched from the network. */
export function isAllowedImageSrc(src: string): boolean {
  return /^data:image\/(?:png|gif|jpe?g|webp);/i.test(src.trim());
}
