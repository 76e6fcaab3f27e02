// Benchmark 7: what the image path costs the client. CPU time of this process for a batch of
// generations (4 images of 256x256 a request, as base64 in the JSON reply, from the emulator in
// its own process): ours (createImages: the reply checked, each image decoded and checked by
// its bytes) / the official openai client (images.generate, then each image decoded from base64,
// which any caller must do to use it).
import OpenAI from 'openai';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { FIXTURE_KEYS } from '../emulator/index';
import { startEmulatorProcess } from './emulatorProcess';
import { cpuMs, paired, type PairedResult } from './stats';

const MODEL = 'pixel/image-gen';
const OPTIONS = { n: 4, size: '256x256', response_format: 'b64_json' } as const;
/** Requests in one timed batch: one takes a few milliseconds here. */
const BATCH = 20;

export interface ImageBenchResult {
  /** Bytes of the images one request returns. */
  bytesPerRequest: number;
  decode: PairedResult;
}

export async function runImageBench(log: (line: string) => void): Promise<ImageBenchResult> {
  const emulator = await startEmulatorProcess();
  try {
    const client = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 });
    const openai = new OpenAI({ baseURL: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 });
    const prompt = (i: number) => `A lighthouse at dusk, study ${i}`;
    const ours = async (i: number) => (await client.createImages({ model: MODEL, prompt: prompt(i), options: OPTIONS })).images.map((image) => image.bytes);
    const theirs = async (i: number) =>
      ((await openai.images.generate({ model: MODEL, prompt: prompt(i), ...OPTIONS })).data ?? []).map((image) => Buffer.from(image.b64_json ?? '', 'base64'));

    // Same images from both, checked.
    const [a, b] = [await ours(0), await theirs(0)];
    if (a.length !== OPTIONS.n || a.some((bytes, i) => !Buffer.from(bytes).equals(b[i] ?? Buffer.alloc(0))))
      throw new Error('the clients disagree about the images');
    const bytesPerRequest = a.reduce((sum, bytes) => sum + bytes.length, 0);
    log(`images: ${OPTIONS.n} PNGs of ${OPTIONS.size} a request, ${(bytesPerRequest / 1024).toFixed(0)} KB in all, ${BATCH} requests a round`);
    const batch = (one: (i: number) => Promise<unknown>) => () =>
      cpuMs(async () => {
        for (let i = 0; i < BATCH; i++) await one(i);
      });
    return { bytesPerRequest, decode: await paired(9, 1, batch(ours), batch(theirs)) };
  } finally {
    await emulator.stop();
  }
}
