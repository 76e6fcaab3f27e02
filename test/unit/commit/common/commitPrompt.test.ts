import * as assert from 'node:assert/strict';
import { buildCommitMessages, commitMessageFrom, commitSystemPrompt } from '#src/commit/common/commitPrompt';

const fitted = { summary: 'M src/a.ts (+1 -1 lines)', diff: 'diff --git a/src/a.ts b/src/a.ts\n-a\n+b', cutFiles: 0 };

describe('commit message prompt', () => {
  it("gives the repository's latest subjects as its style and adds the person's instructions", () => {
    const system = commitSystemPrompt({
      subjects: ['feat: add login', 'fix: keep the session'],
      instructions: '  Use Conventional Commits ',
      allChanges: false,
      untracked: [],
    });
    assert.ok(
      system.endsWith('its latest commit subjects are\n- feat: add login\n- fix: keep the session\nAlso follow these instructions: Use Conventional Commits'),
      system,
    );
  });

  it('without commits or instructions it says neither', () => {
    const system = commitSystemPrompt({ subjects: [], allChanges: false, untracked: [] });
    assert.ok(!system.includes('latest commit subjects') && !system.includes('Also follow'), system);
  });

  it('asks for the staged changes, with the files first and then the diff', () => {
    const [, user] = buildCommitMessages({ subjects: [], allChanges: false, untracked: [] }, fitted);
    assert.deepEqual(user, {
      role: 'user',
      content: `Write the commit message for the staged changes.\n\nFiles:\nM src/a.ts (+1 -1 lines)\n\nDiff:\n${fitted.diff}`,
    });
  });

  it('all changes: says nothing is staged, names untracked files, and says when the diff was cut', () => {
    const [, user] = buildCommitMessages({ subjects: [], allChanges: true, untracked: ['new.ts'] }, { ...fitted, cutFiles: 2 });
    assert.equal(
      user?.content,
      [
        'Write the commit message for all uncommitted changes (nothing is staged).',
        '',
        'Files:',
        'M src/a.ts (+1 -1 lines)',
        'A new.ts (new file, content not sent)',
        '',
        'The diff was cut to fit: 2 file(s) above are not shown in full. Describe them from their names and sizes.',
        '',
        'Diff:',
        fitted.diff,
      ].join('\n'),
    );
  });

  const replies = [
    ['Add login form  \n\nIt checks the password.\n', 'Add login form\n\nIt checks the password.'],
    ['```\nfeat: add login\n```', 'feat: add login'],
    ['```text\nfeat: add login\n\nbody\n```\n', 'feat: add login\n\nbody'],
    ['"Fix typo"', 'Fix typo'],
  ] as const;
  for (const [reply, message] of replies)
    it(`the box gets ${JSON.stringify(message)} from ${JSON.stringify(reply)}`, () => assert.equal(commitMessageFrom(reply), message));
});
