// Real gateways' error answers (fixtures/errors, each with its source), replayed byte for byte
// by the emulator over loopback HTTP through the real client: the kind, the actions offered, the
// advice, how many attempts were made and which request id was kept, written by hand beside each
// answer (its `expected`).
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_KEYS } from '../../../emulator/index';
import { useEmulator } from '../../../support/useEmulator';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { actionsFor } from '#src/platform/actions/actions';
import { formatDiagnostics } from '#src/platform/client/errors/diagnostics';
import { TRANSPORTS } from '#src/platform/client/transports/index';
import { type ErrorKind } from '#src/platform/client/errors/errorKind';
import { run } from './textOutcome';
import { collectingLogger } from '../../../support/collectingLogger';

interface Recorded {
  name: string;
  status: number;
  headers: Record<string, string>;
  body: unknown;
  source: string;
  /** What the client makes of it, written by hand. */
  expected: Expected;
}

interface Expected {
  kind: ErrorKind;
  attempts: number;
  /** The id and where it was read, or null when the answer carries none. */
  requestId: [string, string] | null;
  advice: string;
}

const FIXTURES = join(__dirname, 'fixtures', 'errors');
const GATEWAYS = ['openai', 'anthropic', 'openrouter', 'new-api', 'portkey', 'litellm', 'kong', 'other'];

describe('real gateways’ error answers, replayed through the client', function () {
  // 5xx answers are retried with the real backoff (0.5 s, then 1 s); a 429 without a window waits 2 to 3 s.
  this.timeout(20_000);
  const { emulator, control } = useEmulator();

  it('every gateway has its file of answers, and no other file is left unread', () => {
    assert.deepEqual(
      readdirSync(FIXTURES)
        .filter((f) => f.endsWith('.json'))
        .sort(),
      GATEWAYS.map((g) => `${g}.json`).sort(),
    );
  });

  for (const gateway of GATEWAYS) {
    const recorded = JSON.parse(readFileSync(join(FIXTURES, `${gateway}.json`), 'utf8')) as Recorded[];
    it(`${gateway}: every recorded answer has its expectation, and names its source`, () => {
      for (const answer of recorded) {
        assert.ok(answer.source.length > 20, answer.name);
        assert.deepEqual(Object.keys(answer.expected ?? {}), ['kind', 'attempts', 'requestId', 'advice'], answer.name);
      }
    });
    for (const answer of recorded) {
      const { expected } = answer;
      it(`${gateway} ${answer.name}: ${expected.kind}, ${expected.attempts} attempt(s)`, async () => {
        const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        // As many copies as the client may attempt: the ones left over show it stopped.
        await control.queueFaults(
          'chat',
          [1, 2, 3].map(() => ({ type: 'status' as const, status: answer.status, headers: answer.headers, body })),
        );
        const client = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha });
        const request = { model: 'acme/chat-large', messages: [{ role: 'user' as const, content: 'Explain closures.' }], options: {} };
        const { error } = await run(client.streamText(TRANSPORTS['chat-completions'], request, { streaming: false }));
        assert.ok(error);
        assert.deepEqual(
          {
            kind: error.kind,
            attempts: (await control.requests()).length,
            requestId: error.requestId === undefined ? null : [error.requestId, error.requestIdSource],
            advice: error.userMessage,
          },
          expected,
        );
        assert.equal(error.diagnostics.attempts, expected.attempts);
      });
    }
  }

  it('a 404 about a model offers Select Model first; a wrong address, Set Service Address; a refusal of the content never Set API Key', () => {
    assert.deepEqual(actionsFor('model_unavailable'), ['selectModel', 'showLog', 'retry']);
    assert.deepEqual(actionsFor('not_found'), ['setBaseUrl', 'showLog', 'retry']);
    assert.deepEqual(actionsFor('refused'), ['selectModel', 'showLog', 'retry']);
    assert.deepEqual(actionsFor('forbidden'), ['showLog', 'retry']);
  });

  it('Authentication 8: Copy Diagnostics names the request id and where it was read', async () => {
    const [overloaded] = JSON.parse(readFileSync(join(FIXTURES, 'anthropic.json'), 'utf8')) as Recorded[];
    assert.ok(overloaded);
    await control.queueFaults('chat', [{ type: 'status', status: overloaded.status, headers: overloaded.headers, body: JSON.stringify(overloaded.body) }]);
    const { lines, logger } = collectingLogger();
    const client = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0, logger });
    const request = { model: 'acme/chat-large', messages: [{ role: 'user' as const, content: 'Explain closures.' }], options: {} };
    const { error } = await run(client.streamText(TRANSPORTS['chat-completions'], request, {}));
    assert.ok(error);
    assert.match(formatDiagnostics(error.diagnostics), /^Request id: req_011CSHoEeqs5C35K2UUqR7Fy \(header request-id\)$/m);
    assert.equal(lines.length, 1);
    assert.match(lines[0] ?? '', / request_id=req_011CSHoEeqs5C35K2UUqR7Fy \(header request-id\) /);
  });
});
