// The reply being streamed into a conversation: its abort, its end, and whether the pages are
// busy with it. A reply starts once the one before it has ended (and is stored).
export class StreamedReply {
  /**
   * `ended` once it is stored and its end shown; `left` once another conversation is shown (it
   * is stopping, and nothing waits for it but the next reply's start).
   */
  private active?: { controller: AbortController; done: Promise<void>; ended?: boolean; left?: boolean };

  get busy(): boolean {
    return this.active !== undefined && !this.active.ended && !this.active.left;
  }

  /** Resolves when the reply being streamed (if any) has ended. */
  async settled(): Promise<void> {
    await this.active?.done;
  }

  /** Aborts the reply being streamed. */
  stop(): void {
    this.active?.controller.abort();
  }

  /** Stops the reply as its conversation leaves the view: the pages are not busy with it any more. */
  leave(): void {
    this.stop();
    if (this.active) this.active.left = true;
  }

  /** Runs `answer` once the reply before it has ended, as the reply being streamed. */
  start(answer: (signal: AbortSignal) => Promise<void>): Promise<void> {
    const controller = new AbortController();
    // A reply still being saved is saved before this one starts (Retry right after a cut).
    const previous = this.active?.done.catch(() => undefined);
    const done = Promise.resolve(previous)
      .then(() => answer(controller.signal))
      .finally(() => {
        if (this.active?.controller === controller) this.active = undefined;
      });
    this.active = { controller, done };
    return done;
  }

  /** The reply of `signal` is stored and its end shown: the pages are not busy with it any more. */
  end(signal: AbortSignal): void {
    if (this.active?.controller.signal === signal) this.active.ended = true;
  }
}
