import * as assert from 'node:assert/strict';
import { buildRefactorMessages } from '#src/refactor/common/refactorPrompt';
import { refactorPresets, instructionFor } from '#src/refactor/common/presets';
import { MAX_REFACTOR_CHARS, checkRefactorable } from '#src/refactor/common/sizeLimit';

const input = {
  code: '    def add(a, b):\n        return a + b\n',
  languageId: 'python',
  path: 'src/math.py',
  startLine: 4,
  endLine: 5,
  instruction: '  Add types  ',
};

describe('refactor prompt', () => {
  const [system, user] = buildRefactorMessages(input);

  it('is a system rule and a user message', () => {
    assert.equal(system?.role, 'system');
    assert.equal(user?.role, 'user');
  });

  it('asks for code only, in the selection language', () => {
    assert.match(system!.content, /code only/);
    assert.match(system!.content, /fenced code block in python/);
    assert.match(system!.content, /no explanation/);
  });

  it('asks to keep the base indentation it measured', () => {
    assert.match(system!.content, /indented by 4 space\(s\)/);
    const [tabbed] = buildRefactorMessages({ ...input, code: '\tx = 1\n' });
    assert.match(tabbed!.content, /1 tab\(s\)/);
  });

  it('carries the instruction, the location and the code in a python fence', () => {
    assert.match(user!.content, /^Instruction: Add types\n/);
    assert.match(user!.content, /src\/math\.py \(lines 4-5\)/);
    assert.ok(user!.content.endsWith('```python\n    def add(a, b):\n        return a + b\n```'));
  });
});

describe('refactor presets', () => {
  it('offers five presets: readability, bugs, types, doc comments, simpler code', () => {
    assert.deepEqual(
      refactorPresets().map((p) => p.label),
      ['Improve readability', 'Fix bugs', 'Add types', 'Add doc comments', 'Simplify'],
    );
  });

  it('a preset label stands for its instruction; free text is used as typed', () => {
    assert.equal(instructionFor('fix bugs'), refactorPresets()[1]!.instruction);
    assert.equal(instructionFor(' Use early returns '), 'Use early returns');
  });
});

describe('refactor size limit', () => {
  it('refuses an empty selection', () => {
    assert.deepEqual(checkRefactorable('  \n'), { ok: false, message: 'Select the code to refactor first.' });
  });

  it('accepts up to the limit and refuses beyond it with what to do', () => {
    assert.deepEqual(checkRefactorable('x'.repeat(MAX_REFACTOR_CHARS)), { ok: true });
    const refused = checkRefactorable(`${'x'.repeat(MAX_REFACTOR_CHARS)}\ny`);
    assert.equal(refused.ok, false);
    assert.match(!refused.ok ? refused.message : '', /too large to refactor: 2 lines, 12,002 characters \(the limit is 12,000\)\. Select a smaller part/);
  });
});
