import * as assert from 'node:assert/strict';
import { Countdown, waitReason } from '#src/platform/reply/retryWait';

describe('the retry countdown (spec, Limits 1)', () => {
  it('says why it waits, then counts down each second until stopped', async () => {
    const lines: string[] = [];
    const countdown = new Countdown((line) => lines.push(line));
    countdown.start(waitReason('rate_limit'), 2);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    assert.equal(countdown.stop(), true);
    assert.equal(countdown.stop(), false);
    assert.deepEqual(lines, ['The service is rate-limiting requests: trying again in 2 s…', 'The service is rate-limiting requests: trying again in 1 s…']);
    assert.equal(waitReason('server'), 'The service did not answer: trying again in');
  });
});
