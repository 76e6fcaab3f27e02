// The turns of an opened conversation that are not rendered yet. Opening a long history
// rendered every answer (markdown, highlighting, sanitising) before the latest one showed:
// seconds for 200 turns, and megabytes of rendered HTML kept. Now only the latest turns are
// rendered at once; each older one stands as a placeholder holding its text as plain text
// (so find-in-page and copy see it), skipped by the browser's layout while out of view
// (content-visibility in chat.css), and is rendered when it comes near the view, nearest
// first, a frame's budget at a time. The text lives in the placeholder's DOM, not in a copy,
// unless an answer's hidden characters are shown there as marks (as its rendering shows them).
import type { TurnView } from '../core/chat/protocol';
import { el } from './dom';
import { markHiddenCharacters } from './markdown/index';

/** Rendering of placeholders stops for the frame once this much time is spent. */
const FRAME_BUDGET_MS = 8;

export class PendingTurns {
  /** Each placeholder's turn; its text is read back from the placeholder when `inPage`. */
  private readonly turns = new Map<HTMLElement, { turn: TurnView; inPage: boolean }>();
  private readonly near = new Set<HTMLElement>();
  private readonly observer: IntersectionObserver;
  private frameRequested = false;

  /** `render` replaces a placeholder with the rendered turn. */
  constructor(root: HTMLElement, private readonly render: (turn: TurnView, placeholder: HTMLElement) => void) {
    // Rendered a screen ahead of the view in both directions, so scrolling meets rendered turns.
    this.observer = new IntersectionObserver((entries) => this.onIntersect(entries), { root, rootMargin: '100% 0px' });
  }

  /** A placeholder for `turn`, rendered once it comes near the view. */
  placeholder(turn: TurnView): HTMLElement {
    const source = el('div', { class: 'turn-source', text: turn.text });
    if (turn.role === 'assistant') markHiddenCharacters(source);
    const element = el('article', { class: `turn turn-${turn.role} turn-pending`, attrs: { 'data-turn-id': turn.id } }, source);
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

  /** Renders the placeholders near the view, the latest first, until the frame's budget is spent. */
  private renderNear(): void {
    const started = performance.now();
    const latestFirst = [...this.near].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? 1 : -1));
    for (const element of latestFirst) {
      if (performance.now() - started > FRAME_BUDGET_MS) break;
      const { turn, inPage } = this.turns.get(element)!;
      this.forget(element);
      this.render(inPage ? { ...turn, text: element.firstChild?.textContent ?? '' } : turn, element);
    }
    if (this.near.size === 0 || this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame(() => {
      this.frameRequested = false;
      this.renderNear();
    });
  }
}
