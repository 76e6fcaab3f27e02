import * as assert from 'node:assert/strict';
import { explainProblemsMessage, fixInstruction, fixSpan, problemLine, type Problem } from '#src/fix/common/problems';

const typeError: Problem = {
  message: "Type 'string' is not assignable to type 'number'.",
  severity: 'error',
  source: 'ts',
  code: '2322',
  startLine: 5,
  startColumn: 9,
  endLine: 5,
  endColumn: 12,
};
const unused: Problem = { message: "'x' is declared but never used.", severity: 'warning', startLine: 5, startColumn: 3, endLine: 6, endColumn: 1 };

describe('fixSpan', () => {
  it('takes the smallest enclosing function that holds every problem', () => {
    const enclosing = [
      { startLine: 0, endLine: 100 },
      { startLine: 10, endLine: 30 },
      { startLine: 12, endLine: 20 },
      { startLine: 16, endLine: 40 },
    ];
    assert.deepEqual(fixSpan({ startLine: 14, endLine: 15 }, 200, enclosing), { startLine: 12, endLine: 20 });
  });

  it('without one, 40 lines around the problems, kept inside the file', () => {
    assert.deepEqual(fixSpan({ startLine: 50, endLine: 50 }, 200, []), { startLine: 31, endLine: 70 });
    assert.deepEqual(fixSpan({ startLine: 3, endLine: 4 }, 200, [{ startLine: 10, endLine: 20 }]), { startLine: 0, endLine: 39 });
    assert.deepEqual(fixSpan({ startLine: 8, endLine: 8 }, 12, []), { startLine: 0, endLine: 11 });
  });
});

describe('problem wording for the model', () => {
  it('names the place, severity, code, source and message', () => {
    assert.equal(problemLine(typeError), "line 5, column 9: error 2322 from ts: Type 'string' is not assignable to type 'number'.");
    assert.equal(problemLine(unused), "lines 5-6, column 3: warning: 'x' is declared but never used.");
  });

  it('one fix for every problem on the line', () => {
    assert.equal(
      fixInstruction([typeError, unused]),
      [
        'Fix these problems the editor reports:',
        `- ${problemLine(typeError)}`,
        `- ${problemLine(unused)}`,
        'Change only what the fix needs; keep everything else as it is.',
      ].join('\n'),
    );
    assert.ok(fixInstruction([typeError]).startsWith('Fix this problem the editor reports:\n'));
  });

  it('the chat is asked why it happens and how to fix it', () => {
    assert.equal(
      explainProblemsMessage([typeError], 'src/a.ts'),
      `Explain this problem in src/a.ts, why it happens and how to fix it:\n- ${problemLine(typeError)}`,
    );
  });
});
