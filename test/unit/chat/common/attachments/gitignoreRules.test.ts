import * as assert from 'node:assert/strict';
import { excludeGlob, GitignoreRules } from '#src/chat/common/attachments/gitignoreRules';

// The expected lists are what `git status` shows of the same files and .gitignore files.
describe('the file picker leaves out what the .gitignore files name, as git does', () => {
  const rules = new GitignoreRules([
    { dir: 'sub/deep', text: '!b.tmp\n' },
    { dir: '', text: '# build output\n*.log\n!keep.log\nnode_modules/\n/dist\nbuild/\n!build/out.txt\n\n  \n' },
    { dir: 'sub', text: '*.tmp\n!important.log\n' },
  ]);
  const paths = [
    'app.log',
    'keep.log',
    'logs/keep.log',
    'node_modules/x/index.js',
    'dist/main.js',
    'src/dist/main.js',
    'build/out.txt',
    'a.tmp',
    'sub/a.tmp',
    'sub/important.log',
    'sub/other.log',
    'sub/deep/b.tmp',
    'sub/deep/c.tmp',
    'src/index.ts',
  ];

  it('a `!` brings a file back, a subfolder .gitignore adds rules for its folder and overrides its parents, nothing comes back from a folder left out', () => {
    assert.deepEqual(
      paths.filter((path) => !rules.ignores(path)),
      ['keep.log', 'logs/keep.log', 'src/dist/main.js', 'a.tmp', 'sub/important.log', 'sub/deep/b.tmp', 'src/index.ts'],
    );
  });

  it('prunes with globs only what no `!` can bring back: the rules decide the rest', () => {
    assert.deepEqual(rules.pruneGlobs(), ['**/node_modules', '**/node_modules/**', 'dist', 'dist/**', '**/build', '**/build/**']);
    const plain = new GitignoreRules([
      { dir: '', text: '*.log\nout/\nsrc/{a,b}.ts\n' },
      { dir: 'sub', text: '/gen\n' },
    ]);
    assert.deepEqual(plain.pruneGlobs(), ['**/*.log', '**/*.log/**', '**/out', '**/out/**', 'sub/gen', 'sub/gen/**']);
    // git has no braces: `src/{a,b}.ts` names that file only, and a glob cannot say it.
    assert.deepEqual(
      ['src/a.ts', 'src/{a,b}.ts', 'sub/gen/x.ts', 'gen/x.ts', 'x.log'].filter((path) => !plain.ignores(path)),
      ['src/a.ts', 'gen/x.ts'],
    );
  });

  it('globs become one exclude pattern, without repeats or patterns it cannot hold', () => {
    assert.equal(excludeGlob(['**/.git', 'dist', '**/.git', 'a,b', '']), '{**/.git,dist}');
    assert.equal(excludeGlob([]), undefined);
  });
});
