import * as assert from 'node:assert/strict';
import { LogRecorder, recordingLogger } from '#src/platform/client/attempt/logRecorder';

describe('recordingLogger', () => {
  it('writes each line, key masked, to the target and the recorder', () => {
    const written: string[] = [];
    const target = {
      debug: (l: string) => written.push(`D ${l}`),
      info: (l: string) => written.push(`I ${l}`),
      warn: (l: string) => written.push(`W ${l}`),
      error: (l: string) => written.push(`E ${l}`),
    };
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
    assert.deepEqual(
      recorder.all().map((l) => l.line),
      ['3', '4', '5'],
    );
  });
});
