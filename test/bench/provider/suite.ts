// Runs inside the extension host of code-server (as the extension-tests entry): the time to
// the first text part of an answer through VS Code's language-model API (vscode.lm
// sendRequest to our provider, vendor multi-model-ai), against the time to the first delta
// of the same request through the service client directly, in the same extension host, from
// the same emulator; and against the peer extension's provider (peerExtension.ts), the
// service client behind the same vscode.lm path. Alternated round by round after a warm-up;
// the rounds are written to MMAI_BENCH_PROVIDER_OUT. The peer's rounds are also split by the
// marks it leaves (peerVendor.ts): VS Code's way in (sendRequest to the provider called), the
// provider's own first delta, and VS Code's way out (first report to the part in the caller's hands).
// Then the same against a paced reply (a token every 10 ms, as a fast model streams), where how
// a provider reports its parts decides when VS Code passes the first one on.
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { TRANSPORTS } from '#src/platform/client/transports/index';
import { median, paired } from '../stats';
import { PEER_MARKS_KEY, PEER_VENDOR, type PeerMarks } from './peerVendor';

const MODEL = 'acme/chat-large';
const PROMPT = 'Explain a TypeScript debounce helper.';
const PACED_PROMPT = `${PROMPT} [[tokens:80]] [[pace:10]]`;

async function providerModel(vendor: string): Promise<vscode.LanguageModelChat> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [model] = await vscode.lm.selectChatModels({ vendor, id: MODEL });
    if (model) return model;
    if (Date.now() > deadline) throw new Error(`VS Code offers no ${MODEL} from ${vendor}.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * sendRequest until the first text part (when it started, when the part came). The rest is
 * drained untimed, so the connection is reused as in a conversation; a paced reply (`stopAtFirst`)
 * is cancelled instead: draining its 80 tokens took 0.8 s a request, 34 s of the run.
 */
async function firstPartTimes(model: vscode.LanguageModelChat, prompt = PROMPT, stopAtFirst = false): Promise<{ start: number; firstAt: number }> {
  const cancel = new vscode.CancellationTokenSource();
  const start = performance.now();
  const response = await model.sendRequest([vscode.LanguageModelChatMessage.User(prompt)], {}, cancel.token);
  let firstAt: number | undefined;
  for await (const part of response.stream) {
    if (firstAt === undefined && part instanceof vscode.LanguageModelTextPart && part.value) firstAt = performance.now();
    if (firstAt !== undefined && stopAtFirst) break;
  }
  cancel.cancel();
  cancel.dispose();
  if (firstAt === undefined) throw new Error('sendRequest gave no text');
  return { start, firstAt };
}

/** `paced`: the reply paced at a token every 10 ms, cancelled at its first part. */
async function providerFirstPart(model: vscode.LanguageModelChat, paced = false): Promise<number> {
  const { start, firstAt } = await firstPartTimes(model, paced ? PACED_PROMPT : PROMPT, paced);
  return firstAt - start;
}

export interface PathSplit {
  inboundMs: number;
  providerMs: number;
  outboundMs: number;
}

/** One request to the peer, split by the marks it left. */
async function peerPathSplit(peer: vscode.LanguageModelChat): Promise<PathSplit> {
  const { start, firstAt } = await firstPartTimes(peer);
  const marks = (globalThis as Record<string, unknown>)[PEER_MARKS_KEY] as PeerMarks | undefined;
  if (!marks || marks.calledAt < start || marks.firstReportAt === undefined) throw new Error('the peer provider left no marks for this request');
  return { inboundMs: marks.calledAt - start, providerMs: marks.firstReportAt - marks.calledAt, outboundMs: firstAt - marks.firstReportAt };
}

async function clientFirstDelta(client: ServiceClient, paced = false): Promise<number> {
  const request = { model: MODEL, messages: [{ role: 'user' as const, content: paced ? PACED_PROMPT : PROMPT }], options: {} };
  const start = performance.now();
  let elapsed: number | undefined;
  // Leaving the loop early ends the request (the client closes a reader its caller stops reading).
  for await (const event of client.streamText(TRANSPORTS['chat-completions'], request)) {
    if (elapsed === undefined && event.type === 'delta' && event.text) elapsed = performance.now() - start;
    if (elapsed !== undefined && paced) break;
  }
  if (elapsed === undefined) throw new Error('the client saw no delta');
  return elapsed;
}

export async function run(): Promise<void> {
  const { MMAI_BENCH_PROVIDER_OUT: out, MMAI_BENCH_BASE_URL: baseUrl, MMAI_EMULATOR_KEY: apiKey, MMAI_BENCH_OURS_ID: ours } = process.env;
  if (!out || !baseUrl || !apiKey || !ours) throw new Error('Run this through npm run bench: MMAI_BENCH_* is not set.');
  await vscode.extensions.getExtension(ours)!.activate();
  const [model, peer] = [await providerModel('multi-model-ai'), await providerModel(PEER_VENDOR)];
  const client = new ServiceClient({ baseUrl, apiKey, maxRetries: 0 });
  const direct = await paired(
    31,
    5,
    () => providerFirstPart(model),
    () => clientFirstDelta(client),
  );
  const viaVsCode = await paired(
    31,
    5,
    () => providerFirstPart(model),
    () => providerFirstPart(peer),
  );
  const splits: PathSplit[] = [];
  for (let i = 0; i < 21; i++) splits.push(await peerPathSplit(peer));
  const split = (key: keyof PathSplit) => median(splits.map((s) => s[key]));
  const peerPath: PathSplit = { inboundMs: split('inboundMs'), providerMs: split('providerMs'), outboundMs: split('outboundMs') };
  const pacedDirect = await paired(
    9,
    1,
    () => providerFirstPart(model, true),
    () => clientFirstDelta(client, true),
  );
  const pacedViaVsCode = await paired(
    9,
    1,
    () => providerFirstPart(model, true),
    () => providerFirstPart(peer, true),
  );
  writeFileSync(out, JSON.stringify({ direct, viaVsCode, peerPath, pacedDirect, pacedViaVsCode }));
}
