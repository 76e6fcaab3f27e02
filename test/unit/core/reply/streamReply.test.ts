// The one streaming loop, against the emulator over loopback: each way an answer can end.
import * as assert from 'node:assert/strict';
import { EmulatorControl, FIXTURE_KEYS, startEmulator, type RunningEmulator } from '../../../emulator/index';
import { ServiceClient } from '../../../../src/core/index';
import { SetupError, type ModelConnection } from '../../../../src/core/reply/modelConnection';
import { streamReply, type ReplyOutcome } from '../../../../src/core/reply/streamReply';
import { ServiceError } from '../../../../src/core/client/serviceError';

const scripted = 'one two three four five six seven eight';

describe('streamReply against the emulator', () => {
  let emulator: RunningEmulator;
  let control: EmulatorControl;
  let connection: ModelConnection;

  before(async () => {
    emulator = await startEmulator();
    control = new EmulatorControl(emulator.origin);
    const client = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 });
    const model = (await client.listModels()).data.find((m) => m.id === 'acme/chat-large');
    assert.ok(model);
    connection = { client, model };
  });
  after(() => emulator.close());
  beforeEach(() => control.reset());

  async function run(options: { connection?: Promise<ModelConnection>; signal?: AbortSignal; onText?: (text: string) => void } = {}) {
    const texts: string[] = [];
    const models: string[] = [];
    const outcome = await streamReply(
      { connection: options.connection ?? Promise.resolve(connection), messages: [{ role: 'user', content: 'hi' }], signal: options.signal ?? new AbortController().signal, includeUsage: true },
      { onModel: (m) => models.push(m.id), onText: (t) => (texts.push(t), options.onText?.(t)), intervalMs: 0 },
    );
    return { outcome, text: texts.join(''), models };
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
    const { outcome } = await run({ signal: controller.signal, onText: () => controller.abort() });
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

  for (const [status, kind] of [[401, 'auth'], [500, 'server']] as const) {
    it(`failed: a ${status} before any text, with its error`, async () => {
      await control.queueFaults('chat', [{ type: 'status', status }]);
      const { outcome, text } = await run();
      assert.equal(outcome.status, 'failed');
      assert.equal(errorOf(outcome)?.kind, kind);
      assert.equal(text, '');
    });
  }

  it('failed: a connection that cannot be made ends like any other failure, without a request', async () => {
    const setup = new SetupError('No model is selected: pick the model to use.', ['selectModel']);
    const { outcome, models } = await run({ connection: Promise.reject(setup) });
    assert.deepEqual(outcome, { status: 'failed', error: setup });
    assert.deepEqual(models, []);
    assert.deepEqual(await control.requests(), []);
  });
});
