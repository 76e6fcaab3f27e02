import * as assert from 'node:assert/strict';
import { proposedDocument, selectedText, unchangedSince, widenToIndentation, type RefactorTarget } from '#src/refactor/common/refactorTarget';

const documentText = 'function f() {\n  return 1;\n}\n';
const target: RefactorTarget = { documentText, version: 3, start: 15, end: 27, languageId: 'javascript' };

describe('refactorTarget', () => {
  it('selectedText and proposedDocument replace exactly the range', () => {
    assert.equal(selectedText(target), '  return 1;\n');
    assert.equal(proposedDocument(target, '  return 2;\n'), 'function f() {\n  return 2;\n}\n');
  });

  it('the same version is unchanged', () => {
    assert.ok(unchangedSince(target, { version: 3, text: 'anything' }));
  });

  it('a new version with the same text (an undone edit) is unchanged', () => {
    assert.ok(unchangedSince(target, { version: 5, text: documentText }));
  });

  it('a new version with other text is a change', () => {
    assert.ok(!unchangedSince(target, { version: 4, text: documentText.replace('1', '9') }));
  });

  it('widens a start inside the indentation to the line start, not one after code', () => {
    assert.equal(widenToIndentation(documentText, 17, 15), 15);
    assert.equal(widenToIndentation(documentText, 22, 15), 22);
  });
});
