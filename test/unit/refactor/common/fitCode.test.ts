import * as assert from 'node:assert/strict';
import { baseIndentation, fitCode, reindent } from '#src/refactor/common/fitCode';

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

  it("keeps the next line's indentation a selection ends in (Home, then Shift+Down) apart from the code", () => {
    const selected = '    a();\n    b();\n    ';
    assert.equal(fitCode('    a2();\n    b2();', selected), '    a2();\n    b2();\n    ');
    assert.equal(fitCode('a2();\nb2();', selected), '    a2();\n    b2();\n    ');
  });

  it('keeps the line break a selection starts with (from the end of the previous line)', () => {
    assert.equal(fitCode('    a2();', '\n    a();'), '\n    a2();');
    assert.equal(fitCode('a2();', '\n    a();'), '\n    a2();');
  });

  it('puts blank lines around the selected code back unchanged', () => {
    assert.equal(fitCode('x()\n', '\n\n  y()\n\n'), '\n\n  x()\n\n');
    assert.equal(fitCode('a\nb', '  x\r\n  y\r\n  '), '  a\r\n  b\r\n  ');
  });

  it('indents with tabs where the selection does, though the model answered with spaces', () => {
    assert.equal(fitCode('        a2()\n        b2()', '\t\ta()\n\t\tb()\n'), '\t\ta2()\n\t\tb2()\n');
    assert.equal(fitCode('if x:\n    y()\n    if z:\n        w()', '\tif a:\n\t\tb()\n'), '\tif x:\n\t\ty()\n\t\tif z:\n\t\t\tw()\n');
    assert.equal(fitCode('all:\n    cc -o x x.c', 'all:\n\tcc x.c\n'), 'all:\n\tcc -o x x.c\n');
  });

  it('keeps the one space that aligns a doc comment when it indents with tabs', () => {
    const code = '/**\n * Doc.\n */\nfunction f() {\n  return 1;\n}';
    const selected = '\t/** Old. */\n\tfunction f() {\n\t\treturn 0;\n\t}';
    assert.equal(fitCode(code, selected), '\t/**\n\t * Doc.\n\t */\n\tfunction f() {\n\t\treturn 1;\n\t}');
  });

  it('baseIndentation reads the first non-blank line', () => {
    assert.equal(baseIndentation('\n\t  x\n y'), '\t  ');
    assert.equal(baseIndentation(''), '');
  });
});
