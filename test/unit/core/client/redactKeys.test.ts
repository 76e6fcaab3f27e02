import * as assert from 'node:assert/strict';
import { LogRecorder, recordingLogger } from '../../../../src/core/client/logRecorder';
import { redactKeys } from '../../../../src/core/client/redactKeys';

describe('redactKeys', () => {
  it('masks every full key in a line', () => {
    const line = 'tried sk_test_alpha then sk_live_0123456789abcdef.';
    assert.equal(redactKeys(line), 'tried sk_test_al… then sk_live_0123….');
  });

  it('leaves already masked prefixes alone', () => {
    const masked = 'key sk_test_al… status=401';
    assert.equal(redactKeys(masked), masked);
  });

  it('leaves text without keys unchanged', () => {
    assert.equal(redactKeys('GET /v1/models 200 req_abc'), 'GET /v1/models 200 req_abc');
  });

  it('masks sk- keys too, and no word that only contains sk_ or is too short for a key', () => {
    assert.equal(
      redactKeys('use https://h/sk-proj-Ab12Cd34Ef56Gh78/v1; task_id=7; sk-learn; sk_ab'),
      'use https://h/sk-proj-Ab12…/v1; task_id=7; sk-learn; sk_ab',
    );
  });
});

describe('recordingLogger', () => {
  it('writes each line, key masked, to the target and the recorder', () => {
    const written: string[] = [];
    const target = { info: (l: string) => written.push(`I ${l}`), warn: (l: string) => written.push(`W ${l}`), error: (l: string) => written.push(`E ${l}`) };
    const recorder = new LogRecorder();
    const logger = recordingLogger(target, recorder);
    logger.info('key sk_test_alpha ok');
    logger.error('boom');
    assert.deepEqual(written, ['I key sk_test_al… ok', 'E boom']);
    assert.deepEqual(recorder.all(), [
      { level: 'info', line: 'key sk_test_al… ok' },
      { level: 'error', line: 'boom' },
    ]);
  });

  it('keeps only the most recent lines', () => {
    const recorder = new LogRecorder(3);
    for (const n of [1, 2, 3, 4, 5]) recorder.add('info', String(n));
    assert.deepEqual(recorder.all().map((l) => l.line), ['3', '4', '5']);
  });
});
