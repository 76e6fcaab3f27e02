import * as assert from 'node:assert/strict';
import { diffBudget, MAX_DIFF_CHARS } from '#src/commit/common/diffBudget';

describe('diffBudget', () => {
  it('is the cap when the context is unknown or large', () => {
    assert.equal(diffBudget(undefined, undefined, 500), MAX_DIFF_CHARS);
    assert.equal(diffBudget(1_000_000, 4_000, 500), MAX_DIFF_CHARS);
  });

  it("leaves the answer's reserve and the rest of the prompt out of a small context, at 2.8 characters a token", () => {
    // 8,000 - 2,000 (a quarter, for the answer) - 500 = 5,500 tokens.
    assert.equal(diffBudget(8_000, undefined, 500), 15_400);
    assert.equal(diffBudget(8_000, 7_800, 500), 0);
  });
});
