// The line under an answer's head that says another model than the chosen one wrote it, and why
// (multiModelAI.fallback): "Answered by mira/messenger: acme/chat-large was unavailable (HTTP 503)".
import type { Fallback } from '../common/conversation/conversation';
import { fallbackNote } from '../../platform/reply/fallbackNote';
import { el, icon } from '../../platform/page/dom';

/** Shows `fallback`'s note on the answer `element` written by `model`, or removes it when there is none. */
export function showFallback(element: HTMLElement, model: string | undefined, fallback: Fallback | undefined): void {
  element.querySelector(':scope > .turn-fallback')?.remove();
  if (!fallback || model === undefined) return;
  const note = el(
    'div',
    { class: 'turn-fallback', attrs: { role: 'note' } },
    icon('arrow-swap'),
    el('span', { text: fallbackNote({ ...fallback, to: model }) }),
  );
  element.querySelector(':scope > .turn-head')?.after(note);
}
