// The DOM side of a streamed reply: deltas are buffered and shown on an animation frame, at
// most once per MIN_SHOW_INTERVAL_MS; committed blocks are sanitised and inserted once, the
// tail element's content is patched to its new rendering (domPatch.ts). A burst bigger than
// one frame's budget is shown over the next frames, so no frame renders more than the budget.
// Committed blocks are grouped in sections of SECTION_BLOCKS, which the stylesheet lets the
// browser skip (content-visibility) while they are out of view: one section rather than each
// block, since the browser watches every such element for visibility on every frame.
import type { MarkdownIt } from 'markdown-it';
import { patchChildren } from './domPatch';
import { chunkLongRuns } from './longRuns';
import { IncrementalMarkdown, type MarkdownUpdate } from './incrementalRenderer';
import type { CodeBlock } from './markdownRenderer';
import type { Sanitizer } from './sanitizer';

export interface StreamViewOptions {
  readonly sanitizer: Sanitizer;
  /** Schedules the next flush, calling back with the frame's time; defaults to the window's requestAnimationFrame. */
  readonly requestFrame?: (callback: (time: number) => void) => void;
  /**
   * Called at the end of each frame that showed streamed text, after the DOM changed (a page
   * keeps its view on the end here); not for what setText() or finish() show at once.
   */
  readonly onShown?: () => void;
  readonly parser?: MarkdownIt;
  /** Most characters rendered in one frame, fixed; without it the budget follows the time a frame's rendering takes. */
  readonly charsPerFrame?: number;
  /** The clock that times a frame's rendering; defaults to performance.now. */
  readonly now?: () => number;
}

/** The first frame's budget; then it follows FRAME_SCRIPT_MS. */
const START_CHARS_PER_FRAME = 1024;
/**
 * Script time a frame's rendering (parse, highlight, sanitise, patch) aims at, leaving room in
 * a 60 Hz frame for style, layout and paint: a fixed 2 KB took 9-10 ms on a slower machine and
 * every frame ran to two (33 ms gaps).
 */
const FRAME_SCRIPT_MS = 4;
const MIN_CHARS_PER_FRAME = 256;
const MAX_CHARS_PER_FRAME = 8192;

/**
 * Streamed text that keeps up is shown at most this often: every other frame at 60 Hz, 30
 * times a second (a backlog of more than a frame's budget goes on on every frame). Each showing
 * costs the browser style, layout, paint, raster and compositing beyond its script; on a slow
 * 2-core machine, showing on every frame dropped a frame in 10 of 32 streamed 100 KB answers,
 * on every other frame in 17 of 96. Text waits at most one more frame.
 */
export const MIN_SHOW_INTERVAL_MS = 25;

/** Committed blocks per section: a section is a few screens of a long answer. */
export const SECTION_BLOCKS = 16;

export class StreamView {
  private markdown: IncrementalMarkdown;
  private readonly blockElements: HTMLElement[] = [];
  private readonly sections: HTMLElement[] = [];
  private readonly tailElement: HTMLElement;
  private readonly requestFrame: (callback: (time: number) => void) => void;
  /** The frame time text was last shown at. */
  private shownAt = -Infinity;
  /** The last frame left more than a frame's budget of text waiting: a burst, not text that keeps up. */
  private backlog = false;
  private frameRequested = false;
  private dirty = false;
  /** Arrived but not yet handed to the renderer (a burst beyond the frame budget). */
  private pending = '';
  private charsPerFrame: number;
  private readonly adaptive: boolean;
  private readonly now: () => number;
  /** aria-busy as last set: set once per burst, not once per delta. */
  private busy = false;
  /** finish() was called with a backlog: the last frame of it completes the reply. */
  private ending = false;

  constructor(
    private readonly container: HTMLElement,
    private readonly options: StreamViewOptions,
  ) {
    const view = container.ownerDocument.defaultView;
    this.requestFrame = options.requestFrame ?? ((callback) => view?.requestAnimationFrame(callback));
    this.markdown = new IncrementalMarkdown(options.parser);
    this.charsPerFrame = options.charsPerFrame ?? START_CHARS_PER_FRAME;
    this.adaptive = options.charsPerFrame === undefined;
    this.now = options.now ?? (() => performance.now());
    this.tailElement = this.createElement('md-tail');
    container.replaceChildren(this.tailElement);
  }

  /** Adds streamed text; the page shows it on the next animation frame. */
  append(delta: string): void {
    if (!delta) return;
    this.pending += delta;
    if (!this.busy) this.setBusy(true);
    this.scheduleFrame();
  }

  /**
   * The reply is complete: shows the final state now, or, when more than a frame's budget
   * is still waiting (a burst at the end), over the next frames as it arrived: rendering
   * all of it in one task held the page for a long frame.
   */
  finish(): void {
    if (this.pending.length > this.charsPerFrame) {
      this.ending = true;
      this.scheduleFrame();
    } else {
      this.complete();
    }
  }

  /** Shows everything that arrived; says whether that changed the DOM. */
  private complete(): boolean {
    this.ending = false;
    this.take(this.pending.length);
    const shown = this.flush();
    this.markdown.forgetHtml();
    this.setBusy(false);
    return shown;
  }

  private setBusy(busy: boolean): void {
    this.busy = busy;
    this.container.setAttribute('aria-busy', String(busy));
  }

  /** Shows a complete message (a restored one), replacing whatever was shown. */
  setText(text: string): void {
    this.markdown = new IncrementalMarkdown(this.options.parser);
    for (const section of this.sections) section.remove();
    this.sections.length = 0;
    this.blockElements.length = 0;
    this.pending = text;
    this.complete();
  }

  /** The raw source of the code block with data-code-index `index`. */
  code(index: number): CodeBlock | undefined {
    return this.markdown.code(index);
  }

  get codeCount(): number {
    return this.markdown.codeCount;
  }

  /** The markdown received so far (shown, or about to be). */
  text(): string {
    return this.markdown.text() + this.pending;
  }

  private scheduleFrame(): void {
    if (this.frameRequested) return;
    this.frameRequested = true;
    this.requestFrame((time) => {
      this.frameRequested = false;
      // In a hidden part of the page (another answer's tab) text waits until it is shown: three
      // answers streaming at once into one message cost the frames of the one on screen. One
      // no longer in the page renders what it has and stops asking for frames.
      if (this.container.isConnected && this.container.closest('[hidden]')) return this.scheduleFrame();
      if (!this.backlog && time - this.shownAt < MIN_SHOW_INTERVAL_MS) return this.scheduleFrame();
      this.shownAt = time;
      const started = this.now();
      this.take(this.charsPerFrame);
      let shown = this.flush();
      // Only a frame the budget cut short says what the budget costs.
      if (this.adaptive && this.pending) this.adapt(this.now() - started);
      this.backlog = this.pending.length > this.charsPerFrame;
      if (this.pending) this.scheduleFrame();
      else if (this.ending) shown = this.complete() || shown;
      if (shown) this.options.onShown?.();
    });
  }

  /** A frame that rendered its whole budget took `ms`: the next one aims at FRAME_SCRIPT_MS, changing by at most half or double. */
  private adapt(ms: number): void {
    const scaled = this.charsPerFrame * Math.min(2, Math.max(0.5, FRAME_SCRIPT_MS / Math.max(ms, 0.1)));
    this.charsPerFrame = Math.round(Math.min(MAX_CHARS_PER_FRAME, Math.max(MIN_CHARS_PER_FRAME, scaled)));
  }

  /** Hands up to `count` pending characters to the renderer, never splitting a surrogate pair. */
  private take(count: number): void {
    if (!this.pending) return;
    let end = Math.min(count, this.pending.length);
    const code = this.pending.charCodeAt(end - 1);
    if (end < this.pending.length && code >= 0xd800 && code <= 0xdbff) end--;
    if (end <= 0) end = Math.min(2, this.pending.length);
    this.markdown.append(this.pending.slice(0, end));
    this.pending = this.pending.slice(end);
    this.dirty = true;
  }

  /** Shows what was handed to the renderer; says whether there was anything. */
  private flush(): boolean {
    if (!this.dirty) return false;
    this.dirty = false;
    this.apply(this.markdown.render());
    return true;
  }

  private apply(update: MarkdownUpdate): void {
    // Sanitised together: one call a frame (sanitizer.ts).
    const replaced = [...update.replaced];
    const fragments = this.options.sanitizer.sanitizeEach([
      ...replaced.map(([, block]) => block.html),
      ...update.committed.map((block) => block.html),
      update.tail.html,
    ]);
    for (const fragment of fragments) chunkLongRuns(fragment);
    replaced.forEach(([index], i) => this.blockElements[index]?.replaceChildren(fragments[i]!));
    update.committed.forEach((_, i) => {
      const element = this.createElement('md-block');
      element.append(fragments[replaced.length + i]!);
      this.openSection().append(element);
      this.blockElements.push(element);
    });
    patchChildren(this.tailElement, fragments.at(-1)!);
  }

  /** The section the next committed block goes into: the last one, or a new one once it is full. */
  private openSection(): HTMLElement {
    const last = this.sections.at(-1);
    if (last && last.childElementCount < SECTION_BLOCKS) return last;
    const section = this.createElement('md-section');
    this.container.insertBefore(section, this.tailElement);
    this.sections.push(section);
    return section;
  }

  private createElement(className: string): HTMLElement {
    const element = this.container.ownerDocument.createElement('div');
    element.className = className;
    return element;
  }
}
