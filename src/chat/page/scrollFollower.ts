// Keeps the transcript on its end while an answer grows, unless the person scrolled up to
// read: where they are is read on scroll, not per delta (no forced layout).

/** Closer than this to the end counts as at the end. */
const AT_END_PX = 40;

export class ScrollFollower {
  private following = true;
  private scheduled = false;

  constructor(private readonly scroller: HTMLElement) {
    scroller.addEventListener('scroll', () => (this.following = this.atEnd()), { passive: true });
  }

  /** Keeps the view on the end, unless the person scrolled away from it. */
  follow(): void {
    if (this.following) this.toEnd();
  }

  /** The same, once in the next frame however often it is asked for (for text written outside the stream view's frames). */
  followInNextFrame(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => {
      this.scheduled = false;
      this.follow();
    });
  }

  toEnd(): void {
    this.scroller.scrollTop = this.scroller.scrollHeight;
  }

  private atEnd(): boolean {
    const scroller = this.scroller;
    return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < AT_END_PX;
  }
}
