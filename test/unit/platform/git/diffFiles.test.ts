import * as assert from 'node:assert/strict';
import { splitDiff } from '#src/platform/git/diffFiles';

// As `git diff --cached` writes them: a change, a new file, a binary file, a rename, a deletion, a quoted name.
const DIFF = [
  'diff --git a/src/app.ts b/src/app.ts',
  'index 1111111..2222222 100644',
  '--- a/src/app.ts',
  '+++ b/src/app.ts',
  '@@ -1,3 +1,3 @@',
  ' const a = 1;',
  '-const b = 2;',
  '+const b = 3;',
  '+// --- not a header',
  'diff --git a/notes.md b/notes.md',
  'new file mode 100644',
  'index 0000000..3333333',
  '--- /dev/null',
  '+++ b/notes.md',
  '@@ -0,0 +1 @@',
  '+hello',
  'diff --git a/logo.png b/logo.png',
  'new file mode 100644',
  'index 0000000..4444444',
  'Binary files /dev/null and b/logo.png differ',
  'diff --git a/old.txt b/new.txt',
  'similarity index 100%',
  'rename from old.txt',
  'rename to new.txt',
  'diff --git a/gone.js b/gone.js',
  'deleted file mode 100644',
  'index 5555555..0000000',
  '--- a/gone.js',
  '+++ /dev/null',
  '@@ -1,2 +0,0 @@',
  '-x',
  '-y',
  'diff --git "a/d\\303\\251j\\303\\240 vu.txt" "b/d\\303\\251j\\303\\240 vu.txt"',
  'index 6666666..7777777 100644',
  '',
].join('\n');

describe('splitDiff', () => {
  it('splits a staged diff into its files with their change, binary flag and line counts', () => {
    const files = splitDiff(DIFF).map(({ text: _text, ...rest }) => rest);
    assert.deepEqual(files, [
      { path: 'src/app.ts', change: 'modified', binary: false, added: 2, removed: 1 },
      { path: 'notes.md', change: 'added', binary: false, added: 1, removed: 0 },
      { path: 'logo.png', change: 'added', binary: true, added: 0, removed: 0 },
      { path: 'new.txt', oldPath: 'old.txt', change: 'renamed', binary: false, added: 0, removed: 0 },
      { path: 'gone.js', change: 'deleted', binary: false, added: 0, removed: 2 },
      { path: 'déjà vu.txt', change: 'modified', binary: false, added: 0, removed: 0 },
    ]);
  });

  it("keeps each file's section of the diff whole, from its header", () => {
    const [first, second] = splitDiff(DIFF);
    assert.equal(first?.text, DIFF.split('\n').slice(0, 9).join('\n'));
    assert.ok(second?.text.startsWith('diff --git a/notes.md b/notes.md\nnew file mode'));
  });

  it('an empty diff has no files', () => {
    assert.deepEqual(splitDiff(''), []);
  });
});
