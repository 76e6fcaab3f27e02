import * as assert from 'node:assert/strict';
import type { FileDiff } from '#src/platform/git/diffFiles';
import { fitDiff } from '#src/platform/git/fitDiff';

const file = (path: string, text: string, extra: Partial<FileDiff> = {}): FileDiff => ({
  path,
  change: 'modified',
  binary: false,
  added: text.split('\n').length - 1,
  removed: 0,
  text,
  ...extra,
});
const body = (path: string, lines: number) => [`diff --git a/${path} b/${path}`, ...Array.from({ length: lines }, (_, i) => `+line ${i}`)].join('\n');

describe('fitDiff', () => {
  it('names binary, lock and generated files with their size and sends only the source diff', () => {
    const files = [
      file('src/a.ts', body('src/a.ts', 2)),
      file('logo.png', 'diff --git a/logo.png b/logo.png\nBinary files /dev/null and b/logo.png differ', { binary: true, change: 'added', added: 0 }),
      file('package-lock.json', body('package-lock.json', 300), { removed: 12 }),
      file('dist/main.js', body('dist/main.js', 40)),
    ];
    assert.deepEqual(fitDiff(files, 10_000), {
      summary: [
        'M src/a.ts (+2 -0 lines)',
        'A logo.png (binary file, content not sent)',
        'M package-lock.json (lock file, +300 -12 lines, content not sent)',
        'M dist/main.js (generated file, +40 -0 lines, content not sent)',
      ].join('\n'),
      diff: body('src/a.ts', 2),
      cutFiles: 0,
    });
  });

  it('a diff over the budget: whole files that fit, then the head of the next one marked cut, the rest only named', () => {
    const small = file('a.ts', body('a.ts', 5));
    const big = file('b.ts', body('b.ts', 200));
    const other = file('c.ts', body('c.ts', 200));
    const fitted = fitDiff([small, big, other], 1_200);
    assert.equal(fitted.cutFiles, 2);
    assert.ok(fitted.diff.startsWith(`${small.text}\ndiff --git a/b.ts b/b.ts\n+line 0\n`));
    assert.ok(fitted.diff.endsWith("\n[... the rest of this file's diff is cut]"));
    assert.ok(!fitted.diff.includes('c.ts'));
    assert.ok(fitted.summary.length + fitted.diff.length <= 1_200, `${fitted.summary.length + fitted.diff.length}`);
  });

  it('a room too small for a useful part names the file only', () => {
    const fitted = fitDiff([file('b.ts', body('b.ts', 200))], 300);
    assert.deepEqual({ diff: fitted.diff, cutFiles: fitted.cutFiles }, { diff: '', cutFiles: 1 });
  });
});
