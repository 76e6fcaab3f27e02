import * as assert from 'node:assert/strict';
import { DeltaBatcher } from '../../../../src/core/reply/deltaBatcher';

describe('DeltaBatcher', () => {
  it('sends the deltas of one interval as one message, in order', async () => {
    const sent: string[] = [];
    const batcher = new DeltaBatcher((text) => sent.push(text), 5);
    batcher.push('a');
    batcher.push('b');
    batcher.push('c');
    assert.deepEqual(sent, []);
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.deepEqual(sent, ['abc']);
    batcher.push('d');
    batcher.flush();
    batcher.flush();
    assert.deepEqual(sent, ['abc', 'd'], 'flush sends at once, and nothing when empty');
  });

  it('with an interval of 0, hands each delta on at once', () => {
    const sent: string[] = [];
    const batcher = new DeltaBatcher((text) => sent.push(text), 0);
    batcher.push('a');
    batcher.push('b');
    assert.deepEqual(sent, ['a', 'b']);
    batcher.flush();
    assert.deepEqual(sent, ['a', 'b']);
  });
});
