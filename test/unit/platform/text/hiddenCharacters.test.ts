// The one rule for hidden characters (src/platform/text/hiddenCharacters.ts): the Trojan Source
// bidi controls and the invisible characters VS Code flags are found, named and stripped;
// ordinary text, right-to-left scripts and emoji sequences are left alone.
import * as assert from 'node:assert/strict';
import {
  findHiddenCharacters,
  hasHiddenCharacters,
  hiddenCharactersWarning,
  hiddenCharacterTitle,
  stripHiddenCharacters,
} from '#src/platform/text/hiddenCharacters';

// The CVE-2021-42574 paper's "commenting out": reads as an if, is one comment.
const TROJAN = '/*\u202E } \u2066if (isAdmin)\u2069 \u2066 begin admins only */';

describe('hidden characters (src/platform/text/hiddenCharacters.ts)', () => {
  it('finds every Unicode bidi control (Trojan Source), with its code and name', () => {
    const bidi = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
    const found = findHiddenCharacters(`a${bidi.join('a')}a`);
    assert.deepEqual(
      found.map((c) => c.code),
      ['U+202A', 'U+202B', 'U+202C', 'U+202D', 'U+202E', 'U+2066', 'U+2067', 'U+2068', 'U+2069', 'U+200E', 'U+200F', 'U+061C'],
    );
    assert.ok(found.every((c) => c.kind === 'bidi'));
    assert.deepEqual(found[4], { index: 9, char: '\u202E', code: 'U+202E', name: 'RIGHT-TO-LEFT OVERRIDE', kind: 'bidi' });
  });

  it('finds the invisible characters VS Code flags, such as zero-width joiners in identifiers', () => {
    const text = 'const is\u200DAdmin = 1; let a\u200Bb, c\u200Cd, e\u2060f, \uFEFFg, h\u00ADi, tag\u{E0041}';
    assert.deepEqual(
      findHiddenCharacters(text).map((c) => `${c.code} ${c.name}`),
      [
        'U+200D ZERO WIDTH JOINER',
        'U+200B ZERO WIDTH SPACE',
        'U+200C ZERO WIDTH NON-JOINER',
        'U+2060 WORD JOINER',
        'U+FEFF ZERO WIDTH NO-BREAK SPACE',
        'U+00AD SOFT HYPHEN',
        'U+E0041 TAG CHARACTER',
      ],
    );
    assert.equal(stripHiddenCharacters(text), 'const isAdmin = 1; let ab, cd, ef, g, hi, tag');
  });

  it('leaves plain text, Arabic and Hebrew, and emoji joined with ZWJ alone', () => {
    for (const text of ['if (isAdmin) { return; }', 'مرحبا بالعالم', 'שלום עולם', 'dev: 👩\u200D💻, family 👨\u200D👩\u200D👧, 🏳️\u200D🌈', '']) {
      assert.equal(hasHiddenCharacters(text), false, text);
      assert.equal(stripHiddenCharacters(text), text);
    }
  });

  it('strips the Trojan Source comment to what it really is', () => {
    assert.equal(stripHiddenCharacters(TROJAN), '/* } if (isAdmin)  begin admins only */');
    assert.equal(hasHiddenCharacters(TROJAN), true);
    assert.equal(hasHiddenCharacters(TROJAN), true, 'the shared pattern keeps no state between calls');
  });

  it('says what was found, and what it can do, in the warning', () => {
    assert.equal(hiddenCharactersWarning('plain', 'This code'), undefined);
    assert.equal(
      hiddenCharactersWarning(TROJAN, 'This code'),
      'This code holds 4 hidden characters (U+202E right-to-left override, U+2066 left-to-right isolate, U+2069 pop directional isolate): ' +
        'they can make it read differently from what it does (the text direction changes unseen). Remove them before using it?',
    );
    assert.equal(
      hiddenCharactersWarning('is\u200BAdmin', 'The proposed code'),
      'The proposed code holds 1 hidden character (U+200B zero width space): they can make names that look the same differ. Remove them before using it?',
    );
    assert.equal(hiddenCharacterTitle('\u2067'), 'U+2067 RIGHT-TO-LEFT ISOLATE');
  });
});
