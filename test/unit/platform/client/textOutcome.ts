// What a text request came to, for the client's tests: the text, reasoning and tool
// calls it gave, its done event, or the ServiceError it ended with.
import * as assert from 'node:assert/strict';
import { ServiceError } from '#src/platform/client/errors/serviceError';
import { type ReplyPart, type ToolCall } from '#src/platform/client/streaming/replyPart';

export interface Outcome {
  text: string;
  /** The text events as they came (a network chunk's deltas travel as one). */
  deltas: string[];
  reasoning: string;
  calls: ToolCall[];
  done?: Extract<ReplyPart, { type: 'end' }>;
  error?: ServiceError;
}

export async function run(events: AsyncIterable<ReplyPart>): Promise<Outcome> {
  const outcome: Outcome = { text: '', deltas: [], reasoning: '', calls: [] };
  try {
    for await (const event of events) {
      assert.equal(outcome.done, undefined, 'nothing follows done');
      if (event.type === 'delta') {
        outcome.text += event.text;
        outcome.deltas.push(event.text);
      } else if (event.type === 'reasoning') outcome.reasoning += event.text;
      else if (event.type === 'tool_call') outcome.calls.push(event.call);
      else outcome.done = event;
    }
  } catch (error) {
    assert.ok(error instanceof ServiceError, String(error));
    outcome.error = error;
  }
  return outcome;
}

/** The ServiceError a call ends with; fails the test when it does not fail. */
export async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ServiceError, `expected a ServiceError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to fail');
}
