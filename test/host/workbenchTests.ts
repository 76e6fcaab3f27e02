// Runs a bundled extension-tests entry (a mocha or benchmark `run()`) in a code-server
// workbench page: the payload names the extension under development and the tests, and the
// workbench reports the tests' exit code and log lines through the smoke-test driver's hooks.
import { format } from 'node:util';
import type { Page } from 'playwright-core';
import type { RunningCodeServer } from './codeServer';

/** The exit code given when the tests have not ended within the bound (a hung workbench or test). */
export const TIMED_OUT = 124;

export interface WorkbenchTests {
  /** The folder of the extension under development, on the server. */
  developmentPath: string;
  /** The bundled tests' entry, on the server. */
  entry: string;
  timeoutMs: number;
  /** Each line the tests log. */
  onLog(line: string): void;
}

/** Opens the workbench on `page` and resolves with the tests' exit code, or TIMED_OUT. */
export async function runWorkbenchTests(page: Page, server: RunningCodeServer, tests: WorkbenchTests): Promise<number> {
  const exitCode = new Promise<number>((resolve) => void page.exposeFunction('codeAutomationExit', (code: number) => resolve(code)));
  await page.exposeFunction('codeAutomationLog', (_type: string, args: unknown[]) => tests.onLog(format(...args)));
  // The host in these URIs must be the one the page is loaded from.
  const remote = (file: string): string => `vscode-remote://${new URL(server.origin).host}${file}`;
  const payload = [
    ['extensionDevelopmentPath', remote(tests.developmentPath)],
    ['extensionTestsPath', remote(tests.entry)],
    ['skipWelcome', 'true'],
  ];
  await page.goto(`${server.workbenchUrl}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<number>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), tests.timeoutMs)));
  const code = await Promise.race([exitCode, timedOut]);
  clearTimeout(timer);
  return code;
}
