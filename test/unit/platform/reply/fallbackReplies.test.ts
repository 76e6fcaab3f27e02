// Fallback when a model is down, against the emulator over loopback: the one streaming loop with
// a real client, the connection's fallback route (platform/services/fallbackRoute.ts) and the
// rule (platform/reply/fallback.ts). One test per kind of failure: which fall back, which do not.
import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../../emulator/index';
import { useEmulator } from '../../../support/useEmulator';
import { collectingLogger } from '../../../support/collectingLogger';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { ServiceError } from '#src/platform/client/errors/serviceError';
import { usableTextModels } from '#src/platform/client/modelCatalog';
import type { ModelList } from '#src/platform/client/catalog/schemas';
import type { AnswerUsage, ModelConnection } from '#src/platform/reply/modelConnection';
import { streamReply, type ReplyOutcome } from '#src/platform/reply/streamReply';
import { fallbackRoute } from '#src/platform/services/fallbackRoute';
import { fallsBack, type FallbackSetting } from '#src/platform/reply/fallback';
import type { FellBack } from '#src/platform/reply/fallbackNote';

const CHOSEN = 'acme/chat-large';

describe('fallback when a model is down, against the emulator', () => {
  const { emulator, control } = useEmulator();
  let list: ModelList;

  before(async () => {
    list = await new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 }).listModels();
  });

  /** Asks CHOSEN with `setting`; each model's connection records its answers as the usage record would. */
  async function ask(setting: FallbackSetting, options: { maxRetries?: number; signal?: AbortSignal } = {}) {
    const { lines, logger } = collectingLogger();
    const client = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: options.maxRetries ?? 0, logger });
    const answered: { model: string; answer: AnswerUsage }[] = [];
    const connect = (id: string): ModelConnection => {
      const model = list.data.find((entry) => entry.id === id);
      assert.ok(model, id);
      return { client, model, onAnswered: (answer) => answered.push({ model: id, answer }) };
    };
    const chosen = connect(CHOSEN);
    const route = fallbackRoute({
      setting,
      model: chosen.model,
      catalog: list.data,
      usable: usableTextModels(list),
      connect: async (model) => connect(model.id),
      logger,
      onFailure: () => undefined,
    });
    const models: string[] = [];
    const notes: FellBack[] = [];
    let text = '';
    const outcome = await streamReply(
      {
        connection: Promise.resolve({ ...chosen, ...(route && { fallback: route }) }),
        messages: [{ role: 'user', content: 'hi' }],
        signal: options.signal ?? new AbortController().signal,
        includeUsage: true,
      },
      { onModel: (model, note) => (models.push(model.id), note && notes.push(note)), onDelta: (delta) => (text += delta), intervalMs: 0 },
    );
    const requests = (await control.requests()).map((r) => [r.model, r.status, r.fault]);
    return { outcome, models, notes, text, answered, requests, lines, charges: await control.charges() };
  }

  const kindOf = (outcome: ReplyOutcome) =>
    'error' in outcome && outcome.error instanceof ServiceError ? [outcome.error.kind, outcome.error.status] : undefined;

  it('a 503 after the retries are spent: the next listed model answers, the note says why, one usage entry and one charge, both requests logged', async () => {
    await control.modelDown(CHOSEN, { status: 503 });
    await control.queueReplies(['Answered from elsewhere.']);
    const run = await ask(['mira/messenger'], { maxRetries: 1 });
    assert.equal(run.outcome.status, 'done');
    assert.equal(run.text, 'Answered from elsewhere.');
    assert.deepEqual(run.outcome.fellBack, { from: CHOSEN, to: 'mira/messenger', status: 503 });
    assert.deepEqual(run.notes, [{ from: CHOSEN, to: 'mira/messenger', status: 503 }]);
    assert.deepEqual(run.models, [CHOSEN, 'mira/messenger']);
    assert.deepEqual(run.requests, [
      [CHOSEN, 503, 'model_down'],
      [CHOSEN, 503, 'model_down'],
      ['mira/messenger', 200, null],
    ]);
    assert.deepEqual(
      run.answered.map((a) => [a.model, a.answer.interface, a.answer.costRub !== undefined]),
      [['mira/messenger', 'messages', true]],
    );
    assert.deepEqual(
      run.charges.map((c) => c.model),
      ['mira/messenger'],
    );
    const records = await control.requests();
    const fallbackLine = run.lines.find((line) => line.startsWith('Fallback:'));
    assert.equal(
      fallbackLine,
      `Fallback: ${CHOSEN} is down (status=503 code=service_unavailable kind=server request_id=${records[1]?.requestId} client_request_id=${records[1]?.clientRequestId}); asking mira/messenger (multiModelAI.fallback).`,
    );
    // The failed request and the answer, each by its ids.
    assert.deepEqual(
      run.lines.filter((line) => line.startsWith('POST')).map((line) => line.split(' attempt=')[0]),
      [
        `POST /v1/chat/completions model=${CHOSEN} status=503 code=service_unavailable kind=server request_id=${records[0]?.requestId} (header x-request-id) client_request_id=${records[0]?.clientRequestId}`,
        `POST /v1/chat/completions model=${CHOSEN} status=503 code=service_unavailable kind=server request_id=${records[1]?.requestId} (header x-request-id) client_request_id=${records[1]?.clientRequestId}`,
        `POST /v1/messages model=mira/messenger status=200 code=- request_id=${records[2]?.requestId} client_request_id=${records[2]?.clientRequestId}`,
      ],
    );
  });

  it('overloaded (529): falls back', async () => {
    await control.modelDown(CHOSEN, { status: 529, code: 'overloaded' });
    const run = await ask(['acme/chat-mini']);
    assert.equal(run.outcome.status, 'done');
    assert.deepEqual(run.outcome.fellBack, { from: CHOSEN, to: 'acme/chat-mini', status: 529 });
  });

  it('the model unknown (404 model_not_found): falls back to the similar model', async () => {
    await control.modelDown(CHOSEN, { status: 404, code: 'model_not_found' });
    const run = await ask('similar');
    assert.equal(run.outcome.status, 'done');
    assert.deepEqual(run.outcome.fellBack, { from: CHOSEN, to: 'acme/chat-mini', status: 404 });
    assert.deepEqual(
      run.charges.map((c) => c.model),
      ['acme/chat-mini'],
    );
  });

  it('the model unavailable to the workspace (403 model_unavailable): falls back', async () => {
    await control.modelDown(CHOSEN, { status: 403, code: 'model_unavailable' });
    const run = await ask(['acme/chat-mini']);
    assert.deepEqual(run.outcome.fellBack, { from: CHOSEN, to: 'acme/chat-mini', status: 403 });
  });

  it('the listed models down too: each is asked in turn, and the chosen model’s failure is reported as its own', async () => {
    await control.modelDown(CHOSEN, { status: 503 });
    await control.modelDown('mira/messenger', { status: 502 });
    await control.modelDown('acme/chat-mini', { status: 500 });
    const run = await ask(['mira/messenger', 'acme/chat-mini']);
    assert.equal(run.outcome.status, 'failed');
    assert.deepEqual(kindOf(run.outcome), ['server', 503]);
    // Each asked in turn, then the chosen model again: its failure is the outcome.
    assert.deepEqual(run.models, [CHOSEN, 'mira/messenger', 'acme/chat-mini', CHOSEN]);
    assert.deepEqual(run.notes, [
      { from: CHOSEN, to: 'mira/messenger', status: 503 },
      { from: CHOSEN, to: 'acme/chat-mini', status: 503 },
    ]);
    assert.deepEqual(run.answered, []);
    assert.deepEqual(run.charges, []);
  });

  it('a listed model that is not usable (unavailable to the workspace) is passed over', async () => {
    await control.modelDown(CHOSEN, { status: 503 });
    const run = await ask(['zeta/reasoner-pro', 'acme/chat-mini']);
    assert.deepEqual(run.models, [CHOSEN, 'acme/chat-mini']);
    assert.equal(run.outcome.status, 'done');
  });

  it('fallback off: the 503 is reported', async () => {
    await control.modelDown(CHOSEN, { status: 503 });
    const run = await ask('off');
    assert.deepEqual(kindOf(run.outcome), ['server', 503]);
    assert.deepEqual(run.models, [CHOSEN]);
  });

  /** Failures that never fall back: only the chosen model is asked, and its failure is reported. */
  const noFallback: [string, () => Promise<unknown>, [string, number]][] = [
    ['money: the balance spent (402)', () => control.setBilling(FIXTURE_KEYS.alpha, { balanceRub: 0 }), ['payment', 402]],
    ['money: the spend limit reached (403 spend_limit_exceeded)', () => control.setBilling(FIXTURE_KEYS.alpha, { spendLimitRub: 0 }), ['payment', 403]],
    ['the key (401)', () => control.queueFaults('chat', [{ type: 'status', status: 401, code: 'invalid_api_key' }]), ['auth', 401]],
    ['the key refused (403)', () => control.queueFaults('chat', [{ type: 'status', status: 403 }]), ['forbidden', 403]],
    ['a bad request (400)', () => control.queueFaults('chat', [{ type: 'status', status: 400 }]), ['invalid_request', 400]],
    ['a bad request (422)', () => control.queueFaults('chat', [{ type: 'status', status: 422 }]), ['invalid_request', 422]],
    ['a content refusal', () => control.queueFaults('chat', [{ type: 'status', status: 400, code: 'content_policy_violation' }]), ['refused', 400]],
    ['a rate limit of the key (429)', () => control.queueFaults('chat', [{ type: 'rate_limit', retryAfterSeconds: 120 }]), ['rate_limit', 429]],
    [
      'an error event before any output (in a stream begun with 200: the generation may be charged)',
      () => control.queueFaults('chat', [{ type: 'stream_error', afterDeltas: 0, code: 'server_error' }]),
      ['server', 200],
    ],
  ];
  for (const [name, arrange, expected] of noFallback)
    it(`${name}: no fallback`, async () => {
      await arrange();
      const run = await ask(['acme/chat-mini']);
      assert.equal(run.outcome.status, 'failed');
      assert.deepEqual(kindOf(run.outcome), expected);
      assert.equal(run.outcome.fellBack, undefined);
      assert.deepEqual(run.models, [CHOSEN]);
      assert.deepEqual(run.notes, []);
      assert.deepEqual(
        run.requests.map(([model]) => model),
        [CHOSEN],
      );
    });

  it('a failure after partial output (an error event after three deltas): kept as interrupted, never replaced by another model', async () => {
    await control.queueReplies(['one two three four five']);
    await control.queueFaults('chat', [{ type: 'stream_error', afterDeltas: 3, code: 'server_error' }]);
    const run = await ask(['acme/chat-mini']);
    assert.equal(run.outcome.status, 'interrupted');
    assert.equal(run.text, 'one two three ');
    assert.deepEqual(run.models, [CHOSEN]);
    assert.deepEqual(
      run.answered.map((a) => a.model),
      [CHOSEN],
    );
  });

  it('the rule itself: the 503 that falls back would not, had any output (text, reasoning, a tool call) arrived', async () => {
    await control.modelDown(CHOSEN, { status: 503 });
    const { outcome } = await ask('off');
    assert.equal(outcome.status, 'failed');
    const error = 'error' in outcome ? outcome.error : undefined;
    assert.deepEqual([fallsBack(error, false), fallsBack(error, true)], [true, false]);
  });

  it('a failure after partial output (the connection cut after two deltas): no fallback', async () => {
    await control.queueReplies(['one two three four five']);
    await control.queueFaults('chat', [{ type: 'cut', afterDeltas: 2 }]);
    const run = await ask(['acme/chat-mini']);
    assert.equal(run.outcome.status, 'interrupted');
    assert.deepEqual(run.models, [CHOSEN]);
  });

  it('stopped while the chosen model is retried: nothing else is asked', async () => {
    await control.modelDown(CHOSEN, { status: 503 });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 100);
    const run = await ask(['acme/chat-mini'], { maxRetries: 3, signal: stop.signal });
    assert.equal(run.outcome.status, 'stopped');
    assert.deepEqual(run.models, [CHOSEN]);
  });
});
