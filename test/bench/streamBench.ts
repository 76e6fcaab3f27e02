// Benchmarks 1 and 2: the core client against peers consuming the same stream from
// the same emulator, which runs in another process (emulatorProcess.ts).
//  - decode: CPU time of this process while it consumes a long reply (tens of thousands
//    of deltas). CPU, not wall time: the server streams at its own pace, so wall time
//    would mostly measure the server; the client's CPU is what the extension host pays.
//  - first delta: wall time from the call to the first delta's text, the latency a person
//    sees; the rest of the reply is then drained untimed so keep-alive connections survive.
import { randomUUID } from 'node:crypto';
import OpenAI from 'openai';
import { request } from 'undici';
import { ServiceClient, type ChatRequest } from '../../src/core';
import { FIXTURE_KEYS } from '../emulator/index';
import { startEmulatorProcess } from './emulatorProcess';
import { cpuMs, paired, type PairedResult } from './stats';

const MODEL = 'acme/chat-large';
const API_KEY = FIXTURE_KEYS.alpha;
export const DECODE_DELTAS = 24_000;

export interface StreamBenchResult {
  deltas: number;
  decode: PairedResult;
  firstDelta: PairedResult;
}

function chatRequest(prompt: string): ChatRequest {
  return { model: MODEL, messages: [{ role: 'user', content: prompt }] };
}

async function oursText(client: ServiceClient, prompt: string): Promise<string[]> {
  const deltas: string[] = [];
  for await (const event of client.streamChatCompletion(chatRequest(prompt))) {
    if (event.type === 'delta') deltas.push(event.text);
  }
  return deltas;
}

async function openaiText(openai: OpenAI, prompt: string): Promise<string[]> {
  const deltas: string[] = [];
  const stream = await openai.chat.completions.create({ ...chatRequest(prompt), stream: true });
  for await (const chunk of stream) {
    const text = chunk.choices[0]?.delta?.content;
    if (text) deltas.push(text);
  }
  return deltas;
}

/** Ours: time to the first delta, then the rest drained (untimed). */
async function oursFirstDelta(client: ServiceClient, prompt: string): Promise<number> {
  const start = performance.now();
  const events = client.streamChatCompletion(chatRequest(prompt))[Symbol.asyncIterator]();
  let elapsed: number | undefined;
  for (let next = await events.next(); !next.done; next = await events.next()) {
    if (elapsed === undefined && next.value.type === 'delta' && next.value.text) elapsed = performance.now() - start;
  }
  if (elapsed === undefined) throw new Error('our client saw no delta');
  return elapsed;
}

/**
 * The floor: the same request on the wire (headers included: the emulator records a client
 * request id, so both cost it the same) sent with bare undici, reading the first SSE event's
 * text, then draining the rest.
 */
async function bareFirstDelta(url: string, prompt: string): Promise<number> {
  const start = performance.now();
  const response = await request(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json', accept: 'text/event-stream', 'x-client-request-id': randomUUID() },
    body: JSON.stringify({ ...chatRequest(prompt), stream: true }),
  });
  const decoder = new TextDecoder();
  let buffered = '';
  let elapsed: number | undefined;
  for await (const bytes of response.body) {
    if (elapsed !== undefined) continue;
    buffered += decoder.decode(bytes as Uint8Array, { stream: true });
    const end = buffered.indexOf('\n\n');
    if (end === -1) continue;
    const data = buffered.slice(0, end).replace(/^data: /, '');
    const text = (JSON.parse(data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content;
    if (!text) throw new Error('the first SSE event carried no text');
    elapsed = performance.now() - start;
  }
  if (elapsed === undefined) throw new Error('the bare request saw no event');
  return elapsed;
}

export async function runStreamBench(log: (line: string) => void): Promise<StreamBenchResult> {
  const emulator = await startEmulatorProcess();
  try {
    const client = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: API_KEY, maxRetries: 0 });
    const openai = new OpenAI({ baseURL: emulator.baseUrl, apiKey: API_KEY, maxRetries: 0 });

    // Same input for both, checked: the same text. Ours hands on a network chunk's deltas as one.
    const longPrompt = `Write a long TypeScript walkthrough. [[tokens:${DECODE_DELTAS}]]`;
    const [ours, theirs] = [await oursText(client, longPrompt), await openaiText(openai, longPrompt)];
    if (theirs.length < 20_000 || ours.join('') !== theirs.join('')) {
      throw new Error(`the clients disagree or the reply is short: openai ${theirs.length} deltas, ours ${ours.length} batches`);
    }
    log(`decode: ${theirs.length} deltas (${(theirs.join('').length / 1024).toFixed(0)} KB of text) per stream, ours in ${ours.length} batches`);
    const decode = await paired(
      7,
      1,
      () => cpuMs(async () => void (await oursText(client, longPrompt))),
      () => cpuMs(async () => void (await openaiText(openai, longPrompt))),
    );

    const shortPrompt = 'Explain a TypeScript debounce helper.';
    // Many short rounds: one round's ratio swings from 0.2 to 2 on this machine, and a round takes ~5 ms.
    const firstDelta = await paired(
      201,
      20,
      () => oursFirstDelta(client, shortPrompt),
      () => bareFirstDelta(`${emulator.baseUrl}/chat/completions`, shortPrompt),
    );
    return { deltas: theirs.length, decode, firstDelta };
  } finally {
    await emulator.stop();
  }
}
