// npm run test:extension [-- --vsix] [-- --host oldest] [-- --locale ru]
// Runs the extension-host suite (test/extension, mocha run()) inside a real
// VS Code: a code-server opened in headless Chromium, with the service emulator
// started for it. --vsix tests the packaged build installed with
// --install-extension instead of the source folder. --host oldest runs it on the
// oldest VS Code engines.vscode allows instead of the newest (paths.ts). --locale ru
// starts the workbench in Russian (languagePack.ts) and runs only the suite's
// Russian files (*.ru.test.ts; npm run test:extension:ru). --restricted opens
// its folder not trusted, in Restricted Mode, and runs only the suite's
// *.restricted.test.ts (npm run test:extension:restricted). A suite that needs two extension
// hosts on one profile asks for a second window (secondWindow.ts). Artifacts
// (mocha report, code-server and workbench logs) go to
// test-results/extension-host-<mode>-<host>[-<locale>][-restricted]/.
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { startEmulator } from '../emulator/index';
import { SUITE_LOCALE_ENV, SUITE_RESTRICTED_ENV } from '../extension/env';
import { SECOND_WINDOW_ENV } from '../extension/secondWindow';
import { launchChromium } from './browser';
import { assertInstalled, codeServerDirs, installOwnVsix, startCodeServer, writeUserSettings } from './codeServer';
import { parseLocale } from './languagePack';
import { parseHost, PROJECT_ROOT, RESULTS_DIR } from './paths';
import { onShutdown } from './processGroup';
import { watchForSecondWindow } from './secondWindow';
import { buildSuite, OTHER_WINDOW_ENTRY, parseMode, SUITE_ENTRY, suiteEnvironment, writeDevelopmentShim } from './suiteRun';
import { runWorkbenchTests, TIMED_OUT } from './workbenchTests';

/** A hung workbench or suite fails the run after this bound. */
const RUN_TIMEOUT_MS = Number(process.env.MMAI_HOST_TIMEOUT_MS ?? 5 * 60_000);

async function main(): Promise<number> {
  const mode = parseMode(process.argv.slice(2));
  const host = parseHost(process.argv.slice(2));
  const locale = parseLocale(process.argv.slice(2));
  const restricted = process.argv.includes('--restricted');
  assertInstalled(host);
  buildSuite(mode);

  const runDir = path.join(RESULTS_DIR, `extension-host-${mode}-${host.name}${locale ? `-${locale}` : ''}${restricted ? '-restricted' : ''}`);
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  const dirs = codeServerDirs(runDir, host);
  const report = path.join(runDir, 'mocha.log');
  const browserConsole = path.join(runDir, 'browser-console.log');
  writeFileSync(report, '');
  writeFileSync(browserConsole, '');
  const secondWindowDir = path.join(runDir, 'second-window');
  mkdirSync(secondWindowDir, { recursive: true });

  let extensionDevelopmentPath = PROJECT_ROOT;
  let extensionDir = PROJECT_ROOT;
  if (mode === 'vsix') {
    extensionDir = installOwnVsix(dirs);
    extensionDevelopmentPath = writeDevelopmentShim(path.join(runDir, 'dev-shim'));
  }

  const emulator = await startEmulator({ port: 0 });
  onShutdown(() => emulator.close());
  const env = {
    ...suiteEnvironment(emulator, extensionDir, dirs.userDataDir),
    ...(locale && { [SUITE_LOCALE_ENV]: locale }),
    ...(restricted && { [SUITE_RESTRICTED_ENV]: '1' }),
    [SECOND_WINDOW_ENV]: secondWindowDir,
  };
  // Not trusted, and not asked: the folder stays in Restricted Mode.
  if (restricted) writeUserSettings(dirs, { 'security.workspace.trust.startupPrompt': 'never', 'security.workspace.trust.banner': 'never' });
  const server = await startCodeServer(dirs, { env, developmentPayload: true, locale, workspaceTrust: restricted });
  const browser = await launchChromium();
  onShutdown(() => browser.close());

  const log = (line: string) => {
    appendFileSync(report, line + '\n');
    console.log(line);
  };
  // Another window of the same workbench: its own extension host, the same profile and global storage.
  const secondWindow = watchForSecondWindow(secondWindowDir, async () => {
    log('[host] the suite asked for a second window: opening it');
    const other = await browser.newPage();
    other.on('console', (m) => appendFileSync(browserConsole, `[second window] [${m.type()}] ${m.text()}\n`));
    const code = await runWorkbenchTests(other, server, {
      developmentPath: extensionDevelopmentPath,
      entry: OTHER_WINDOW_ENTRY,
      timeoutMs: RUN_TIMEOUT_MS,
      onLog: (line) => log(`[second window] ${line}`),
    });
    log(`[host] the second window's tests ended (exit ${code}); closing it`);
    await other.close();
  });

  try {
    const page = await browser.newPage();
    page.on('console', (m) => appendFileSync(browserConsole, `[${m.type()}] ${m.text()}\n`));
    console.log(
      `[host] ${mode} build${locale ? `, locale ${locale}` : ''}${restricted ? ', Restricted Mode' : ''}, VS Code ${host.vscodeVersion} (code-server ${host.codeServerVersion}, Node ${host.nodeVersion}) at ${server.origin}, emulator at ${emulator.baseUrl}`,
    );
    const code = await runWorkbenchTests(page, server, {
      developmentPath: extensionDevelopmentPath,
      entry: SUITE_ENTRY,
      timeoutMs: RUN_TIMEOUT_MS,
      onLog: log,
    });
    if (code === TIMED_OUT) console.error(`[host] FAILED: no result after ${RUN_TIMEOUT_MS / 1000} s (hung workbench or test).`);
    return code;
  } finally {
    secondWindow.stop();
    await browser.close();
    await server.stop();
    await emulator.close();
    console.log(`[host] mocha report:    ${report}`);
    console.log(`[host] workbench logs:  ${dirs.logsDir}`);
    console.log(`[host] code-server log: ${dirs.serverLog}`);
    console.log(`[host] browser console: ${browserConsole}`);
  }
}

main().then(
  (code) => {
    if (code !== 0) console.error(`[host] extension-host suite failed (exit ${code}).`);
    process.exit(code);
  },
  (error: unknown) => {
    console.error('[host]', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
