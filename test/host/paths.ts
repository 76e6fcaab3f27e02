// Where the real-VS-Code tiers keep things. The cache folder and version are
// the same ones test/host/install.sh uses.
import { readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const CODE_SERVER_VERSION = '4.100.3';
export const PROJECT_ROOT = path.resolve(__dirname, '../..');
export const CACHE_ROOT = process.env.MMAI_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'multi-model-ai');
export const CODE_SERVER_DIR = path.join(CACHE_ROOT, `code-server-${CODE_SERVER_VERSION}`);
export const CODE_SERVER_ENTRY = path.join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const CODE_SERVER_STAMP = path.join(CODE_SERVER_DIR, '.installed');
/** Artifacts of every run (git-ignored): reports, logs, screenshots. */
export const RESULTS_DIR = path.join(PROJECT_ROOT, 'test-results');
/** One file per live code-server process group, so .ci/run can end leftovers. */
export const PID_DIR = path.join(RESULTS_DIR, 'pids');
export const VSIX_PATH = path.join(PROJECT_ROOT, 'dist', 'multi-model-ai.vsix');
export const CHROMIUM_PATH = process.env.MMAI_CHROMIUM ?? '/usr/bin/chromium';

/** Where a host installs the packaged build: EXTENSIONS_DIR/PUBLISHER.NAME-VERSION. */
export function installedExtensionDir(extensionsDir: string): string {
  const manifest = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { publisher: string; name: string; version: string };
  return path.join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
}
