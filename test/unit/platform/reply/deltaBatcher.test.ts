import * as assert from 'node:assert/strict';
import { DeltaBatcher } from '#src/platform/reply/deltaBatcher';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DeltaBatcher', () => {
  it('sends the first delta at once, then what arrives within the interval as one message, in order', async () => {
    const sent: string[] = [];
    const batcher = new DeltaBatcher((text) => sent.push(text), 40);
    batcher.push('a');
    batcher.push('b');
    batcher.push('c');
    assert.deepEqual(sent, ['a']);
    await sleep(80);
    assert.deepEqual(sent, ['a', 'bc']);
    batcher.push('d');
    batcher.flush();
    batcher.flush();
    assert.deepEqual(sent, ['a', 'bc', 'd'], 'flush sends at once, and nothing when empty');
  });

  it('sends at once again once an interval has passed since the last message', async () => {
    const sent: string[] = [];
    const batcher = new DeltaBatcher((text) => sent.push(text), 20);
    batcher.push('a');
    await sleep(40);
    batcher.push('b');
    assert.deepEqual(sent, ['a', 'b']);
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
