// Notices a stream that goes silent. Only time spent waiting for the next bytes counts
// (a slow consumer is not the service's silence), and marking progress is two field writes,
// so a stream of tens of thousands of chunks pays almost nothing for it.

export class IdleWatchdog {
  private waitingSince = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly idleMs: number,
    private readonly onIdle: () => void,
  ) {}

  /** Starts watching: from now on, a wait longer than idleMs calls onIdle. */
  start(): void {
    if (this.timer === undefined) this.timer = setTimeout(this.check, this.idleMs);
  }

  /** Wraps a byte source so every wait for its next chunk is watched. */
  async *watch<T>(source: AsyncIterable<T>): AsyncGenerator<T, void, undefined> {
    const iterator = source[Symbol.asyncIterator]();
    try {
      for (;;) {
        this.waitingSince = performance.now();
        const next = await iterator.next();
        this.waitingSince = 0;
        if (next.done) return;
        yield next.value;
      }
    } finally {
      this.waitingSince = 0;
      await iterator.return?.();
    }
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private readonly check = (): void => {
    const waited = this.waitingSince === 0 ? 0 : performance.now() - this.waitingSince;
    if (waited >= this.idleMs) {
      this.onIdle();
      return;
    }
    this.timer = setTimeout(this.check, this.idleMs - waited);
  };
}
