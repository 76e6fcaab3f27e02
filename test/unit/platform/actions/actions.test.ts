import * as assert from 'node:assert/strict';
import { ACTION_LABELS, ACTIONS, actionsFor, failureMessage } from '#src/platform/actions/actions';
import type { ErrorKind } from '#src/platform/client/errors/errorKind';

describe('actionsFor', () => {
  const expected: [ErrorKind, string[]][] = [
    ['auth', ['replaceKey', 'useAnotherKey', 'manageApiKeys', 'showLog', 'retry']],
    ['forbidden', ['showLog', 'retry']],
    ['refused', ['selectModel', 'showLog', 'retry']],
    ['model_unavailable', ['selectModel', 'showLog', 'retry']],
    ['not_found', ['setBaseUrl', 'showLog', 'retry']],
    ['config', ['openSettings', 'showLog', 'retry']],
    ['invalid_request', ['showLog', 'retry']],
    ['rate_limit', ['retry', 'showLog']],
    ['server', ['retry', 'showLog']],
    ['network', ['retry', 'setBaseUrl', 'showLog']],
    ['timeout', ['retry', 'showLog']],
    ['stream_interrupted', ['retry', 'showLog']],
    ['bad_response', ['retry', 'showLog']],
    ['proxy', ['openProxySettings', 'showLog', 'retry']],
    ['certificate', ['openSettings', 'showLog', 'retry']],
  ];
  for (const [kind, actions] of expected) {
    it(`${kind} -> ${actions.join(', ')}`, () => assert.deepEqual(actionsFor(kind), actions));
  }
});

describe('ACTION_LABELS', () => {
  it('labels every action once, each label different', () => {
    assert.deepEqual(Object.keys(ACTION_LABELS).sort(), [...ACTIONS].sort());
    assert.deepEqual(Object.values(ACTION_LABELS), [
      'Retry',
      'Send Anyway',
      'Send',
      'Discard',
      'Use Current Address',
      'Set API Key',
      'Replace Key',
      'Use Another Key',
      'Manage API Keys',
      'Change Budget',
      'Set Service Address',
      'Select Model',
      'Open Settings',
      'Open Max Tokens Setting',
      'Open Proxy Settings',
      'Show Log',
    ]);
  });
});

describe('failureMessage', () => {
  it('puts the failed step before what to do', () => {
    assert.equal(
      failureMessage('Could not load the models', { userMessage: 'Wait 3 s, then try again.' }),
      'Could not load the models: Wait 3 s, then try again.',
    );
  });
});
