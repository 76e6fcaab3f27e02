// Where the real-VS-Code tiers keep things. The hosts, their versions and cache
// folders are the ones test/host/install.sh installs (both read hosts.json).
import { readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import hosts from './hosts.json';

export type HostName = keyof typeof hosts;

/** A code-server (VS Code's server, web workbench and Node extension host) and the Node it runs on. */
export interface Host {
  name: HostName;
  codeServerVersion: string;
  vscodeVersion: string;
  nodeVersion: string;
  /** The Node binary that runs code-server; the test runners stay on the machine's Node. */
  node: string;
  entry: string;
  stamp: string;
}

export const PROJECT_ROOT = path.resolve(__dirname, '../..');
export const CACHE_ROOT = process.env.MMAI_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'multi-model-ai');

function host(name: HostName): Host {
  const { codeServer, vscode, node } = hosts[name];
  const dir = path.join(CACHE_ROOT, `code-server-${codeServer}-node${node}`);
  return {
    name,
    codeServerVersion: codeServer,
    vscodeVersion: vscode,
    nodeVersion: node,
    node: path.join(CACHE_ROOT, `node-${node}`, 'bin', 'node'),
    entry: path.join(dir, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    stamp: path.join(dir, '.installed'),
  };
}

/** The newest VS Code that installs here: every real-editor tier runs on it. */
export const NEWEST_HOST = host('newest');

/** `--host oldest|newest` on a runner's command line; newest without it. */
export function parseHost(argv: string[]): Host {
  const at = argv.indexOf('--host');
  if (at === -1) return NEWEST_HOST;
  const name = argv[at + 1];
  if (name !== 'newest' && name !== 'oldest') throw new Error(`--host wants newest or oldest, got "${name ?? ''}".`);
  return host(name);
}

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
