import * as assert from 'node:assert/strict';
import { baseIndentation, fitCode, reindent } from '../../../../src/core/refactor/fitCode';

describe('fitCode', () => {
  it('restores the base indentation the model dropped, keeping relative indentation', () => {
    const selected = '    if (a) {\n      b();\n    }\n';
    assert.equal(fitCode('if (a) {\n  c();\n}', selected), '    if (a) {\n      c();\n    }\n');
  });

  it('leaves code that kept its indentation alone', () => {
    assert.equal(reindent('  a\n    b', '  '), '  a\n    b');
    assert.equal(reindent('\ta\n\t\tb', '\t'), '\ta\n\t\tb');
  });

  it('does not indent blank lines', () => {
    assert.equal(reindent('a\n\nb', '  '), '  a\n\n  b');
  });

  it('ends with a newline exactly when the selection did', () => {
    assert.equal(fitCode('x()\n\n', 'y()'), 'x()');
    assert.equal(fitCode('x()', 'y()\n'), 'x()\n');
  });

  it('uses CRLF when the selection does', () => {
    assert.equal(fitCode('a\nb\n', '  x\r\n  y\r\n'), '  a\r\n  b\r\n');
  });

  it('drops blank lines at the start', () => {
    assert.equal(fitCode('\n\n  a', '  b'), '  a');
  });

  it('baseIndentation reads the first non-blank line', () => {
    assert.equal(baseIndentation('\n\t  x\n y'), '\t  ');
    assert.equal(baseIndentation(''), '');
  });
});
