// Coalesces streamed deltas on the host side: the page gets at most one message per
// interval however fast tokens arrive (the page then renders at most once per frame).
// An interval of 0 (the language-model provider's) hands each delta on at once: a timer of
// 0 still waits a turn of the event loop, about a millisecond before the first text.
export const DELTA_INTERVAL_MS = 16;

export class DeltaBatcher {
  private buffer = '';
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly emit: (text: string) => void, private readonly intervalMs = DELTA_INTERVAL_MS) {}

  push(text: string): void {
    if (this.intervalMs === 0) {
      this.emit(text);
      return;
    }
    this.buffer += text;
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  /** Emits whatever is buffered now (before the reply's end is announced). */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.buffer) return;
    const text = this.buffer;
    this.buffer = '';
    this.emit(text);
  }
}
