import * as assert from 'node:assert/strict';
import { excludeGlob, gitignoreGlobs } from '#src/core/chat/ignoreGlobs';

describe('the file picker leaves out what .gitignore names', () => {
  it('a name matches at any depth, a path from the root; comments, negations and blank lines are skipped', () => {
    const text = '# build output\nnode_modules/\n/dist\n*.log\ndocs/generated/\n!keep.log\n\n  \nsrc/{a,b}.ts\n';
    assert.deepEqual(gitignoreGlobs(text), [
      '**/node_modules',
      '**/node_modules/**',
      'dist',
      'dist/**',
      '**/*.log',
      '**/*.log/**',
      'docs/generated',
      'docs/generated/**',
    ]);
  });

  it('globs become one exclude pattern, without repeats or patterns it cannot hold', () => {
    assert.equal(excludeGlob(['**/.git', 'dist', '**/.git', 'a,b', '']), '{**/.git,dist}');
    assert.equal(excludeGlob([]), undefined);
  });
});
