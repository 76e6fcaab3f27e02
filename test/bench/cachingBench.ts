// cachingCostRatio: what prompt caching saves on a long agent-like conversation. 20 turns with
// a prefix of about 20,000 tokens of instructions and tool definitions, through the reply loop
// (streamReply: the client, its breakpoints and its prices) to an Anthropic-like model
// (mira/messenger: cache writes 1.25× the input price, reads 0.1×) on the emulator in cache
// mode; the cost the client works out for every answer, summed, against the same conversation
// with the emulator's cache off. The answers are scripted, so both runs send the same bytes.
import { ServiceClient } from '#src/platform/client/serviceClient';
import type { TextMessage, ToolSpec } from '#src/platform/client/transports/textRequest';
import { streamReply } from '#src/platform/reply/streamReply';
import { EmulatorControl, FIXTURE_KEYS } from '../emulator/index';
import { startEmulatorProcess } from './emulatorProcess';

const TURNS = 20;
const MODEL = 'mira/messenger';
/** Words of the instructions and of each of the tools' descriptions: the emulator counts a word as a token. */
const INSTRUCTION_WORDS = 16_000;
const TOOLS = 8;
const TOOL_WORDS = 480;

const words = (count: number, seed: string) => Array.from({ length: count }, (_, i) => `${seed}${i % 97}`).join(' ');

const INSTRUCTIONS = `You are a coding agent working in the user's repository. ${words(INSTRUCTION_WORDS, 'rule')}`;
const TOOL_SPECS: ToolSpec[] = Array.from({ length: TOOLS }, (_, i) => ({
  name: `tool_${i}`,
  description: words(TOOL_WORDS, `t${i}w`),
  parameters: { type: 'object', properties: { path: { type: 'string', description: 'A file of the workspace' } }, required: ['path'] },
}));
const answer = (turn: number) => `Turn ${turn}: ${words(120, 'done')}`;
const question = (turn: number) => `Step ${turn}: look at src/module${turn}.ts and say what to change next.`;

export interface CachingBenchResult {
  turns: number;
  /** Input tokens of the first request, as the emulator counted them: the prefix and the first question. */
  firstPromptTokens: number;
  cachedRub: number;
  uncachedRub: number;
  savedRub: number;
  cachingCostRatio: number;
}

interface Run {
  costRub: number;
  savedRub: number;
}

async function conversation(client: ServiceClient, control: EmulatorControl, cached: boolean): Promise<Run> {
  const model = (await client.listModels()).data.find((m) => m.id === MODEL);
  if (!model) throw new Error(`the emulator lists no ${MODEL}`);
  await control.reset();
  await control.setCacheMode(cached);
  await control.queueReplies(Array.from({ length: TURNS }, (_, i) => answer(i + 1)));
  const history: TextMessage[] = [{ role: 'system', content: INSTRUCTIONS }];
  const run: Run = { costRub: 0, savedRub: 0 };
  for (let turn = 1; turn <= TURNS; turn++) {
    history.push({ role: 'user', content: question(turn) });
    const outcome = await streamReply(
      { connection: Promise.resolve({ client, model }), messages: [...history], signal: new AbortController().signal, tools: TOOL_SPECS, includeUsage: true },
      { onDelta: () => undefined },
    );
    if (outcome.status !== 'done' || outcome.costRub === undefined) throw new Error(`turn ${turn} gave no priced answer: ${JSON.stringify(outcome)}`);
    run.costRub += outcome.costRub;
    run.savedRub += outcome.savedRub ?? 0;
    history.push({ role: 'assistant', content: outcome.text });
  }
  // The client's prices are the service's: what it counted is what the emulator charged.
  const charged = (await control.charges()).reduce((sum, c) => sum + c.amountRub, 0);
  if (Math.abs(charged - run.costRub) > 0.001) throw new Error(`the client counted ${run.costRub} ₽, the emulator charged ${charged} ₽`);
  return run;
}

export async function runCachingBench(log: (line: string) => void): Promise<CachingBenchResult> {
  const emulator = await startEmulatorProcess();
  try {
    const client = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 });
    const control = new EmulatorControl(emulator.origin);
    const uncached = await conversation(client, control, false);
    const firstPromptTokens = (await control.charges())[0]?.promptTokens ?? 0;
    const cached = await conversation(client, control, true);
    log(`caching: ${TURNS} turns, ${firstPromptTokens} input tokens in the first; ${cached.costRub.toFixed(2)} ₽ cached, ${uncached.costRub.toFixed(2)} ₽ not`);
    return {
      turns: TURNS,
      firstPromptTokens,
      cachedRub: cached.costRub,
      uncachedRub: uncached.costRub,
      savedRub: cached.savedRub,
      cachingCostRatio: cached.costRub / uncached.costRub,
    };
  } finally {
    await emulator.stop();
  }
}
