// A refactoring request against the emulator over loopback HTTP: the client is real.
import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../../emulator/index';
import { useEmulatorConnection } from '../../../support/useEmulatorConnection';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { RefactorRun, type RefactorRequest } from '#src/refactor/common/refactorRun';
import { SetupError } from '#src/platform/reply/modelConnection';
import type { ServiceError } from '#src/platform/client/errors/serviceError';
import type { ModelEntry } from '#src/platform/client/catalog/schemas';

const documentText = 'class A {\n  run(x) {\n    return x+1\n  }\n}\n';
const selected = '  run(x) {\n    return x+1\n  }\n';
const start = documentText.indexOf(selected);
const request: RefactorRequest = {
  target: { documentText, version: 1, start, end: start + selected.length, languageId: 'typescript' },
  instruction: 'Add types',
  path: 'src/a.ts',
  startLine: 2,
  endLine: 4,
};
const scripted = 'Here you go:\n\n```ts\nrun(x: number): number {\n  return x + 1;\n}\n```\n\nThe types make the contract explicit.';
const expectedCode = '  run(x: number): number {\n    return x + 1;\n  }\n';

describe('RefactorRun against the emulator', () => {
  const { emulator, control, connection } = useEmulatorConnection();

  it('ends done with the fenced code, reindented into the document', async () => {
    await control.queueReplies([scripted]);
    const proposals: string[] = [];
    const outcome = await new RefactorRun(request, (d) => proposals.push(d), 0).start(connection, new AbortController().signal);
    assert.deepEqual(outcome, {
      status: 'done',
      code: expectedCode,
      document: `class A {\n${expectedCode}}\n`,
    });
    assert.equal(proposals.at(-1), outcome.status === 'done' ? outcome.document : '');
  });

  it('the chosen model down (503): the fallback model writes the code, and the outcome says so', async () => {
    await control.modelDown('acme/chat-large', { status: 503 });
    await control.queueReplies([scripted]);
    const listed = await new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 }).listModels();
    const mini = { ...connection, model: listed.data.find((m) => m.id === 'acme/chat-mini') as ModelEntry, maxTokens: undefined };
    const fallback = { models: () => [mini.model], connect: async () => mini };
    const outcome = await new RefactorRun(request, () => {}, 0).start({ ...connection, fallback }, new AbortController().signal);
    assert.deepEqual(outcome, {
      status: 'done',
      code: expectedCode,
      document: `class A {\n${expectedCode}}\n`,
      fellBack: { from: 'acme/chat-large', to: 'acme/chat-mini', status: 503 },
    });
    assert.deepEqual(
      (await control.requests()).filter((r) => r.endpoint === 'chat').map((r) => [r.model, r.status]),
      [
        ['acme/chat-large', 503],
        ['acme/chat-mini', 200],
      ],
    );
  });

  it('updates the proposal while streaming, never with the prose before the fence', async () => {
    await control.queueReplies([scripted]);
    // A pause inside the code block makes the partial proposal observable.
    await control.queueFaults('chat', [{ type: 'stall', afterDeltas: 7, ms: 300 }]);
    const proposals: string[] = [];
    const outcome = await new RefactorRun(request, (d) => proposals.push(d), 0).start(connection, new AbortController().signal);
    const final = outcome.status === 'done' ? outcome.document : '';
    assert.ok(
      proposals.some((p) => p !== documentText && p !== final),
      'no partial proposal was shown',
    );
    for (const proposal of proposals) {
      assert.ok(proposal.startsWith('class A {\n') && proposal.endsWith('}\n'), proposal);
      assert.ok(!proposal.includes('Here you go'), proposal);
    }
  });

  it('sends one streaming chat request to the chosen model', async () => {
    await control.queueReplies([scripted]);
    await new RefactorRun(request, () => {}, 0).start(connection, new AbortController().signal);
    const [recorded] = await control.requests();
    assert.equal(recorded?.endpoint, 'chat');
    assert.equal(recorded?.stream, true);
    assert.equal(recorded?.model, 'acme/chat-large');
  });

  it('Limits 3: the refactoring asks for usage, and its cost is counted as the service charged it', async () => {
    await control.queueReplies([scripted]);
    const spent: number[] = [];
    await new RefactorRun(request, () => {}, 0).start({ ...connection, onSpend: (rub) => spent.push(rub) }, new AbortController().signal);
    const charged = (await control.charges()).map((c) => c.amountRub);
    assert.equal(charged.length, 1);
    // Without usage in the stream (chat completions sends it only when asked), nothing would be counted.
    assert.deepEqual(spent, charged);
  });

  it('a reply with no code fails without a service error', async () => {
    await control.queueReplies(['   ']);
    const outcome = await new RefactorRun(request, () => {}, 0).start(connection, new AbortController().signal);
    assert.deepEqual(outcome, { status: 'failed' });
  });

  const brokenRuns = [
    { title: 'a 500 fails with the service error', replies: [], fault: { type: 'status', status: 500 }, status: 'failed', kind: 'server' },
    {
      title: 'a cut after partial output is interrupted, with the partial proposal',
      replies: [scripted],
      fault: { type: 'cut', afterDeltas: 8 },
      status: 'interrupted',
      kind: 'stream_interrupted',
    },
  ] as const;
  for (const broken of brokenRuns) {
    it(broken.title, async () => {
      if (broken.replies.length > 0) await control.queueReplies([...broken.replies]);
      await control.queueFaults('chat', [broken.fault]);
      const outcome = await new RefactorRun(request, () => {}, 0).start(connection, new AbortController().signal);
      assert.equal(outcome.status, broken.status);
      assert.equal(outcome.status === 'failed' || outcome.status === 'interrupted' ? (outcome.error as ServiceError).kind : '', broken.kind);
    });
  }

  it('Limits 1: the wait before retrying a 429 is told to the caller (the progress counts it down), then the code arrives', async () => {
    await control.queueReplies([scripted]);
    await control.queueFaults('chat', [{ type: 'rate_limit', retryAfterSeconds: 1 }]);
    const retrying = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 1 });
    const waits: [string, number][] = [];
    const outcome = await new RefactorRun(request, () => {}, 0).start({ ...connection, client: retrying }, new AbortController().signal, (wait) =>
      waits.push([wait.kind, wait.delayMs]),
    );
    assert.equal(outcome.status, 'done');
    assert.deepEqual(waits, [['rate_limit', 1000]]);
  });

  it('an answer that stopped at its token limit is never offered to apply: interrupted, with the setting to raise', async () => {
    await control.queueReplies([scripted]);
    const outcome = await new RefactorRun(request, () => {}, 0).start({ ...connection, maxTokens: 9 }, new AbortController().signal);
    assert.equal(outcome.status, 'interrupted');
    const error = outcome.status === 'interrupted' ? outcome.error : undefined;
    assert.ok(error instanceof SetupError);
    assert.deepEqual(
      { message: error.message, actions: error.actions },
      {
        message:
          'The answer stopped at its length limit before the code was complete, so it cannot be applied: raise the setting Multi Model AI: Max Tokens, or refactor a smaller selection.',
        actions: ['openMaxTokensSetting'],
      },
    );
  });

  it('an abort mid-stream is stopped', async () => {
    await control.queueReplies([scripted]);
    await control.queueFaults('chat', [{ type: 'stall', afterDeltas: 3, ms: 5000 }]);
    const controller = new AbortController();
    let updates = 0;
    const outcome = await new RefactorRun(
      request,
      () => {
        if (++updates === 1) controller.abort();
      },
      0,
    ).start(connection, controller.signal);
    assert.deepEqual(outcome, { status: 'stopped' });
  });
});
