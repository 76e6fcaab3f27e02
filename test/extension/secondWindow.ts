// A second window on the same profile, for a suite that needs two extension hosts sharing one
// global storage. The code-server runner (test/host/runExtensionTests.ts) sets
// MMAI_TEST_SECOND_WINDOW to a folder; when the suite writes `open` there, the runner opens a
// second workbench page on the same server whose tests entry is otherWindow.ts. The two windows
// talk through numbered files in that folder: a command from the suite, an answer from the other
// window, each written whole (renamed into place).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { HistoryItem } from '#src/chat/common/conversation/conversation';

export const SECOND_WINDOW_ENV = 'MMAI_TEST_SECOND_WINDOW';

/** What the suite asks the other window to do, as a person there would. */
export type WindowCommand =
  { type: 'delete'; id: string } | { type: 'answer'; text: string; key: { id: string; name: string; secret: string } } | { type: 'list' } | { type: 'end' };

export interface WindowAnswer {
  ok: boolean;
  error?: string;
  /** The other window's history list after the command. */
  list?: HistoryItem[];
}

/** The folder the windows talk through, when the runner can open a second window (not in desktop VS Code). */
export function channelFolder(): string | undefined {
  return process.env[SECOND_WINDOW_ENV] || undefined;
}

export function writeWhole(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.part`, JSON.stringify(value));
  renameSync(`${file}.part`, file);
}

/** Resolves with the JSON in `file` once it is there (bounded). */
export async function readWhenThere<T>(file: string, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${file})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

const OPENED = Symbol.for('multiModelAI.test.secondWindow');

export const commandFile = (folder: string, n: number): string => path.join(folder, 'commands', `${n}.json`);
export const answerFile = (folder: string, n: number): string => path.join(folder, 'answers', `${n}.json`);

/** The suite's end: asks the runner for the other window, then sends it commands one at a time. */
export class SecondWindow {
  private sent = 0;

  private constructor(
    private readonly folder: string,
    /** The process id of the other window's extension host. */
    readonly pid: number,
  ) {}

  /**
   * Opens the other window and resolves once its extension is active and its chat has read the
   * history. The runner opens one for the whole run: every suite that asks gets that one (each
   * test file is a bundle of its own, so it is kept on the global object), and the last suite
   * to use it in file order (history.test.ts) closes it; a run narrowed to another suite leaves
   * it to close with the browser.
   */
  static open(folder: string): Promise<SecondWindow> {
    const shared = globalThis as { [OPENED]?: Promise<SecondWindow> };
    shared[OPENED] ??= (async () => {
      writeWhole(path.join(folder, 'open'), { at: new Date().toISOString() });
      const ready = await readWhenThere<{ pid: number }>(path.join(folder, 'ready.json'), 'the second window to start', 180_000);
      return new SecondWindow(folder, ready.pid);
    })();
    return shared[OPENED];
  }

  async ask(command: WindowCommand, timeoutMs = 60_000): Promise<WindowAnswer> {
    const n = ++this.sent;
    writeWhole(commandFile(this.folder, n), command);
    return readWhenThere<WindowAnswer>(answerFile(this.folder, n), `the second window's answer to ${command.type}`, timeoutMs);
  }

  /** Ends the other window's tests: the runner then closes its page, and its extension host goes. */
  async close(): Promise<void> {
    await this.ask({ type: 'end' });
  }
}
