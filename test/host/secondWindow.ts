// The runner's end of a suite's second window (test/extension/secondWindow.ts): while the suite
// runs, a `open` file in the channel folder asks for another workbench page on the same
// code-server, which runs the other window's tests entry and is closed when that ends.
import { existsSync } from 'node:fs';
import * as path from 'node:path';

export interface SecondWindowWatch {
  /** Stops looking (a second window still open goes with the browser). */
  stop(): void;
}

/** Calls `open` once, when the suite asks for a second window in `folder`. */
export function watchForSecondWindow(folder: string, open: () => Promise<void>): SecondWindowWatch {
  const timer = setInterval(() => {
    if (!existsSync(path.join(folder, 'open'))) return;
    clearInterval(timer);
    open().catch((error: unknown) => console.error('[host] the second window failed:', error instanceof Error ? error.message : error));
  }, 250);
  return { stop: () => clearInterval(timer) };
}
