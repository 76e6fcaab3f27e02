import * as assert from 'node:assert/strict';
import { actionsFor, failureMessage } from '../../../../src/core/shell/errorActions';
import type { ErrorKind } from '../../../../src/core/index';

describe('actionsFor', () => {
  const expected: [ErrorKind, string[]][] = [
    ['auth', ['setApiKey', 'showLog']],
    ['forbidden', ['selectModel', 'showLog']],
    ['not_found', ['selectModel', 'showLog']],
    ['config', ['openSettings', 'showLog']],
    ['rate_limit', ['showLog']],
    ['server', ['showLog']],
    ['network', ['showLog']],
  ];
  for (const [kind, actions] of expected) {
    it(`${kind} -> ${actions.join(', ')}`, () => assert.deepEqual(actionsFor(kind), actions));
  }
});

describe('failureMessage', () => {
  it('puts the failed step before what to do', () => {
    assert.equal(failureMessage('Could not load the models', { userMessage: 'Wait 3 s, then try again.' }), 'Could not load the models: Wait 3 s, then try again.');
  });
});
