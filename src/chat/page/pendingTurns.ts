// The answers of an opened conversation that are not rendered yet. Opening a long history
// rendered every answer (markdown, highlighting, sanitising) before the latest one showed:
// seconds for 200 turns, and megabytes of rendered HTML kept. Now only the latest answers are
// rendered at once (questions are plain text, cheap: always rendered); each older answer
// stands as a placeholder with its head (who wrote it) and its text as plain text (so
// find-in-page and copy see it), skipped by the browser's layout while out of view
// (content-visibility in chat.css), and is rendered when it comes near the view, nearest
// first, one a frame (a rendered answer moves the others: each is checked again before). The
// text lives in the placeholder's DOM, not in a copy, unless hidden characters are shown there
// as marks (as the rendered answer shows them).
import type { TurnView } from '../common/protocol/protocol';
import { el } from '../../platform/page/dom';
import { markHiddenCharacters } from './markdown/index';

export class PendingTurns {
  /** Each placeholder's turn; its text is read back from the placeholder when `inPage`. */
  private readonly turns = new Map<HTMLElement, { turn: TurnView; inPage: boolean }>();
  private readonly near = new Set<HTMLElement>();
  private readonly observer: IntersectionObserver;
  private frameRequested = false;

  /** `render` replaces a placeholder with the rendered turn; `head` makes an answer's head. */
  constructor(
    private readonly root: HTMLElement,
    private readonly render: (turn: TurnView, placeholder: HTMLElement) => void,
    private readonly head: (model: string | undefined) => HTMLElement,
  ) {
    // Rendered a quarter screen ahead of the view in both directions, so scrolling meets rendered turns.
    this.observer = new IntersectionObserver((entries) => this.onIntersect(entries), { root, rootMargin: '25% 0px' });
  }

  /** A placeholder for an answer, rendered once it comes near the view. */
  placeholder(turn: Extract<TurnView, { role: 'assistant' }>): HTMLElement {
    const source = el('div', { class: 'turn-source', text: turn.text });
    markHiddenCharacters(source);
    const element = el('article', { class: 'turn turn-assistant turn-pending', attrs: { 'data-turn-id': turn.id } }, this.head(turn.model), source);
    const inPage = source.textContent === turn.text;
    this.turns.set(element, { turn: inPage ? { ...turn, text: '' } : turn, inPage });
    this.observer.observe(element);
    return element;
  }

  find(turnId: string): HTMLElement | undefined {
    for (const element of this.turns.keys()) if (element.dataset.turnId === turnId) return element;
    return undefined;
  }

  forget(element: HTMLElement): void {
    this.observer.unobserve(element);
    this.turns.delete(element);
    this.near.delete(element);
  }

  clear(): void {
    this.observer.disconnect();
    this.turns.clear();
    this.near.clear();
  }

  private onIntersect(entries: IntersectionObserverEntry[]): void {
    for (const entry of entries) {
      const element = entry.target as HTMLElement;
      if (!this.turns.has(element)) continue;
      if (entry.isIntersecting) this.near.add(element);
      else this.near.delete(element);
    }
    this.renderNear();
  }

  /** Renders the placeholder nearest the end among those still within the margin of the view. */
  private renderNear(): void {
    const latestFirst = [...this.near].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? 1 : -1));
    const view = this.root.getBoundingClientRect();
    for (const element of latestFirst) {
      const box = element.getBoundingClientRect();
      if (box.bottom < view.top - view.height / 4 || box.top > view.bottom + view.height / 4) {
        this.near.delete(element);
        continue;
      }
      const { turn, inPage } = this.turns.get(element)!;
      this.forget(element);
      this.render(inPage ? { ...turn, text: element.lastChild?.textContent ?? '' } : turn, element);
      break;
    }
    if (this.near.size === 0 || this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame(() => {
      this.frameRequested = false;
      this.renderNear();
    });
  }
}
