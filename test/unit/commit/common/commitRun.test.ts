// A commit message request against the emulator over loopback HTTP: the client is real.
import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../../emulator/index';
import { useEmulatorConnection } from '../../../support/useEmulatorConnection';
import { ServiceClient } from '#src/platform/client/serviceClient';
import type { ServiceError } from '#src/platform/client/errors/serviceError';
import type { ModelEntry } from '#src/platform/client/catalog/schemas';
import { writeCommitMessage, type CommitRequest } from '#src/commit/common/commitRun';

const diff = (path: string, lines: number) =>
  [`diff --git a/${path} b/${path}`, '--- a/x', '+++ b/x', '@@ -1 +1 @@', ...Array.from({ length: lines }, (_, i) => `+line ${i}`)].join('\n');
const request: CommitRequest = { diff: diff('src/a.ts', 3), subjects: ['Add a'], allChanges: false, untracked: [] };

describe('writeCommitMessage against the emulator', () => {
  const { emulator, control, connection } = useEmulatorConnection();

  it('streams the message as it arrives and ends with it cleaned, with its usage and cost', async () => {
    await control.queueReplies(['```\nAdd the login form\n\nIt checks the password.\n```']);
    const seen: string[] = [];
    const spent: number[] = [];
    const outcome = await writeCommitMessage({ ...connection, onSpend: (rub) => spent.push(rub) }, request, new AbortController().signal, {
      onDelta: (soFar) => seen.push(soFar),
    });
    assert.equal(outcome.status, 'done');
    assert.deepEqual(
      {
        message: outcome.status === 'done' && outcome.message,
        cutFiles: outcome.status === 'done' && outcome.cutFiles,
        model: outcome.status === 'done' && outcome.model,
      },
      { message: 'Add the login form\n\nIt checks the password.', cutFiles: 0, model: 'acme/chat-large' },
    );
    assert.ok(outcome.status === 'done' && outcome.usage && outcome.usage.completion_tokens > 0);
    assert.deepEqual(
      spent,
      (await control.charges()).map((c) => c.amountRub),
    );
    assert.ok(seen.length > 1, 'the message was not streamed');
    assert.ok(
      seen.every((text) => !text.startsWith('```')),
      'the fence reached the progress',
    );
  });

  it('the chosen model down (503): the fallback model writes the message, the outcome names it and says why', async () => {
    await control.modelDown('acme/chat-large', { status: 503 });
    await control.queueReplies(['Add the login form']);
    const listed = await new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 }).listModels();
    const mini = { ...connection, model: listed.data.find((m) => m.id === 'acme/chat-mini') as ModelEntry, maxTokens: undefined };
    const fallback = { models: () => [mini.model], connect: async () => mini };
    const notes: unknown[] = [];
    const outcome = await writeCommitMessage({ ...connection, fallback }, request, new AbortController().signal, {
      onDelta: () => {},
      onFallback: (note) => notes.push(note),
    });
    const fellBack = { from: 'acme/chat-large', to: 'acme/chat-mini', status: 503 };
    assert.deepEqual(outcome.status === 'done' && [outcome.message, outcome.model, outcome.fellBack], ['Add the login form', 'acme/chat-mini', fellBack]);
    assert.deepEqual(notes, [fellBack]);
  });

  it('a model with a small context gets the diff cut, and the outcome says how many files were', async () => {
    await control.queueReplies(['Update generated tables']);
    const big = { ...request, diff: [diff('a.ts', 2), diff('b.ts', 2000), diff('c.ts', 2000)].join('\n') };
    const outcome = await writeCommitMessage({ ...connection, model: { ...connection.model, context_length: 6_000 } }, big, new AbortController().signal, {
      onDelta: () => {},
    });
    assert.deepEqual(outcome.status === 'done' && outcome.cutFiles, 2);
  });

  it('Cancel ends it stopped', async () => {
    await control.queueReplies(['Add the login form']);
    await control.queueFaults('chat', [{ type: 'stall', afterDeltas: 1, ms: 2000 }]);
    const controller = new AbortController();
    const outcome = await writeCommitMessage(connection, request, controller.signal, { onDelta: () => controller.abort() });
    assert.deepEqual(outcome, { status: 'stopped' });
  });

  it('an empty answer fails without a service error; a 402 fails with it, and its request id', async () => {
    await control.queueReplies(['  ']);
    assert.deepEqual(await writeCommitMessage(connection, request, new AbortController().signal, { onDelta: () => {} }), { status: 'failed' });
    await control.queueFaults('chat', [{ type: 'status', status: 402 }]);
    const outcome = await writeCommitMessage(connection, request, new AbortController().signal, { onDelta: () => {} });
    const error = outcome.status === 'failed' ? (outcome.error as ServiceError) : undefined;
    assert.equal(error?.kind, 'payment');
    assert.match(error?.requestId ?? '', /\S/);
  });

  it('a stream cut after some text fails: a message cut short never reaches the box', async () => {
    await control.queueReplies(['Add the login form and its checks']);
    await control.queueFaults('chat', [{ type: 'cut', afterDeltas: 2 }]);
    const outcome = await writeCommitMessage(connection, request, new AbortController().signal, { onDelta: () => {} });
    assert.equal(outcome.status === 'failed' && (outcome.error as ServiceError).kind, 'stream_interrupted');
  });
});
