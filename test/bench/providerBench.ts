// Benchmark 6: the language-model provider's cost, in a real extension host (code-server, the
// newest host, the shipped dist/extension.js as the extension under development). The suite
// (provider/suite.ts) times the first text part through vscode.lm sendRequest against the
// first delta through the service client directly, in the same host, from an emulator in its
// own process. The key reaches the extension as in `npm run demo` (MMAI_EMULATOR_KEY), the
// address through the machine settings.
import { readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { EXTENSION_ID } from '../../src/core/shell/ids';
import { FIXTURE_KEYS } from '../emulator/index';
import { launchChromium } from '../host/browser';
import { assertInstalled, codeServerDirs, writeMachineSettings, writeUserSettings } from '../host/codeServer';
import { RESULTS_DIR } from '../host/paths';
import { startEmulatorProcess } from './emulatorProcess';
import { bundleSuite, runInHost } from './hostRun';
import type { PairedResult } from './stats';

export async function runProviderBench(log: (line: string) => void): Promise<PairedResult> {
  assertInstalled();
  const runDir = path.join(RESULTS_DIR, 'bench-provider');
  rmSync(runDir, { recursive: true, force: true });
  const dirs = codeServerDirs(runDir);
  const entry = await bundleSuite('provider/suite.ts', path.join(runDir, 'suite'));
  const out = path.join(runDir, 'provider.json');
  const emulator = await startEmulatorProcess();
  const browser = await launchChromium();
  try {
    writeUserSettings(dirs, { 'workbench.startupEditor': 'none' });
    writeMachineSettings(dirs, { 'multiModelAI.baseUrl': emulator.baseUrl });
    const env = { MMAI_BENCH_PROVIDER_OUT: out, MMAI_BENCH_BASE_URL: emulator.baseUrl, MMAI_EMULATOR_KEY: FIXTURE_KEYS.alpha, MMAI_BENCH_OURS_ID: EXTENSION_ID };
    await runInHost(browser, dirs, entry, env, 'the provider run');
  } finally {
    await browser.close();
    await emulator.stop();
  }
  const result = JSON.parse(readFileSync(out, 'utf8')) as PairedResult;
  const ms = (values: number[]) => values.map((v) => v.toFixed(1)).join(', ');
  log(`provider: vscode.lm first part ${ms(result.ours)} ms; service client first delta ${ms(result.peer)} ms`);
  return result;
}
