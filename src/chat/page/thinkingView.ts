// The model's reasoning above its answer: open while it thinks, folded away once the answer
// starts, reopened by a click. Shown as plain text, never rendered as markdown and never given
// code actions: it is the model's scratchpad, not part of the answer.
import * as l10n from '@vscode/l10n';
import { el, icon } from '../../platform/page/dom';

export class ThinkingView {
  readonly element: HTMLDetailsElement;
  private readonly body: HTMLElement;
  private folded = false;

  constructor(text: string, open: boolean) {
    this.body = el('div', { class: 'thinking-text', text });
    this.element = el(
      'details',
      { class: 'thinking' },
      el(
        'summary',
        {},
        icon('lightbulb'),
        el('span', { text: l10n.t({ message: 'Thinking', comment: ["the heading of the model's reasoning above its answer"] }) }),
      ),
      this.body,
    );
    this.element.open = open;
    this.folded = !open;
  }

  append(text: string): void {
    this.body.append(text);
  }

  /** Folds it once, when the answer starts; a person who opens it again keeps it open. */
  fold(): void {
    if (this.folded) return;
    this.folded = true;
    this.element.open = false;
  }
}
