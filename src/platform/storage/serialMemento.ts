// One extension state (globalState) written one write at a time, by every part of the
// extension that writes to it.
//
// VS Code's globalState keeps one object for all of an extension's keys in the extension
// host, sends it whole to the workbench on a 0 ms timer, and replaces it whole with the
// workbench's copy each time the workbench reports a change, which it does for every write,
// before that write's promise resolves (extHostMemento.ts, mainThreadStorage.ts in VS Code
// 1.139). A write made while an earlier one is still on its way can thus be overwritten by
// that earlier write's echo before it is sent, and the older value is sent in its place,
// whichever keys the two writes were for: a finished chat answer was restored after a reload
// as "did not finish" (its streaming-time save won). Here each write waits for the one before.

/** The part of vscode.Memento the extension's stores need (tests pass a Map-backed one). */
export interface MementoLike {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

export class SerialMemento implements MementoLike {
  /** The last write asked for: the next one starts when it has ended. */
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly inner: MementoLike) {}

  /** `memento` itself when it already writes one at a time, else it wrapped. */
  static of(memento: MementoLike): SerialMemento {
    return memento instanceof SerialMemento ? memento : new SerialMemento(memento);
  }

  get<T>(key: string): T | undefined {
    return this.inner.get<T>(key);
  }

  /** Runs once the writes before it have ended; a failed write does not stop the next. */
  update(key: string, value: unknown): Promise<void> {
    return this.updateWith(key, () => value);
  }

  /** The same, with the value made from the stored one when its turn comes (another window may have written it since). */
  updateWith(key: string, next: (stored: unknown) => unknown): Promise<void> {
    const run = this.writes.catch(() => undefined).then(() => this.inner.update(key, next(this.inner.get<unknown>(key))));
    this.writes = run;
    return run;
  }

  /** Resolves when every write asked for so far has ended. */
  flushed(): Promise<void> {
    return this.writes.catch(() => undefined);
  }
}
