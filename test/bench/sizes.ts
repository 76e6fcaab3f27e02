// Benchmark 4b: what is shipped. The production bundles and the .vsix come from the
// project's own scripts (`npm run package` when it exists, else the production build).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { PROJECT_ROOT, VSIX_PATH } from '../host/paths';

export interface Sizes {
  extensionJsBytes: number;
  webviewJsBytes: number;
  /** Undefined when the project has no package script yet. */
  vsixBytes?: number;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: PROJECT_ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
}

/** Builds what ships: the .vsix via `npm run package` (a production build), else the production bundles; true if packaged. */
export function buildShipped(log: (line: string) => void): boolean {
  const scripts = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  if (scripts.package) {
    log('build: npm run package');
    run('npm', ['run', '--silent', 'package']);
    return true;
  }
  log('build: no package script yet, production bundles only (node esbuild.mjs --production)');
  run(process.execPath, ['esbuild.mjs', '--production']);
  return false;
}

export function measureSizes(hasVsix: boolean): Sizes {
  const size = (file: string) => statSync(file).size;
  return {
    // The entry (dist/extension.js, a loader) and the bundle it runs (dist/main.js).
    extensionJsBytes: size(path.join(PROJECT_ROOT, 'dist', 'extension.js')) + size(path.join(PROJECT_ROOT, 'dist', 'main.js')),
    webviewJsBytes: size(path.join(PROJECT_ROOT, 'dist', 'webview.js')),
    vsixBytes: hasVsix && existsSync(VSIX_PATH) ? size(VSIX_PATH) : undefined,
  };
}
