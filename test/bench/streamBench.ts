// Benchmarks 1 and 2: the core client against peers consuming the same stream from
// the same emulator, which runs in another process (emulatorProcess.ts); for chat
// completions, and for the other two text interfaces (Responses, Messages) against their
// own official clients.
//  - decode: CPU time of this process while it consumes a long reply (tens of thousands
//    of deltas). CPU, not wall time: the server streams at its own pace, so wall time
//    would mostly measure the server; the client's CPU is what the extension host pays.
//  - first delta: wall time from the call to the first delta's text, the latency a person
//    sees; the rest of the reply is then drained untimed so keep-alive connections survive.
//    Also through a real proxy on loopback, against bare undici through the same proxy.
import { type ReplyPart } from '#src/platform/client/streaming/replyPart';
import { randomUUID } from 'node:crypto';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { ProxyAgent, request, type Dispatcher } from 'undici';
import { DIRECT_NETWORK } from '#src/platform/client/http/proxyChoice';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { TRANSPORTS, type Transport } from '#src/platform/client/transports/index';
import { type TextRequest } from '#src/platform/client/transports/textRequest';
import { FIXTURE_KEYS } from '../emulator/index';
import { startLoopbackProxy } from '../support/loopbackProxy';
import { startEmulatorProcess } from './emulatorProcess';
import { cpuMs, paired, type PairedResult } from './stats';

const MODEL = 'acme/chat-large';
const API_KEY = FIXTURE_KEYS.alpha;
export const DECODE_DELTAS = 24_000;
/**
 * A long reply's rounds. One round's ratio swings by a quarter on this machine, and the first
 * rounds of both clients still run code the JIT has not settled: three untimed rounds, then
 * the median of eleven.
 */
const DECODE_ROUNDS = 11;
const DECODE_WARMUP = 3;
/** Room for the long reply in every interface (Messages requires a limit). */
const MAX_TOKENS = 32_000;

export interface StreamBenchResult {
  deltas: number;
  decode: PairedResult;
  firstDelta: PairedResult;
  /** Ours / bare undici, wall time to the first delta, both through the same proxy (http.proxy). */
  proxyFirstDelta: PairedResult;
  /** The same two through the Responses and Messages interfaces. */
  responses: InterfaceResult;
  messages: InterfaceResult;
}

export interface InterfaceResult {
  /** Ours / the interface's official client, CPU time. */
  decode: PairedResult;
  /** Ours / bare undici, wall time to the first text. */
  firstDelta: PairedResult;
}

const chatCompletions = TRANSPORTS['chat-completions'];

/** The chat-completions request both clients send: the model and one user message. */
function chatRequest(prompt: string): TextRequest {
  return { model: MODEL, messages: [{ role: 'user', content: prompt }], options: {} };
}

/** Ours: the text of a reply, delta by delta (a delta per network chunk). */
async function oursText(events: AsyncIterable<ReplyPart>): Promise<string[]> {
  const deltas: string[] = [];
  for await (const event of events) {
    if (event.type === 'delta') deltas.push(event.text);
  }
  return deltas;
}

async function openaiText(openai: OpenAI, prompt: string): Promise<string[]> {
  const deltas: string[] = [];
  const stream = await openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: prompt }], stream: true });
  for await (const chunk of stream) {
    const text = chunk.choices[0]?.delta?.content;
    if (text) deltas.push(text);
  }
  return deltas;
}

/** Ours: time to the first delta of the reply `events` starts, then the rest drained (untimed). */
async function oursFirstDelta(events: () => AsyncIterable<ReplyPart>): Promise<number> {
  const start = performance.now();
  let elapsed: number | undefined;
  for await (const event of events()) {
    if (elapsed === undefined && event.type === 'delta' && event.text) elapsed = performance.now() - start;
  }
  if (elapsed === undefined) throw new Error('our client saw no delta');
  return elapsed;
}

/**
 * The floor: the same request on the wire (headers included: the emulator records a client
 * request id, so both cost it the same) sent with bare undici, reading SSE events until the
 * first text (`textOf` finds it in an event's data), then draining the rest.
 */
async function bareFirstDelta(url: string, body: string, textOf: (data: unknown) => string | undefined, dispatcher?: Dispatcher): Promise<number> {
  const start = performance.now();
  const response = await request(url, {
    ...(dispatcher && { dispatcher }),
    method: 'POST',
    headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json', accept: 'text/event-stream', 'x-client-request-id': randomUUID() },
    body,
  });
  const decoder = new TextDecoder();
  let buffered = '';
  let elapsed: number | undefined;
  for await (const bytes of response.body) {
    if (elapsed !== undefined) continue;
    buffered += decoder.decode(bytes as Uint8Array, { stream: true });
    for (let end = buffered.indexOf('\n\n'); end !== -1 && elapsed === undefined; end = buffered.indexOf('\n\n')) {
      const data = /^data: (.*)$/m.exec(buffered.slice(0, end))?.[1];
      buffered = buffered.slice(end + 2);
      if (data && textOf(JSON.parse(data))) elapsed = performance.now() - start;
    }
  }
  if (elapsed === undefined) throw new Error('the bare request saw no text');
  return elapsed;
}

const chatText = (data: unknown) => (data as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content;

/** The other text interfaces: a model that serves each, its official client's stream, and where its first text is on the wire. */
interface OtherInterface {
  transport: Transport;
  model: string;
  /** The text deltas as the official client reads them. */
  peerText(prompt: string): Promise<string[]>;
  wireText(data: unknown): string | undefined;
}

function otherInterfaces(baseUrl: string, origin: string): Record<'responses' | 'messages', OtherInterface> {
  const openai = new OpenAI({ baseURL: baseUrl, apiKey: API_KEY, maxRetries: 0 });
  // The Anthropic client adds /v1 itself.
  const anthropic = new Anthropic({ baseURL: origin, apiKey: API_KEY, maxRetries: 0 });
  return {
    responses: {
      transport: TRANSPORTS.responses,
      model: 'nova/responder',
      async peerText(prompt) {
        const deltas: string[] = [];
        const stream = await openai.responses.create({
          model: 'nova/responder',
          input: [{ role: 'user', content: prompt }],
          max_output_tokens: MAX_TOKENS,
          stream: true,
        });
        for await (const event of stream) if (event.type === 'response.output_text.delta') deltas.push(event.delta);
        return deltas;
      },
      wireText: (data) => ((data as { type: string }).type === 'response.output_text.delta' ? (data as { delta: string }).delta : undefined),
    },
    messages: {
      transport: TRANSPORTS.messages,
      model: 'mira/messenger',
      async peerText(prompt) {
        const deltas: string[] = [];
        // The raw event stream, the client's lightest way to read one (messages.stream() also builds the message).
        const stream = await anthropic.messages.create({
          model: 'mira/messenger',
          max_tokens: MAX_TOKENS,
          messages: [{ role: 'user', content: prompt }],
          stream: true,
        });
        for await (const event of stream) if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') deltas.push(event.delta.text);
        return deltas;
      },
      wireText: (data) => {
        const event = data as { type: string; delta?: { type: string; text?: string } };
        return event.type === 'content_block_delta' && event.delta?.type === 'text_delta' ? event.delta.text : undefined;
      },
    },
  };
}

function textRequest(model: string, prompt: string): TextRequest {
  return { model, messages: [{ role: 'user', content: prompt }], options: { max_tokens: MAX_TOKENS } };
}

/** Checks ours and the peer read the same text; returns how many deltas the peer saw. */
function sameText(what: string, ours: string[], theirs: string[]): number {
  if (theirs.length < 20_000 || ours.join('') !== theirs.join('')) {
    throw new Error(`${what}: the clients disagree or the reply is short: the peer ${theirs.length} deltas, ours ${ours.length} batches`);
  }
  return theirs.length;
}

async function runInterface(
  client: ServiceClient,
  emulatorUrl: string,
  other: OtherInterface,
  longPrompt: string,
  shortPrompt: string,
  log: (line: string) => void,
): Promise<InterfaceResult> {
  const { transport, model } = other;
  const long = textRequest(model, longPrompt);
  const deltas = sameText(transport.name, await oursText(client.streamText(transport, long)), await other.peerText(longPrompt));
  log(`decode, ${transport.name}: ${deltas} deltas per stream from ${model}`);
  const decode = await paired(
    DECODE_ROUNDS,
    DECODE_WARMUP,
    () => cpuMs(async () => void (await oursText(client.streamText(transport, long)))),
    () => cpuMs(async () => void (await other.peerText(longPrompt))),
  );
  const short = textRequest(model, shortPrompt);
  const body = JSON.stringify(transport.body(short, true));
  const firstDelta = await paired(
    201,
    20,
    () => oursFirstDelta(() => client.streamText(transport, short)),
    () => bareFirstDelta(`${emulatorUrl}${transport.path}`, body, other.wireText),
  );
  return { decode, firstDelta };
}

export async function runStreamBench(log: (line: string) => void): Promise<StreamBenchResult> {
  const emulator = await startEmulatorProcess();
  try {
    const client = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: API_KEY, maxRetries: 0 });
    const openai = new OpenAI({ baseURL: emulator.baseUrl, apiKey: API_KEY, maxRetries: 0 });

    // Same input for both, checked: the same text. Ours hands on a network chunk's deltas as one.
    const longPrompt = `Write a long TypeScript walkthrough. [[tokens:${DECODE_DELTAS}]]`;
    const ours = await oursText(client.streamText(chatCompletions, chatRequest(longPrompt)));
    const theirs = await openaiText(openai, longPrompt);
    const deltas = sameText('chat completions', ours, theirs);
    log(`decode: ${deltas} deltas (${(theirs.join('').length / 1024).toFixed(0)} KB of text) per stream, ours in ${ours.length} batches`);
    const decode = await paired(
      DECODE_ROUNDS,
      DECODE_WARMUP,
      () => cpuMs(async () => void (await oursText(client.streamText(chatCompletions, chatRequest(longPrompt))))),
      () => cpuMs(async () => void (await openaiText(openai, longPrompt))),
    );

    const shortPrompt = 'Explain a TypeScript debounce helper.';
    // Many short rounds: one round's ratio swings from 0.2 to 2 on this machine, and a round takes ~5 ms.
    const firstDelta = await paired(
      201,
      20,
      () => oursFirstDelta(() => client.streamText(chatCompletions, chatRequest(shortPrompt))),
      () => bareFirstDelta(`${emulator.baseUrl}${chatCompletions.path}`, JSON.stringify(chatCompletions.body(chatRequest(shortPrompt), true)), chatText),
    );
    const proxyFirstDelta = await throughProxy(emulator.baseUrl, shortPrompt);
    const others = otherInterfaces(emulator.baseUrl, emulator.origin);
    const responses = await runInterface(client, emulator.baseUrl, others.responses, longPrompt, shortPrompt, log);
    const messages = await runInterface(client, emulator.baseUrl, others.messages, longPrompt, shortPrompt, log);
    return { deltas, decode, firstDelta, proxyFirstDelta, responses, messages };
  } finally {
    await emulator.stop();
  }
}

/** The first delta through a real proxy on loopback: ours with http.proxy set, bare undici through its own ProxyAgent. */
async function throughProxy(baseUrl: string, prompt: string): Promise<PairedResult> {
  const proxy = await startLoopbackProxy();
  const bare = new ProxyAgent(proxy.url);
  try {
    const client = new ServiceClient({ baseUrl, apiKey: API_KEY, maxRetries: 0, network: { ...DIRECT_NETWORK, proxy: proxy.url }, environment: {} });
    const body = JSON.stringify(chatCompletions.body(chatRequest(prompt), true));
    return await paired(
      201,
      20,
      () => oursFirstDelta(() => client.streamText(chatCompletions, chatRequest(prompt))),
      () => bareFirstDelta(`${baseUrl}${chatCompletions.path}`, body, chatText, bare),
    );
  } finally {
    await bare.close();
    await proxy.close();
  }
}
