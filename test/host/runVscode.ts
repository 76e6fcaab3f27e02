// npm run test:vscode [-- --vsix] [-- --host oldest]
// The same extension-host suite as npm run test:extension, in desktop VS Code
// through @vscode/test-electron: the VS Code version of the newest code-server host,
// or of the oldest with --host oldest (paths.ts). It downloads VS Code from Microsoft's
// servers, so it runs only where those can be reached and a display exists
// (xvfb-run on Linux); it is not part of npm test.
import { downloadAndUnzipVSCode, resolveCliArgsFromVSCodeExecutablePath, runTests } from '@vscode/test-electron';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmulator } from '../emulator/index';
import { installedExtensionDir, parseHost, PROJECT_ROOT, VSIX_PATH } from './paths';
import { onShutdown } from './processGroup';
import { buildSuite, parseMode, SUITE_ENTRY, suiteEnvironment, writeDevelopmentShim } from './suiteRun';

async function downloadVscode(version: string): Promise<string> {
  try {
    return await downloadAndUnzipVSCode(version);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `VS Code ${version} could not be downloaded (${reason}). npm run test:vscode needs ` +
        'update.code.visualstudio.com and a display; without them, run the same suite in code-server: npm run test:extension.',
    );
  }
}

async function main(): Promise<number> {
  const mode = parseMode(process.argv.slice(2));
  buildSuite(mode);
  const vscodeExecutablePath = await downloadVscode(parseHost(process.argv.slice(2)).vscodeVersion);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'mmai-vscode-'));
  onShutdown(async () => rmSync(scratch, { recursive: true, force: true }));
  const profile = ['--user-data-dir', path.join(scratch, 'user-data'), '--extensions-dir', path.join(scratch, 'extensions')];
  let extensionDevelopmentPath = PROJECT_ROOT;
  let extensionDir = PROJECT_ROOT;
  if (mode === 'vsix') {
    const [cli, ...cliArgs] = resolveCliArgsFromVSCodeExecutablePath(vscodeExecutablePath);
    const installed = spawnSync(cli!, [...cliArgs, ...profile, '--install-extension', VSIX_PATH], { stdio: 'inherit' });
    if (installed.status !== 0) throw new Error(`Installing ${VSIX_PATH} into VS Code failed (exit ${installed.status}).`);
    extensionDevelopmentPath = writeDevelopmentShim(path.join(scratch, 'dev-shim'));
    extensionDir = installedExtensionDir(path.join(scratch, 'extensions'));
  }

  const emulator = await startEmulator({ port: 0 });
  try {
    return await runTests({
      vscodeExecutablePath,
      extensionDevelopmentPath,
      extensionTestsPath: SUITE_ENTRY,
      extensionTestsEnv: suiteEnvironment(emulator, extensionDir, path.join(scratch, 'user-data')),
      launchArgs: ['--disable-workspace-trust', ...profile],
    });
  } finally {
    await emulator.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[vscode]', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
