// Runs a benchmark suite inside a real extension host: a fresh code-server (the newest host)
// opened in headless Chromium with a payload naming the project as the extension under
// development and `entry` (a bundled `run()`) as its tests; resolves when the suite exits 0.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { installVsix, startCodeServer, type CodeServerDirs } from '../host/codeServer';
import { PROJECT_ROOT } from '../host/paths';

const RUN_TIMEOUT_MS = 120_000;

/** Bundles a suite (test/bench/<name>/suite.ts) for the extension host. */
export async function bundleSuite(suite: string, outDir: string): Promise<string> {
  const outfile = path.join(outDir, 'index.js');
  await build({
    entryPoints: [path.join(__dirname, suite)],
    bundle: true, outfile, platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'], logLevel: 'warning',
  });
  return outfile;
}

/**
 * Packages a benchmark's peer extension (publisher multi-model-ai-bench) with vsce and installs
 * it into the host: `manifest` is its package.json without name and publisher, `write` puts its
 * main module into the folder given.
 */
export async function installPeerExtension(dirs: CodeServerDirs, name: string, manifest: Record<string, unknown>, write: (dir: string) => Promise<void>): Promise<void> {
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

export async function runInHost(browser: Browser, dirs: CodeServerDirs, entry: string, env: Record<string, string>, what: string): Promise<void> {
  const server = await startCodeServer(dirs, { env, developmentPayload: true });
  const page = await browser.newPage();
  try {
    const exitCode = new Promise<number>((resolve) => void page.exposeFunction('codeAutomationExit', (code: number) => resolve(code)));
    const hostLog: string[] = [];
    await page.exposeFunction('codeAutomationLog', (_type: string, args: unknown[]) => hostLog.push(args.map(String).join(' ')));
    const remote = (file: string): string => `vscode-remote://${new URL(server.origin).host}${file}`;
    const payload = [
      ['extensionDevelopmentPath', remote(PROJECT_ROOT)],
      ['extensionTestsPath', remote(entry)],
      ['skipWelcome', 'true'],
    ];
    await page.goto(`${server.workbenchUrl}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([exitCode, new Promise<number>((resolve) => (timer = setTimeout(() => resolve(124), RUN_TIMEOUT_MS)))]);
    clearTimeout(timer);
    if (code !== 0) throw new Error(`${what} failed (exit ${code}): ${hostLog.slice(-5).join(' | ') || `see ${dirs.logsDir}`}`);
  } finally {
    await page.close();
    await server.stop();
  }
}
