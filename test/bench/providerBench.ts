// Benchmark 6: the language-model provider's cost, in a real extension host (code-server, the
// newest host, the shipped dist/extension.js as the extension under development). The suite
// (provider/suite.ts) times the first text part through vscode.lm sendRequest against the
// first delta through the service client directly, in the same host, from an emulator in its
// own process; and against a peer extension's provider that puts the service client directly
// behind the same vscode.lm path (provider/peerExtension.ts, packaged and installed). The key
// reaches the extension as in `npm run demo` (MMAI_EMULATOR_KEY), the address through the
// machine settings.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { build } from 'esbuild';
import { EXTENSION_ID } from '#src/platform/manifest/ids';
import { FIXTURE_KEYS } from '../emulator/index';
import { writeMachineSettings, writeUserSettings, type CodeServerDirs } from '../host/codeServer';
import { startEmulatorProcess } from './emulatorProcess';
import { HostSession, installPeerExtension, prepareHostBench } from './hostRun';
import { PEER_VENDOR } from './provider/peerVendor';
import type { PathSplit } from './provider/suite';
import type { PairedResult } from './stats';

export interface ProviderBenchResult {
  /** Ours through vscode.lm / the service client directly. */
  direct: PairedResult;
  /** Ours through vscode.lm / the peer provider through vscode.lm. */
  viaVsCode: PairedResult;
  /** The peer's requests split into VS Code's way in, the provider's own first delta, and VS Code's way out (medians). */
  peerPath: PathSplit;
  /** As direct and viaVsCode, for a reply paced at a token every 10 ms. */
  pacedDirect: PairedResult;
  pacedViaVsCode: PairedResult;
}

/** The peer provider (provider/peerExtension.ts), bundled with the service client. */
function installPeer(dirs: CodeServerDirs): Promise<void> {
  const manifest = {
    engines: { vscode: '^1.104.0' },
    activationEvents: [`onLanguageModelChatProvider:${PEER_VENDOR}`],
    contributes: { languageModelChatProviders: [{ vendor: PEER_VENDOR, displayName: 'Bench: service client directly' }] },
    main: './extension.js',
  };
  return installPeerExtension(dirs, 'direct-provider', manifest, async (dir) => {
    await build({
      entryPoints: [path.join(__dirname, 'provider/peerExtension.ts')],
      bundle: true,
      outfile: path.join(dir, 'extension.js'),
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode'],
      logLevel: 'warning',
    });
  });
}

export async function runProviderBench(log: (line: string) => void): Promise<ProviderBenchResult> {
  const { runDir, dirs, entry } = await prepareHostBench('provider', installPeer);
  const out = path.join(runDir, 'provider.json');
  const emulator = await startEmulatorProcess();
  try {
    writeUserSettings(dirs, { 'workbench.startupEditor': 'none' });
    writeMachineSettings(dirs, { 'multiModelAI.baseUrl': emulator.baseUrl });
    const env = {
      MMAI_BENCH_PROVIDER_OUT: out,
      MMAI_BENCH_BASE_URL: emulator.baseUrl,
      MMAI_EMULATOR_KEY: FIXTURE_KEYS.alpha,
      MMAI_BENCH_OURS_ID: EXTENSION_ID,
    };
    const session = await HostSession.open(dirs, env);
    await session.run(entry, 'the provider run').finally(() => session.close());
  } finally {
    await emulator.stop();
  }
  const result = JSON.parse(readFileSync(out, 'utf8')) as ProviderBenchResult;
  const ms = (values: number[]) => values.map((v) => v.toFixed(1)).join(', ');
  log(`provider: ours through vscode.lm ${ms(result.direct.ours)} ms; service client directly ${ms(result.direct.peer)} ms`);
  log(`provider: ours through vscode.lm ${ms(result.viaVsCode.ours)} ms; the peer provider through vscode.lm ${ms(result.viaVsCode.peer)} ms`);
  log(
    `provider, paced reply: ours through vscode.lm ${ms(result.pacedDirect.ours)} ms; service client directly ${ms(result.pacedDirect.peer)} ms; the peer provider ${ms(result.pacedViaVsCode.peer)} ms`,
  );
  const { inboundMs, providerMs, outboundMs } = result.peerPath;
  log(
    `provider: the peer's path, medians: VS Code's way in ${inboundMs.toFixed(2)} ms, its client's first delta ${providerMs.toFixed(2)} ms, VS Code's way out ${outboundMs.toFixed(2)} ms`,
  );
  return result;
}
