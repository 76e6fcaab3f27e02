import * as assert from 'node:assert/strict';
import { MAX_CONTEXT_CHARS } from '#src/chat/common/attachments/contextBlock';
import { buildExplainPrompt, checkExplainable, explainTitle } from '#src/chat/common/session/explainPrompt';
import { selection } from '../fixtures/contextItems';

describe('explain prompt', () => {
  const item = selection('def total(xs):\n    return sum(xs)');

  it('names the file, the language and the line range, and fences the code in its language', () => {
    const prompt = buildExplainPrompt(item);
    assert.match(prompt, /python code from src\/sum\.py \(lines 3-4\)/);
    assert.ok(prompt.endsWith('```python\ndef total(xs):\n    return sum(xs)\n```'), prompt);
  });

  it('says "line N" for a one-line selection, and titles the message with the chip label', () => {
    const one = selection('x = 1');
    assert.match(buildExplainPrompt(one), /\(line 3\)/);
    assert.equal(explainTitle(one), 'Explain sum.py:3');
    assert.equal(explainTitle(item), 'Explain sum.py:3-4');
  });

  it('uses a fence longer than any backtick run in the code, so the code cannot close it', () => {
    const prompt = buildExplainPrompt(selection('doc = """\n````\n"""', { languageId: 'markdown' }));
    assert.match(prompt, /\n`````markdown\n[\s\S]*\n`````$/);
  });

  it('accepts a selection at the limit and refuses a larger one with what to do', () => {
    assert.deepEqual(checkExplainable(selection('a'.repeat(MAX_CONTEXT_CHARS))), { ok: true });
    const check = checkExplainable(selection(`${'a'.repeat(MAX_CONTEXT_CHARS)}\nb`));
    assert.equal(check.ok, false);
    assert.match(!check.ok ? check.message : '', /too large to send: 2 lines, 24,002 characters \(the limit is 24,000\)\. Select a smaller part/);
  });

  it('refuses an empty selection', () => {
    assert.deepEqual(checkExplainable(selection('  \n ')), { ok: false, message: 'Select the code to explain first.' });
  });
});
