// Entry point of the extension-host suite: both hosts (code-server through
// test/host/runExtensionTests.ts, desktop VS Code through test/host/runVscode.ts)
// call run() inside the real extension host. esbuild bundles each *.test.ts
// beside this file (node esbuild.mjs --tests); run() loads every one it finds.
import Mocha from 'mocha';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { SUITE_LOCALE_ENV, SUITE_RESTRICTED_ENV } from './env';

/**
 * A run in a display language other than English (--locale ru, test/host/languagePack.ts)
 * runs only that language's files (`*.ru.test.js`), a run in Restricted Mode (--restricted)
 * only `*.restricted.test.js`; the English run in a trusted folder leaves both out.
 */
function suiteFile(file: string, locale: string | undefined, restricted: boolean): boolean {
  if (restricted) return file.endsWith('.restricted.test.js');
  if (locale) return file.endsWith(`.${locale}.test.js`);
  return file.endsWith('.test.js') && !/\.([a-z]{2}|restricted)\.test\.js$/.test(file);
}

export function run(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    reporter: 'spec',
    // The report is collected as text (workbench log callback, CI logs).
    color: false,
    timeout: 30_000,
    grep: process.env.MMAI_TEST_GREP,
  });
  const files = readdirSync(__dirname)
    .filter((f) => suiteFile(f, process.env[SUITE_LOCALE_ENV], process.env[SUITE_RESTRICTED_ENV] === '1'))
    .sort();
  for (const file of files) mocha.addFile(path.join(__dirname, file));

  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      if (failures > 0) reject(new Error(`${failures} extension-host test(s) failed.`));
      // A suite that ran nothing proves nothing: treat it as a failure.
      else if (runner.stats?.tests === 0) reject(new Error(`No extension-host tests ran (files: ${files.join(', ') || 'none'}).`));
      else resolve();
    });
  });
}
