// npm run demo [-- --port N] [-- --screenshot FILE] [-- --packaged]
// A workbench to try the extension in, with nothing to set up: the packaged .vsix
// installed in code-server under test-results/demo, talking to the service
// emulator. The emulator's fixture key reaches the extension through
// MMAI_EMULATOR_KEY (src/platform/startup/emulatorKeySeed.ts). Prints one line with the address
// to open and serves until Ctrl+C. --screenshot FILE instead opens the chat in
// headless Chromium, sends a message, saves the workbench with the streamed reply
// as FILE (the README's picture) and stops. --packaged installs dist/multi-model-ai.vsix
// as it is (the e2e run has just built it) instead of packaging again.
import { rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { FIXTURE_KEYS, startEmulator } from '../emulator/index';
import { Workbench } from '../e2e/workbench';
import { codeServerDirs, installOwnVsix, startCodeServer, writeMachineSettings, writeUserSettings } from './codeServer';
import { RESULTS_DIR } from './paths';
import { onShutdown, stopWithLaunchers } from './processGroup';
import { packageExtension } from './suiteRun';

const SAMPLE = `// Select some code, then right-click: Explain Selection, Refactor Selection.
export function total(items: number[]): number {
  let sum = 0;
  for (let i = 0; i < items.length; i++) sum += items[i]!;
  return sum;
}
`;

function option(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}

/** Opens the chat, sends a message and saves the workbench once the reply has streamed. */
async function screenshot(url: string, file: string): Promise<void> {
  const workbench = await Workbench.open(url, 'demo');
  try {
    await workbench.openFile('total.ts');
    await workbench.runCommand('Multi-Model AI: Open Chat');
    const chat = await workbench.webviewFrame('Multi-Model AI Chat');
    const composer = chat.locator('textarea.composer-input');
    await composer.fill('Show me a binary search in TypeScript');
    await composer.press('Enter');
    await chat.locator('.turn-assistant[data-status="done"]').last().waitFor({ timeout: 60_000 });
    await workbench.page.screenshot({ path: file });
  } finally {
    await workbench.stop();
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const port = Number(option(argv, '--port') ?? 0);
  const shot = option(argv, '--screenshot');
  if (!argv.includes('--packaged')) packageExtension({ quiet: true });

  const dirs = codeServerDirs(path.join(RESULTS_DIR, 'demo'));
  rmSync(dirs.runDir, { recursive: true, force: true });
  installOwnVsix(dirs);
  const emulator = await startEmulator({ port: 0 });
  onShutdown(() => emulator.close());
  // multiModelAI.baseUrl is machine-scoped: code-server applies it from the machine's settings.
  writeMachineSettings(dirs, { 'multiModelAI.baseUrl': emulator.baseUrl });
  writeUserSettings(dirs, {
    'multiModelAI.model': 'acme/chat-large',
    'workbench.startupEditor': 'none',
    'workbench.colorTheme': 'Dark Modern',
    // Not VS Code's own (Copilot) chat beside ours.
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    // The run folder sits inside this repository: no offer to open it.
    'git.openRepositoryInParentFolders': 'never',
  });
  writeFileSync(path.join(dirs.workspaceDir, 'total.ts'), SAMPLE);
  const server = await startCodeServer(dirs, { port, env: { MMAI_EMULATOR_KEY: FIXTURE_KEYS.alpha } });

  if (shot) {
    try {
      await screenshot(server.workbenchUrl, path.resolve(shot));
      console.log(`Saved ${path.resolve(shot)}`);
    } finally {
      await server.stop();
      await emulator.close();
    }
    return;
  }
  stopWithLaunchers();
  console.log(`Multi-Model AI demo: open ${server.workbenchUrl} (emulator at ${emulator.baseUrl}; Ctrl+C stops it)`);
  // Serves until SIGINT/SIGTERM or until npm run demo has ended: processGroup.ts then stops the server and the emulator.
}

main().catch((error: unknown) => {
  console.error('[demo]', error instanceof Error ? error.message : error);
  process.exit(1);
});
