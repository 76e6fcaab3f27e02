// Coalesces streamed deltas on the host side: the first text goes on at once, then at most one
// message per interval however fast tokens arrive (the page then renders at most once per frame).
// An interval of 0 hands each delta on at once.
export const DELTA_INTERVAL_MS = 16;

export class DeltaBatcher {
  private buffer = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastEmitAt = -Infinity;

  constructor(
    private readonly emit: (text: string) => void,
    private readonly intervalMs = DELTA_INTERVAL_MS,
  ) {}

  push(text: string): void {
    this.buffer += text;
    if (this.timer !== undefined) return;
    const wait = this.lastEmitAt + this.intervalMs - performance.now();
    // A timer of 0 would still wait a turn of the event loop, about a millisecond.
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Emits whatever is buffered now (before the reply's end is announced). */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.buffer) return;
    const text = this.buffer;
    this.buffer = '';
    this.lastEmitAt = performance.now();
    this.emit(text);
  }
}
