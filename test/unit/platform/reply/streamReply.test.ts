// The one streaming loop, against the emulator over loopback: each way an answer can end.
import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../../emulator/index';
import { useEmulator } from '../../../support/useEmulator';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { TRANSPORTS } from '#src/platform/client/transports/index';
import { type TextMessage } from '#src/platform/client/transports/textRequest';
import { type AnswerUsage, SetupError, type ModelConnection } from '#src/platform/reply/modelConnection';
import { streamReply, type ReplyOutcome } from '#src/platform/reply/streamReply';
import { ServiceError } from '#src/platform/client/errors/serviceError';
import { SpendStop } from '#src/platform/reply/spendStop';

const scripted = 'one two three four five six seven eight';

describe('streamReply against the emulator', () => {
  const { emulator, control } = useEmulator();
  let connection: ModelConnection;
  /** acme/chat-basic: no `stream` in its parameters, a 4 000-token context. */
  let basic: ModelConnection;
  let client: ServiceClient;

  before(async () => {
    client = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 });
    const model = (await client.listModels()).data.find((m) => m.id === 'acme/chat-large');
    assert.ok(model);
    connection = { client, model };
    const basicModel = (await client.listModels()).data.find((m) => m.id === 'acme/chat-basic');
    assert.ok(basicModel);
    basic = { client, model: basicModel };
  });

  async function run(
    options: { connection?: Promise<ModelConnection>; signal?: AbortSignal; onDelta?: (text: string) => void; messages?: TextMessage[] } = {},
  ) {
    const texts: string[] = [];
    const models: string[] = [];
    const trims: [number, number][] = [];
    const outcome = await streamReply(
      {
        connection: options.connection ?? Promise.resolve(connection),
        messages: options.messages ?? [{ role: 'user', content: 'hi' }],
        signal: options.signal ?? new AbortController().signal,
        includeUsage: true,
      },
      {
        onModel: (m) => models.push(m.id),
        onDelta: (t) => (texts.push(t), options.onDelta?.(t)),
        intervalMs: 0,
        onTrimmed: (dropped, context) => trims.push([dropped, context]),
      },
    );
    return { outcome, text: texts.join(''), models, trims };
  }

  const errorOf = (outcome: ReplyOutcome) => ('error' in outcome && outcome.error instanceof ServiceError ? outcome.error : undefined);

  it('done: the whole text, handed on in batches, with finish reason, usage and request id', async () => {
    await control.queueReplies([scripted]);
    const { outcome, text, models } = await run();
    assert.equal(text, scripted);
    assert.deepEqual(models, ['acme/chat-large']);
    assert.ok(outcome.status === 'done');
    assert.equal(outcome.text, scripted);
    assert.equal(outcome.finishReason, 'stop');
    assert.ok(outcome.usage && outcome.usage.completion_tokens > 0);
    assert.equal(outcome.requestId, (await control.requests())[0]?.requestId);
  });

  it('reasoning still held is handed on before the first text: what follows the reasoning is the answer', async () => {
    await control.queueReplies([{ reasoning: 'first think it over', text: 'then answer' }]);
    const order: string[] = [];
    const outcome = await streamReply(
      { connection: Promise.resolve(connection), messages: [{ role: 'user', content: 'Answer [[pace:5]]' }], signal: new AbortController().signal },
      // A long interval: all reasoning after the first piece waits in its batch when the text begins.
      { onDelta: (t) => order.push(`text:${t}`), onReasoning: (t) => order.push(`reasoning:${t}`), intervalMs: 60_000 },
    );
    assert.equal(outcome.status, 'done');
    assert.deepEqual(order, ['reasoning:first ', 'reasoning:think it over', 'text:then ', 'text:answer']);
  });

  it('text said before a tool call is handed on before the call, even while a batch is held', async () => {
    await control.queueReplies([{ text: 'one two three four', toolCall: { name: 'read_file', arguments: { path: 'a.ts' } } }]);
    const order: string[] = [];
    const outcome = await streamReply(
      {
        connection: Promise.resolve(connection),
        messages: [{ role: 'user', content: 'Read a.ts [[pace:5]]' }],
        signal: new AbortController().signal,
        tools: [{ name: 'read_file', description: 'Reads a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } }],
      },
      // A long interval: all text after the first waits in the batch when the call arrives.
      { onDelta: (t) => order.push(`text:${t}`), onToolCall: (call) => order.push(`call:${call.name}`), intervalMs: 60_000 },
    );
    assert.equal(outcome.status, 'done');
    assert.deepEqual(order, ['text:one ', 'text:two three four', 'call:read_file']);
  });

  it('stopped before any text: nothing shown, no error', async () => {
    const controller = new AbortController();
    controller.abort();
    const { outcome, text } = await run({ signal: controller.signal });
    assert.deepEqual(outcome, { status: 'stopped', text: '' });
    assert.equal(text, '');
  });

  it('stopped after some text: the text so far is kept', async () => {
    await control.queueReplies([scripted]);
    await control.queueFaults('chat', [{ type: 'stall', afterDeltas: 3, ms: 5000 }]);
    const controller = new AbortController();
    const { outcome } = await run({ signal: controller.signal, onDelta: () => controller.abort() });
    assert.equal(outcome.status, 'stopped');
    assert.ok(outcome.status === 'stopped' && scripted.startsWith(outcome.text) && outcome.text.length > 0);
  });

  it('Errors rule 3: interrupted by a cut after 3 deltas keeps exactly those, with the error', async () => {
    await control.queueReplies([scripted]);
    await control.queueFaults('chat', [{ type: 'cut', afterDeltas: 3 }]);
    const { outcome, text } = await run();
    assert.equal(outcome.status, 'interrupted');
    assert.ok(outcome.status === 'interrupted');
    assert.equal(outcome.text, 'one two three ');
    assert.equal(text, 'one two three ');
    assert.equal(errorOf(outcome)?.kind, 'stream_interrupted');
  });

  for (const [status, kind] of [
    [401, 'auth'],
    [500, 'server'],
  ] as const) {
    it(`failed: a ${status} before any text, with its error`, async () => {
      await control.queueFaults('chat', [{ type: 'status', status }]);
      const { outcome, text } = await run();
      assert.equal(outcome.status, 'failed');
      assert.equal(errorOf(outcome)?.kind, kind);
      assert.equal(text, '');
    });
  }

  it('failed: a connection that cannot be made ends like any other failure, without a request', async () => {
    const setup = new SetupError('No model is selected: pick the model to use.', ['selectModel'], 'No model is selected');
    const { outcome, models } = await run({ connection: Promise.reject(setup) });
    assert.deepEqual(outcome, { status: 'failed', error: setup });
    assert.deepEqual(models, []);
    assert.deepEqual(await control.requests(), []);
  });

  describe('the spend guard is asked once the request is fitted, before it is sent', () => {
    it('told the most the request can cost, it lets the request go', async () => {
      await control.queueReplies([scripted]);
      const asked: (number | undefined)[] = [];
      const { outcome } = await run({ connection: Promise.resolve({ ...connection, maxTokens: 1_000, admit: async (upTo) => void asked.push(upTo) }) });
      assert.equal(outcome.status, 'done');
      // "hi" is 5 tokens by the estimate at 0.00025 ₽, and 1 000 answer tokens at 0.001 ₽.
      assert.deepEqual(asked, [1.00125]);
      assert.equal((await control.requests()).length, 1);
    });

    it('a SpendStop fails the request with it, and nothing is sent', async () => {
      const stop = new SpendStop('Budget reached: 300 ₽ of 300 ₽ today.', 'budget', 'Budget reached');
      const { outcome } = await run({ connection: Promise.resolve({ ...connection, admit: () => Promise.reject(stop) }) });
      assert.deepEqual(outcome, { status: 'failed', error: stop });
      assert.deepEqual(await control.requests(), []);
    });

    it('a request the person declined in the dialog ends as stopped, and nothing is sent', async () => {
      const declined = new SpendStop('This request may cost up to 12.40 ₽.', 'price', 'This request may cost up to 12.40 RUB', true);
      const { outcome } = await run({ connection: Promise.resolve({ ...connection, admit: () => Promise.reject(declined) }) });
      assert.deepEqual(outcome, { status: 'stopped', text: '' });
      assert.deepEqual(await control.requests(), []);
    });
  });

  describe('the usage record is told of each answer once, when it ends', () => {
    async function answered(options: { signal?: AbortSignal; onDelta?: (text: string) => void } = {}) {
      const told: AnswerUsage[] = [];
      const { outcome } = await run({ ...options, connection: Promise.resolve({ ...connection, onAnswered: (a) => told.push(a) }) });
      return { outcome, told };
    }

    it('done: with its usage and its cost at the catalog’s prices', async () => {
      await control.queueReplies([scripted]);
      const { outcome, told } = await answered();
      assert.ok(outcome.status === 'done' && outcome.usage && outcome.costRub !== undefined);
      assert.deepEqual(told, [{ interface: 'chat-completions', usage: outcome.usage, costRub: outcome.costRub }]);
    });

    it('stopped after some text, or cut: counted, with no usage and no cost', async () => {
      await control.queueReplies([scripted, scripted]);
      await control.queueFaults('chat', [
        { type: 'stall', afterDeltas: 3, ms: 5000 },
        { type: 'cut', afterDeltas: 3 },
      ]);
      const controller = new AbortController();
      const stopped = await answered({ signal: controller.signal, onDelta: () => controller.abort() });
      const cut = await answered();
      assert.deepEqual([stopped.outcome.status, cut.outcome.status], ['stopped', 'interrupted']);
      assert.deepEqual([...stopped.told, ...cut.told], [{ interface: 'chat-completions' }, { interface: 'chat-completions' }]);
    });

    it('failed before any text, or stopped before the request: not an answer', async () => {
      await control.queueFaults('chat', [{ type: 'status', status: 500 }]);
      const failed = await answered();
      const controller = new AbortController();
      controller.abort();
      const unsent = await answered({ signal: controller.signal });
      assert.deepEqual([failed.outcome.status, unsent.outcome.status], ['failed', 'stopped']);
      assert.deepEqual([...failed.told, ...unsent.told], []);
    });
  });

  describe('a model without `stream` (spec, Endpoints 5)', () => {
    it('Endpoints 3: is asked once without streaming; the whole answer arrives as one JSON response, one text, with usage', async () => {
      await control.queueReplies([scripted]);
      const { outcome, texts } = await (async () => {
        const texts: string[] = [];
        const outcome = await streamReply(
          { connection: Promise.resolve(basic), messages: [{ role: 'user', content: 'hi' }], signal: new AbortController().signal, includeUsage: true },
          { onDelta: (t) => texts.push(t), intervalMs: 0 },
        );
        return { outcome, texts };
      })();
      assert.deepEqual(texts, [scripted]);
      assert.ok(outcome.status === 'done');
      assert.deepEqual([outcome.text, outcome.finishReason, outcome.usage?.completion_tokens], [scripted, 'stop', 8]);
      const [record] = await control.requests();
      assert.deepEqual([record?.status, record?.stream, record?.model], [200, false, 'acme/chat-basic']);
    });

    it('is stopped like a stream: nothing shown, the request aborted', async () => {
      await control.queueFaults('chat', [{ type: 'slow_first_byte', ms: 5000 }]);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const { outcome } = await run({ connection: Promise.resolve(basic), signal: controller.signal });
      assert.deepEqual(outcome, { status: 'stopped', text: '' });
    });

    it('fails like a stream, with the same error kinds', async () => {
      await control.queueFaults('chat', [{ type: 'status', status: 402, code: 'insufficient_balance' }]);
      const { outcome } = await run({ connection: Promise.resolve(basic) });
      assert.equal(outcome.status, 'failed');
      assert.equal(errorOf(outcome)?.kind, 'payment');
    });
  });

  describe("the model's context (spec, Limits 3; Errors 4)", () => {
    // 400 words a message: about 405 tokens by the client's estimate and by the emulator's count, 506 with the trim's margin.
    const long = 'word '.repeat(400);
    const conversation: TextMessage[] = [
      { role: 'system', content: 'Be brief.' },
      ...Array.from({ length: 6 }, (_, i): TextMessage[] => [
        { role: 'user', content: `${i} ${long}` },
        { role: 'assistant', content: long },
      ]).flat(),
      { role: 'user', content: `last ${long}` },
    ];

    it('a conversation longer than the context is trimmed from the oldest exchanges, and the caller is told', async () => {
      const { outcome, trims } = await run({ connection: Promise.resolve(basic), messages: conversation });
      assert.equal(outcome.status, 'done');
      assert.deepEqual(trims, [[8, 4000]]);
      // What was sent, by the emulator's count: the system prompt (6), the two newest exchanges (405 + 404 each) and the last message (405).
      assert.ok(outcome.status === 'done');
      assert.equal(outcome.usage?.prompt_tokens, 2029);
    });

    it('untrimmed, the service refuses it as too long, and the advice says what to do', async () => {
      const error = await client
        .streamText(TRANSPORTS['chat-completions'], { model: 'acme/chat-basic', messages: conversation, options: {} }, { streaming: false })
        .next()
        .then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
      assert.ok(error instanceof ServiceError);
      assert.deepEqual([error.kind, error.status, error.code], ['too_long', 400, 'context_length_exceeded']);
      assert.equal(
        error.userMessage,
        "The conversation is too long for this model: start a new chat, or pick a model with a larger context with 'Multi-Model AI: Select Model'.",
      );
    });

    it('a conversation that fits is sent whole, and nothing is said', async () => {
      const { outcome, trims } = await run({ connection: Promise.resolve(basic), messages: conversation.slice(-3) });
      assert.equal(outcome.status, 'done');
      assert.deepEqual(trims, []);
    });

    it('Limits 3: the context a too-long refusal reports is the one the next request is fitted to', async () => {
      // acme/chat-large lists a larger context; a gateway in front answers as Anthropic does.
      const tooLong = { type: 'error', error: { type: 'invalid_request_error', message: 'prompt is too long: 2400 tokens > 2000 maximum' } };
      await control.queueFaults('chat', [{ type: 'status', status: 400, body: JSON.stringify(tooLong) }]);
      const reported: number[] = [];
      const remembering: ModelConnection = { ...connection, onContextReported: (tokens) => reported.push(tokens) };
      const first = await run({ connection: Promise.resolve(remembering), messages: conversation });
      assert.equal(
        errorOf(first.outcome)?.userMessage,
        "The conversation is too long for this model (2,400 tokens, the model takes 2,000): start a new chat, or pick a model with a larger context with 'Multi-Model AI: Select Model'.",
      );
      assert.deepEqual([first.trims, reported], [[], [2000]]);
      const next = await run({ connection: Promise.resolve({ ...remembering, reportedContext: 2000 }), messages: conversation });
      assert.equal(next.outcome.status, 'done');
      assert.deepEqual(next.trims, [[12, 2000]]);
    });
  });

  it('a Messages request long enough to cache goes out with its breakpoints and is answered', async () => {
    const messenger = (await client.listModels()).data.find((m) => m.id === 'mira/messenger');
    assert.ok(messenger);
    await control.queueReplies([scripted]);
    // The body as the transport writes it, seen on its way to the real client.
    const bodies: Record<string, unknown>[] = [];
    const seeing = Object.create(client, {
      streamText: {
        value: (...args: Parameters<ServiceClient['streamText']>) => {
          bodies.push(args[0].body(args[1], true));
          return client.streamText(...args);
        },
      },
    }) as ServiceClient;
    const { outcome, text } = await run({
      connection: Promise.resolve({ client: seeing, model: messenger }),
      // 1,200 tokens (three a sentence): past the 1,024-token minimum by the estimate.
      messages: [
        { role: 'system', content: 'Answer briefly. '.repeat(400) },
        { role: 'user', content: 'hi' },
      ],
    });
    assert.equal(outcome.status, 'done');
    assert.equal(text, scripted);
    assert.deepEqual(
      bodies.map((b) => [(b.system as { cache_control?: unknown }[])[0]?.cache_control, JSON.stringify(b.messages)]),
      [[{ type: 'ephemeral' }, '[{"role":"user","content":[{"type":"text","text":"hi","cache_control":{"type":"ephemeral"}}]}]']],
    );
  });

  it('the cache read on the next turn is priced at the cache price, and its saving told to the caller and the usage record', async () => {
    const messenger = (await client.listModels()).data.find((m) => m.id === 'mira/messenger');
    assert.ok(messenger);
    await control.setCacheMode(true);
    await control.queueReplies(['Sure thing.', 'Done.']);
    const answered: AnswerUsage[] = [];
    const connection = Promise.resolve({ client, model: messenger, onAnswered: (a: AnswerUsage) => answered.push(a) });
    // 1,100 words: 1,104 tokens by the emulator's count, past the minimum by either count.
    const system: TextMessage = { role: 'system', content: 'word '.repeat(1100) };
    const first = await run({ connection, messages: [system, { role: 'user', content: 'hi' }] });
    const second = await run({
      connection,
      messages: [system, { role: 'user', content: 'hi' }, { role: 'assistant', content: 'Sure thing.' }, { role: 'user', content: 'more' }],
    });
    const saved = (outcome: ReplyOutcome) =>
      outcome.status === 'done' ? [outcome.usage?.prompt_tokens_details, outcome.savedRub?.toFixed(6)] : outcome.status;
    assert.deepEqual(
      [saved(first.outcome), saved(second.outcome)],
      [
        // 1,109 written at 1.25× the input price: 1,109 × (0.0003 − 0.000375) ₽.
        [{ cache_write_tokens: 1109 }, '-0.083175'],
        // 1,109 read at 0.1×, the reply and the question (6 + 5) written: 1,109 × 0.00027 − 11 × 0.000075 ₽.
        [{ cached_tokens: 1109, cache_write_tokens: 11 }, '0.298605'],
      ],
    );
    assert.deepEqual(
      answered.map((a) => a.savedRub?.toFixed(6)),
      ['-0.083175', '0.298605'],
    );
  });

  it('on every interface the cost of cache reads and writes is what the service charges for them', async () => {
    await control.setCacheMode(true);
    const system: TextMessage = { role: 'system', content: 'word '.repeat(1100) };
    const turns: TextMessage[][] = [
      [system, { role: 'user', content: 'hi' }],
      [system, { role: 'user', content: 'hi' }, { role: 'assistant', content: 'Sure thing.' }, { role: 'user', content: 'more' }],
    ];
    // Each interface's model: one that caches where asked (Messages; chat completions, for the beta
    // workspace), one that caches on its own (Responses).
    const cases = [
      ['mira/messenger', FIXTURE_KEYS.alpha],
      ['zeta/reasoner-pro', FIXTURE_KEYS.beta],
      ['nova/responder', FIXTURE_KEYS.alpha],
    ] as const;
    const seen: unknown[] = [];
    for (const [id, apiKey] of cases) {
      const keyed = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey, maxRetries: 0 });
      const model = (await keyed.listModels()).data.find((m) => m.id === id);
      assert.ok(model, id);
      const costs: number[] = [];
      for (const messages of turns) {
        await control.queueReplies(['Sure thing.']);
        const { outcome } = await run({ connection: Promise.resolve({ client: keyed, model }), messages });
        assert.ok(outcome.status === 'done' && outcome.costRub !== undefined, JSON.stringify(outcome));
        costs.push(Number(outcome.costRub.toFixed(6)));
      }
      const charges = (await control.charges()).slice(-2);
      assert.deepEqual(
        costs,
        charges.map((c) => c.amountRub),
        id,
      );
      seen.push([id, ...charges.map((c) => [c.cacheReadTokens, c.cacheWriteTokens])]);
    }
    assert.deepEqual(seen, [
      ['mira/messenger', [0, 1109], [1109, 11]],
      ['zeta/reasoner-pro', [0, 1109], [1109, 11]],
      // Caches on its own: the first request's whole prompt read back, nothing written.
      ['nova/responder', [0, 0], [1109, 0]],
    ]);
  });

  it('prices the request as it goes, fitted to the context, before any text arrives', async () => {
    const events: string[] = [];
    const prices: unknown[] = [];
    const words = (n: number) => 'word '.repeat(n);
    // 3,000 tokens of an old exchange do not fit acme/chat-basic's 4,000 with 1,000 kept for the answer: priced as sent, without them.
    const messages: TextMessage[] = [
      { role: 'user', content: words(3_000) },
      { role: 'assistant', content: words(100) },
      { role: 'user', content: 'word word' },
    ];
    const outcome = await streamReply(
      { connection: Promise.resolve(basic), messages, signal: new AbortController().signal },
      {
        onDelta: () => events.push('delta'),
        onPrice: (price) => (events.push('price'), prices.push(price)),
        intervalMs: 0,
      },
    );
    assert.equal(outcome.status, 'done');
    assert.deepEqual(events.slice(0, 2), ['price', 'delta']);
    const rounded = prices.map((price) => Object.fromEntries(Object.entries(price as object).map(([k, v]) => [k, Math.round(v * 1e8) / 1e8])));
    assert.deepEqual(rounded, [{ inputTokens: 6, inputRub: 0.00003, answerTokens: 3_994, answerUpToRub: 0.07988 }]);
  });
});
