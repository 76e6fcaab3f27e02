// Starts a code-server (VS Code's own server, web workbench and Node extension
// host; paths.ts names the hosts) on its own Node, with everything kept inside one
// run folder: config, user data (settings, logs), extensions and the XDG dirs.
// See docs/TESTING.md for the flags.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { HARNESS_TOKEN_ENV } from '#src/platform/startup/harnessToken';
import { installLanguagePack, type TestLocale } from './languagePack';
import { installedExtensionDir, NEWEST_HOST, VSIX_PATH, type Host } from './paths';
import { spawnGroup } from './processGroup';
import { freePort } from './freePort';

export interface CodeServerDirs {
  /** The code-server this instance runs. */
  host: Host;
  /** Everything this instance writes lives under here. */
  runDir: string;
  userDataDir: string;
  extensionsDir: string;
  /** The workspace folder the workbench opens. */
  workspaceDir: string;
  /** code-server's own stdout/stderr. */
  serverLog: string;
  /** The workbench's server-side logs (extension host, remote agent). */
  logsDir: string;
}

export interface RunningCodeServer extends CodeServerDirs {
  origin: string;
  /** The workbench URL for the workspace folder. */
  workbenchUrl: string;
  stop(): Promise<void>;
}

export function assertInstalled(host: Host = NEWEST_HOST): void {
  if (!existsSync(host.stamp)) {
    throw new Error(`code-server ${host.codeServerVersion} is not installed (no ${host.stamp}): run npm run host:install first.`);
  }
}

export function codeServerDirs(runDir: string, host: Host = NEWEST_HOST): CodeServerDirs {
  const userDataDir = path.join(runDir, 'user-data');
  return {
    host,
    runDir,
    userDataDir,
    extensionsDir: path.join(runDir, 'extensions'),
    workspaceDir: path.join(runDir, 'workspace'),
    serverLog: path.join(runDir, 'code-server.log'),
    logsDir: path.join(userDataDir, 'logs'),
  };
}

function baseArgs(dirs: CodeServerDirs): string[] {
  return ['--config', path.join(dirs.runDir, 'config.yaml'), '--user-data-dir', dirs.userDataDir, '--extensions-dir', dirs.extensionsDir];
}

function baseEnv(dirs: CodeServerDirs): NodeJS.ProcessEnv {
  // A harness token reaches a host only through StartOptions.env (the extension-host tiers),
  // never from the caller's own environment: e2e and the demo run as a person's VS Code does.
  const { [HARNESS_TOKEN_ENV]: _notInherited, ...inherited } = process.env;
  return {
    ...inherited,
    XDG_CONFIG_HOME: path.join(dirs.runDir, 'xdg', 'config'),
    XDG_DATA_HOME: path.join(dirs.runDir, 'xdg', 'data'),
  };
}

function prepare(dirs: CodeServerDirs): void {
  for (const dir of [dirs.userDataDir, dirs.extensionsDir, dirs.workspaceDir]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dirs.runDir, 'config.yaml'), 'auth: none\ncert: false\n');
}

/** Installs a packaged build the way a user does (`--install-extension`). */
export function installVsix(dirs: CodeServerDirs, vsix: string): void {
  assertInstalled(dirs.host);
  prepare(dirs);
  const result = spawnSync(dirs.host.node, [dirs.host.entry, ...baseArgs(dirs), '--install-extension', vsix, '--force'], {
    env: baseEnv(dirs),
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) {
    throw new Error(`Installing ${vsix} into code-server failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/** Installs this project's .vsix and returns its folder (extensions/PUBLISHER.NAME-VERSION). */
export function installOwnVsix(dirs: CodeServerDirs): string {
  installVsix(dirs, VSIX_PATH);
  const installed = installedExtensionDir(dirs.extensionsDir);
  if (!existsSync(installed)) throw new Error(`${VSIX_PATH} was installed, but not into ${installed}.`);
  return installed;
}

/** Writes the user settings (settings.json) the workbench starts with. */
export function writeUserSettings(dirs: CodeServerDirs, settings: Record<string, unknown>): void {
  writeSettings(path.join(dirs.userDataDir, 'User', 'settings.json'), settings);
}

/**
 * Writes the server machine's settings (the "Remote" tab). The workbench is remote to its
 * extension host, so settings of `machine` scope (multiModelAI.baseUrl) apply only from
 * here: in user settings they are ignored once the workbench re-reads them.
 */
export function writeMachineSettings(dirs: CodeServerDirs, settings: Record<string, unknown>): void {
  writeSettings(path.join(dirs.userDataDir, 'Machine', 'settings.json'), settings);
}

function writeSettings(file: string, settings: Record<string, unknown>): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(settings, null, 2) + '\n');
}

export interface StartOptions {
  /** Extra environment for the server and so for the extension host (MMAI_TEST_*, MMAI_EMULATOR_KEY). */
  env?: Record<string, string>;
  port?: number;
  startTimeoutMs?: number;
  /** The workbench will be opened with an extensionDevelopmentPath/extensionTestsPath payload. */
  developmentPayload?: boolean;
  /** The display language (`--locale`, with a language pack for it); English without it. */
  locale?: TestLocale;
  /** Keep workspace trust on, so that a folder not trusted opens in Restricted Mode; off (trusted) without it. */
  workspaceTrust?: boolean;
}

/**
 * A newer VS Code (1.139; not 1.104 or 1.117) ignores that payload in a built workbench unless
 * the smoke-test driver is on, which code-server takes only through its VS Code pass-through,
 * VSCODE_OPTIONS. Older code-servers ignore the variable and honour the payload anyway.
 */
const DEVELOPMENT_PAYLOAD_ENV = { VSCODE_OPTIONS: 'enable-smoke-test-driver' };

export async function startCodeServer(dirs: CodeServerDirs, options: StartOptions = {}): Promise<RunningCodeServer> {
  assertInstalled(dirs.host);
  prepare(dirs);
  const port = options.port || (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  if (options.locale) installLanguagePack(dirs, options.locale);
  const log = openSync(dirs.serverLog, 'a');
  const server = spawnGroup(
    dirs.host.node,
    [
      dirs.host.entry,
      ...baseArgs(dirs),
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
      '--disable-getting-started-override',
      ...(options.locale ? ['--locale', options.locale] : []),
    ],
    { env: { ...baseEnv(dirs), ...options.env, ...(options.developmentPayload ? DEVELOPMENT_PAYLOAD_ENV : {}) }, stdio: ['ignore', log, log] },
  );

  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined) {
      throw new Error(`code-server exited (code ${exitCode}) before it was ready:\n${readFileSync(dirs.serverLog, 'utf8').slice(-2000)}`);
    }
    const healthy = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`code-server did not answer ${origin}/healthz in time; its log: ${dirs.serverLog}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    ...dirs,
    origin,
    workbenchUrl: `${origin}/?folder=${encodeURIComponent(dirs.workspaceDir)}`,
    stop: server.stop,
  };
}
