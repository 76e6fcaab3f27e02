// Runs benchmark suites inside a real extension host: code-server (the newest host) opened in
// headless Chromium with a payload naming the project as the extension under development and
// a bundled `run()` as its tests.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { build } from 'esbuild';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../host/browser';
import { assertInstalled, codeServerDirs, installVsix, startCodeServer, type CodeServerDirs, type RunningCodeServer } from '../host/codeServer';
import { PROJECT_ROOT, RESULTS_DIR } from '../host/paths';
import { runWorkbenchTests } from '../host/workbenchTests';

const RUN_TIMEOUT_MS = 120_000;

/** A bench's clean folder (results/bench-<name>), a code-server's folders in it with the bench's peer extension installed, and its suite bundled. */
export async function prepareHostBench(
  name: string,
  installPeer: (dirs: CodeServerDirs) => Promise<void>,
): Promise<{ runDir: string; dirs: CodeServerDirs; entry: string }> {
  assertInstalled();
  const runDir = path.join(RESULTS_DIR, `bench-${name}`);
  rmSync(runDir, { recursive: true, force: true });
  const dirs = codeServerDirs(runDir);
  await installPeer(dirs);
  const entry = await bundleSuite(`${name}/suite.ts`, path.join(runDir, 'suite'));
  return { runDir, dirs, entry };
}

/** Bundles a suite (test/bench/<name>/suite.ts) for the extension host. */
export async function bundleSuite(suite: string, outDir: string): Promise<string> {
  const outfile = path.join(outDir, 'index.js');
  await build({
    entryPoints: [path.join(__dirname, suite)],
    bundle: true,
    outfile,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    logLevel: 'warning',
  });
  return outfile;
}

/**
 * Packages a benchmark's peer extension (publisher multi-model-ai-bench) with vsce and installs
 * it into the host: `manifest` is its package.json without name and publisher, `write` puts its
 * main module into the folder given.
 */
export async function installPeerExtension(
  dirs: CodeServerDirs,
  name: string,
  manifest: Record<string, unknown>,
  write: (dir: string) => Promise<void>,
): Promise<void> {
  const dir = path.join(dirs.runDir, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, publisher: 'multi-model-ai-bench', version: '0.0.0', ...manifest }, null, 2));
  writeFileSync(path.join(dir, 'README.md'), `# ${name}\n\nA benchmark's peer extension.\n`);
  await write(dir);
  const vsix = path.join(dirs.runDir, `${name}.vsix`);
  const vsce = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'vsce');
  const packed = spawnSync(vsce, ['package', '--allow-missing-repository', '--skip-license', '-o', vsix], { cwd: dir, encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(`packaging the peer extension ${name} failed: ${packed.stdout}${packed.stderr}`);
  installVsix(dirs, vsix);
}

/**
 * One code-server and one browser context for a benchmark's runs: each run opens the workbench
 * in a new page, so it gets a new extension host (the workbench ends the last one when its
 * tests exit), while the server and the browser's cache of the workbench are kept. A run costs
 * about 15 s instead of the 23 s of a fresh server and browser on a slow 2-core machine.
 */
export class HostSession {
  private constructor(
    private readonly server: RunningCodeServer,
    private readonly browser: Browser,
    private readonly context: BrowserContext,
  ) {}

  /** `env` reaches every run's extension host (the server passes its own to it). */
  static async open(dirs: CodeServerDirs, env: Record<string, string>): Promise<HostSession> {
    const server = await startCodeServer(dirs, { env, developmentPayload: true });
    try {
      const browser = await launchChromium();
      return new HostSession(server, browser, await browser.newContext());
    } catch (error) {
      await server.stop();
      throw error;
    }
  }

  /** Opens the workbench with the project as the extension under development and `entry` as its tests; resolves when they exit 0. */
  async run(entry: string, what: string): Promise<void> {
    const page = await this.context.newPage();
    try {
      const hostLog: string[] = [];
      const code = await runWorkbenchTests(page, this.server, {
        developmentPath: PROJECT_ROOT,
        entry,
        timeoutMs: RUN_TIMEOUT_MS,
        onLog: (line) => hostLog.push(line),
      });
      if (code !== 0) throw new Error(`${what} failed (exit ${code}): ${hostLog.slice(-5).join(' | ') || `see ${this.server.logsDir}`}`);
    } finally {
      await page.close();
    }
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    await this.server.stop();
  }
}
