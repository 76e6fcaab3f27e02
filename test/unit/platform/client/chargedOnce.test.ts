// Money and retries against the emulator over loopback: a generation is charged once however
// it is retried (spec, Errors 2), payment failures are explained and never retried (Limits 2
// and 4), and a thinking model's long silence is neither cut nor retried.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { FIXTURE_KEYS } from '../../../emulator/index';
import { useEmulator } from '../../../support/useEmulator';
import { ServiceClient, type ChatOptions, type ServiceClientOptions } from '#src/platform/client/serviceClient';
import { ServiceError } from '#src/platform/client/errors/serviceError';
import { TRANSPORTS } from '#src/platform/client/transports/index';
import { type RetryWait } from '#src/platform/client/attempt/attempt';
import { type TextRequest } from '#src/platform/client/transports/textRequest';
import { UnfinishedGenerations } from '#src/platform/client/attempt/unfinishedGenerations';

const chat: TextRequest = { model: 'acme/chat-large', messages: [{ role: 'user', content: 'Explain closures in TypeScript.' }], options: {} };

/** The answer through chat completions, streamed unless `streaming` is false. */
async function streamText(
  client: ServiceClient,
  onRetry?: (wait: RetryWait) => void,
  streaming?: ChatOptions['streaming'],
): Promise<{ text: string; error?: ServiceError }> {
  let text = '';
  try {
    for await (const event of client.streamText(TRANSPORTS['chat-completions'], chat, { onRetry, streaming })) if (event.type === 'delta') text += event.text;
    return { text };
  } catch (error) {
    assert.ok(error instanceof ServiceError, String(error));
    return { text, error };
  }
}

describe('core ServiceClient: charged once, payment failures, long silences', function () {
  const { emulator, control } = useEmulator();
  let reference: string;
  const client = (options: Partial<ServiceClientOptions> = {}) => new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, ...options });

  before(async () => {
    reference = (await streamText(client())).text;
  });

  for (const mode of ['stream', 'json'] as const) {
    it(`Errors 2: an answer lost after it was made is asked for again with the same client request id, and charged once [${mode}]`, async () => {
      await control.queueFaults('chat', [{ type: 'drop_reply' }]);
      const { text, error } = await streamText(client(), undefined, mode === 'stream');
      assert.equal(error, undefined, error?.message);
      assert.equal(text, reference);
      const records = await control.requests();
      assert.equal(records.length, 2);
      assert.equal(records[0]?.clientRequestId, records[1]?.clientRequestId);
      assert.deepEqual(
        (await control.charges()).map((c) => c.clientRequestId),
        [records[0]?.clientRequestId],
      );
    });
  }

  it('Errors 2: after two lost answers the person is offered Retry, and the service charged once', async () => {
    await control.queueFaults('chat', [{ type: 'drop_reply' }, { type: 'drop_reply' }, { type: 'drop_reply' }]);
    const { error } = await streamText(client());
    assert.equal(error?.kind, 'network');
    assert.equal((await control.requests()).length, 2);
    assert.equal((await control.charges()).length, 1);
  });

  it("Errors 2: the person's Retry after lost answers sends the same client request id: the answer made is given, charged once", async () => {
    await control.queueFaults('chat', [{ type: 'drop_reply' }, { type: 'drop_reply' }]);
    const same = client();
    const { error } = await streamText(same);
    assert.deepEqual(
      { kind: error?.kind, userMessage: error?.userMessage },
      {
        kind: 'network',
        userMessage: 'The connection broke before the answer arrived: Retry asks the service for that same answer again, so it is not made and charged twice.',
      },
    );
    assert.equal((await streamText(same)).text, reference);
    const ids = (await control.requests()).map((r) => r.clientRequestId);
    assert.deepEqual(ids, [ids[0], ids[0], ids[0]]);
    assert.equal((await control.charges()).length, 1);
  });

  it('Errors 2: no answer in time is told as an answer lost on the way, and Retry asks for it by the same client request id', async () => {
    await control.queueFaults('chat', [{ type: 'slow_first_byte', ms: 1_500 }]);
    const same = client({ maxRetries: 0, timeoutMs: 300 });
    const { error } = await streamText(same);
    assert.deepEqual(
      { kind: error?.kind, userMessage: error?.userMessage, answerLost: error?.answerLost },
      {
        kind: 'timeout',
        userMessage: 'No answer came in time: Retry asks the service for that same answer again, so it is not made and charged twice.',
        answerLost: true,
      },
    );
    assert.equal((await streamText(same)).text, reference);
    const ids = (await control.requests()).map((r) => r.clientRequestId);
    assert.deepEqual(ids, [ids[0], ids[0]]);
  });

  it('Errors 2: a client remade for new request settings (a longer timeout) shares the memory, so its Retry is charged once', async () => {
    await control.queueFaults('chat', [{ type: 'drop_reply' }, { type: 'drop_reply' }]);
    const unfinished = new UnfinishedGenerations();
    assert.equal((await streamText(client({ unfinished }))).error?.kind, 'network');
    assert.equal((await streamText(client({ unfinished, timeoutMs: 120_000 }))).text, reference);
    assert.equal((await control.charges()).length, 1);
  });

  it('Errors 2: a stream cut after part of the answer: Retry gets the whole answer made, charged once', async () => {
    await control.queueFaults('chat', [{ type: 'cut', afterDeltas: 3 }]);
    const same = client();
    const cut = await streamText(same);
    assert.equal(cut.error?.kind, 'stream_interrupted');
    assert.equal((await streamText(same)).text, reference);
    assert.equal((await control.charges()).length, 1);
  });

  it('Errors 2: an answer that arrived is never given again: the same request once more is a new generation', async () => {
    const same = client();
    await streamText(same);
    await streamText(same);
    const ids = (await control.requests()).map((r) => r.clientRequestId);
    assert.notEqual(ids[0], ids[1]);
    assert.equal((await control.charges()).length, 2);
  });

  it('Errors 2: a Retry the service refused (500) leaves the lost answer undelivered: the next Retry still asks for it', async () => {
    await control.queueFaults('chat', [
      { type: 'drop_reply' },
      { type: 'drop_reply' },
      { type: 'status', status: 500 },
      { type: 'status', status: 500 },
      { type: 'status', status: 500 },
    ]);
    const same = client({ maxRetries: 1 });
    assert.equal((await streamText(same)).error?.kind, 'network');
    assert.equal((await streamText(same)).error?.kind, 'server');
    assert.equal((await streamText(same)).text, reference);
    const ids = new Set((await control.requests()).map((r) => r.clientRequestId));
    assert.equal(ids.size, 1, 'one id throughout: the lost answer is asked for until it arrives');
    assert.equal((await control.charges()).length, 1);
  });

  it('Limits 4: an exhausted balance is explained with the masked key and the cabinet, and never retried', async () => {
    await control.setBilling(FIXTURE_KEYS.alpha, { balanceRub: 0 });
    const { error } = await streamText(client());
    assert.equal(error?.userMessage, 'The prepaid balance is exhausted (key sk_test_al…): top up the balance in the management cabinet, then try again.');
    assert.deepEqual([error?.kind, error?.status, error?.code], ['payment', 402, 'insufficient_balance']);
    assert.equal((await control.requests()).length, 1);
  });

  it('Limits 2: a key at its spend limit is told so, never retried; the first request went through', async () => {
    await control.setBilling(FIXTURE_KEYS.alpha, { spendLimitRub: 0.0001 });
    assert.equal((await streamText(client())).text, reference);
    const { error } = await streamText(client());
    assert.equal(error?.userMessage, "The spend limit of key sk_test_al… is reached: raise the key's limit in the management cabinet, then try again.");
    assert.equal((await control.requests()).length, 2);
  });

  it('Errors 2: a request that could not be sent (connection refused) uses the whole retry budget', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const waits: RetryWait[] = [];
    const { error } = await streamText(client({ baseUrl: `http://127.0.0.1:${port}/v1` }), (wait) => waits.push(wait));
    assert.equal(error?.kind, 'network');
    assert.deepEqual(
      waits.map((w) => [w.kind, w.attempt]),
      [
        ['network', 2],
        ['network', 3],
      ],
    );
  });

  it('Limits 1: the wait before retrying a 429 without a window is told to the caller, 2 to 3 s', async () => {
    await control.queueFaults('chat', [{ type: 'status', status: 429 }]);
    const waits: RetryWait[] = [];
    assert.equal((await streamText(client(), (wait) => waits.push(wait))).text, reference);
    assert.equal(waits.length, 1);
    assert.equal(waits[0]?.kind, 'rate_limit');
    assert.ok(waits[0]!.delayMs >= 2000 && waits[0]!.delayMs < 3000, String(waits[0]?.delayMs));
  });

  it('Errors 2: a thinking model silent for 45 s before its first delta is neither cut nor retried (default timeouts)', async function () {
    this.timeout(90_000);
    await control.queueFaults('chat', [{ type: 'stall', afterDeltas: 0, ms: 45_000 }]);
    const { text, error } = await streamText(client());
    assert.equal(error, undefined, error?.message);
    assert.equal(text, reference);
    assert.equal((await control.requests()).length, 1);
  });
});
