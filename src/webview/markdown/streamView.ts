// The DOM side of a streamed reply: deltas are buffered and shown at most once per
// animation frame; committed blocks are sanitised and inserted once, the tail
// element's content is replaced on each frame.
import type { MarkdownIt } from 'markdown-it';
import { IncrementalMarkdown, type MarkdownUpdate, type RenderedBlock } from './incrementalRenderer';
import type { CodeBlock } from './markdownRenderer';
import type { Sanitizer } from './sanitizer';

export interface StreamViewOptions {
  readonly sanitizer: Sanitizer;
  /** Schedules the next flush; defaults to the window's requestAnimationFrame. */
  readonly requestFrame?: (callback: () => void) => void;
  readonly parser?: MarkdownIt;
}

export class StreamView {
  private markdown: IncrementalMarkdown;
  private readonly blockElements: HTMLElement[] = [];
  private readonly tailElement: HTMLElement;
  private readonly requestFrame: (callback: () => void) => void;
  private frameRequested = false;
  private dirty = false;

  constructor(private readonly container: HTMLElement, private readonly options: StreamViewOptions) {
    const view = container.ownerDocument.defaultView;
    this.requestFrame = options.requestFrame ?? ((callback) => view?.requestAnimationFrame(callback));
    this.markdown = new IncrementalMarkdown(options.parser);
    this.tailElement = this.createElement('md-tail');
    container.replaceChildren(this.tailElement);
  }

  /** Adds streamed text; the page shows it on the next animation frame. */
  append(delta: string): void {
    if (!delta) return;
    this.markdown.append(delta);
    this.dirty = true;
    this.container.setAttribute('aria-busy', 'true');
    if (this.frameRequested) return;
    this.frameRequested = true;
    this.requestFrame(() => {
      this.frameRequested = false;
      this.flush();
    });
  }

  /** The reply is complete: shows the final state now. */
  finish(): void {
    this.flush();
    this.container.setAttribute('aria-busy', 'false');
  }

  /** Shows a complete message (a restored one), replacing whatever was shown. */
  setText(text: string): void {
    this.markdown = new IncrementalMarkdown(this.options.parser);
    for (const element of this.blockElements) element.remove();
    this.blockElements.length = 0;
    this.markdown.append(text);
    this.dirty = true;
    this.finish();
  }

  /** The raw source of the code block with data-code-index `index`. */
  code(index: number): CodeBlock | undefined {
    return this.markdown.code(index);
  }

  get codeCount(): number {
    return this.markdown.codeCount;
  }

  /** The markdown shown so far. */
  text(): string {
    return this.markdown.text();
  }

  private flush(): void {
    if (!this.dirty) return;
    this.dirty = false;
    this.apply(this.markdown.render());
  }

  private apply(update: MarkdownUpdate): void {
    for (const [index, block] of update.replaced) {
      this.blockElements[index]?.replaceChildren(this.fragment(block));
    }
    for (const block of update.committed) {
      const element = this.createElement('md-block');
      element.append(this.fragment(block));
      this.container.insertBefore(element, this.tailElement);
      this.blockElements.push(element);
    }
    this.tailElement.replaceChildren(this.fragment(update.tail));
  }

  private fragment(block: RenderedBlock): DocumentFragment {
    return this.options.sanitizer.sanitizeToFragment(block.html);
  }

  private createElement(className: string): HTMLElement {
    const element = this.container.ownerDocument.createElement('div');
    element.className = className;
    return element;
  }
}
