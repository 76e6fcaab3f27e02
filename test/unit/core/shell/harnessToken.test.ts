import * as assert from 'node:assert/strict';
import { HARNESS_TOKEN_ENV, harnessToken, tokenMatches } from '../../../../src/core/shell/harnessToken';

const token = 'a1'.repeat(32);

describe('harness token (issue 11.1: no handle outside the test harness)', () => {
  it('is absent unless the host environment carries a harness-shaped token', () => {
    assert.equal(harnessToken({}), undefined);
    assert.equal(harnessToken({ [HARNESS_TOKEN_ENV]: '' }), undefined);
    assert.equal(harnessToken({ [HARNESS_TOKEN_ENV]: 'true' }), undefined);
    assert.equal(harnessToken({ [HARNESS_TOKEN_ENV]: 'a1'.repeat(15) }), undefined);
    assert.equal(harnessToken({ [HARNESS_TOKEN_ENV]: 'Z'.repeat(64) }), undefined);
    assert.equal(harnessToken({ [HARNESS_TOKEN_ENV]: token }), token);
  });

  it('matches only the exact token', () => {
    assert.equal(tokenMatches(token, token), true);
    assert.equal(tokenMatches(token.slice(0, -1), token), false);
    assert.equal(tokenMatches(`${token.slice(0, -1)}0`, token), false);
    assert.equal(tokenMatches(`${token}0`, token), false);
    assert.equal(tokenMatches(undefined, token), false);
    assert.equal(tokenMatches({ toString: () => token }, token), false);
  });
});
