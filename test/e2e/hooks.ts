// Root hooks of the e2e run (test/e2e/.mocharc.json): the packaged .vsix is built once
// before any test, and a failing test leaves a screenshot of every open workbench and
// the paths of its logs under test-results/.
import type { Context } from 'mocha';
import { packageExtension } from '../host/suiteRun';
import { openWorkbenches } from './workbench';

export function mochaGlobalSetup(): void {
  packageExtension();
}

const slug = (title: string): string =>
  title
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

export const mochaHooks = {
  async afterEach(this: Context): Promise<void> {
    const test = this.currentTest;
    if (test?.state !== 'failed') return;
    for (const workbench of openWorkbenches) {
      const shot = await workbench.screenshot(`failure-${slug(test.fullTitle())}`).catch((e: unknown) => `(no screenshot: ${String(e)})`);
      console.error(`    failure screenshot: ${shot}`);
      for (const log of workbench.logPaths()) console.error(`    workbench log:      ${log}`);
    }
  },
};
