// What both extension-host runners share (runExtensionTests.ts: code-server;
// runVscode.ts: desktop VS Code): the build, the mode (source folder or the
// installed .vsix) and the environment handed to the suite.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { HARNESS_TOKEN_ENV } from '#src/platform/startup/harnessToken';
import { FIXTURE_KEYS, type RunningEmulator } from '../emulator/index';
import { EXPORTS_PROBE_ID } from '../extension/env';
import { PROJECT_ROOT } from './paths';

export type SuiteMode = 'source' | 'vsix';

export const SUITE_ENTRY = path.join(PROJECT_ROOT, 'out', 'test', 'extension', 'index.js');
/** The tests entry of the second window a suite can ask for (test/extension/secondWindow.ts). */
export const OTHER_WINDOW_ENTRY = path.join(PROJECT_ROOT, 'out', 'test', 'extension', 'otherWindow.js');

export function parseMode(argv: string[]): SuiteMode {
  return argv.includes('--vsix') ? 'vsix' : 'source';
}

/** Runs a build step; a quiet one shows its output only when it fails. */
function run(command: string, args: string[], quiet = false): void {
  const result = spawnSync(command, args, { cwd: PROJECT_ROOT, stdio: quiet ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (result.status === 0) return;
  if (quiet) process.stderr.write(`${result.stdout}${result.stderr}`);
  throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status}).`);
}

/** Builds the production bundles and packages them as dist/multi-model-ai.vsix. */
export function packageExtension(options: { quiet?: boolean } = {}): void {
  run('npm', ['run', '--silent', 'package'], options.quiet);
}

/** Builds the extension (packaged as a .vsix in vsix mode) and the suite bundle. */
export function buildSuite(mode: SuiteMode): void {
  if (mode === 'vsix') packageExtension();
  // Builds the extension's own bundles too, so source mode runs the current code.
  run(process.execPath, ['esbuild.mjs', '--tests']);
}

/**
 * In vsix mode the host still needs an extensionDevelopmentPath, or it ignores the tests
 * path: the exports probe, an extension that reads ours as any other extension could.
 */
export function writeDevelopmentShim(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify(
      {
        name: EXPORTS_PROBE_ID.split('.')[1],
        publisher: EXPORTS_PROBE_ID.split('.')[0],
        version: '0.0.0',
        engines: { vscode: '^1.100.0' },
        main: './extension.js',
        // Before Multi-Model AI (which the suite activates later), as an extension that runs first would.
        activationEvents: ['*'],
      },
      null,
      2,
    ),
  );
  copyFileSync(path.join(PROJECT_ROOT, 'test/host/exportsProbe/extension.js'), path.join(dir, 'extension.js'));
  return dir;
}

/** The environment the suite reads (test/extension/env.ts). */
export function suiteEnvironment(emulator: RunningEmulator, extensionDir: string, userDataDir: string): Record<string, string> {
  const env: Record<string, string> = {
    MMAI_TEST_USER_DATA_DIR: userDataDir,
    MMAI_TEST_BASE_URL: emulator.baseUrl,
    MMAI_TEST_KEY: FIXTURE_KEYS.alpha,
    MMAI_EMULATOR_ORIGIN: emulator.origin,
    MMAI_TEST_EXTENSION_DIR: extensionDir,
    // A new one each run: the extension gives its test handle only for it.
    [HARNESS_TOKEN_ENV]: randomBytes(32).toString('hex'),
  };
  if (process.env.MMAI_TEST_GREP) env.MMAI_TEST_GREP = process.env.MMAI_TEST_GREP;
  return env;
}
