// Characters that change how text reads without showing themselves: the Unicode bidi controls
// of "Trojan Source" (CVE-2021-42574), which reorder what is displayed, and the invisible
// characters VS Code's editor highlights (zero-width spaces and joiners, fillers, tags), which
// make identifiers that look alike differ. One rule for every surface: the chat page shows them,
// Copy, Insert, Apply and the refactor's Accept warn and offer to strip them.
import * as l10n from '@vscode/l10n';
import { displayLocale } from '../format/displayLanguage';
import { formatInteger, plural } from '../format/localeFormat';

export type HiddenKind = 'bidi' | 'invisible';

interface Entry {
  readonly name: string;
  readonly kind: HiddenKind;
}

const NAMED: Record<number, Entry> = {
  0x061c: { name: 'ARABIC LETTER MARK', kind: 'bidi' },
  0x200e: { name: 'LEFT-TO-RIGHT MARK', kind: 'bidi' },
  0x200f: { name: 'RIGHT-TO-LEFT MARK', kind: 'bidi' },
  0x202a: { name: 'LEFT-TO-RIGHT EMBEDDING', kind: 'bidi' },
  0x202b: { name: 'RIGHT-TO-LEFT EMBEDDING', kind: 'bidi' },
  0x202c: { name: 'POP DIRECTIONAL FORMATTING', kind: 'bidi' },
  0x202d: { name: 'LEFT-TO-RIGHT OVERRIDE', kind: 'bidi' },
  0x202e: { name: 'RIGHT-TO-LEFT OVERRIDE', kind: 'bidi' },
  0x2066: { name: 'LEFT-TO-RIGHT ISOLATE', kind: 'bidi' },
  0x2067: { name: 'RIGHT-TO-LEFT ISOLATE', kind: 'bidi' },
  0x2068: { name: 'FIRST STRONG ISOLATE', kind: 'bidi' },
  0x2069: { name: 'POP DIRECTIONAL ISOLATE', kind: 'bidi' },
  0x00ad: { name: 'SOFT HYPHEN', kind: 'invisible' },
  0x034f: { name: 'COMBINING GRAPHEME JOINER', kind: 'invisible' },
  0x115f: { name: 'HANGUL CHOSEONG FILLER', kind: 'invisible' },
  0x1160: { name: 'HANGUL JUNGSEONG FILLER', kind: 'invisible' },
  0x17b4: { name: 'KHMER VOWEL INHERENT AQ', kind: 'invisible' },
  0x17b5: { name: 'KHMER VOWEL INHERENT AA', kind: 'invisible' },
  0x180e: { name: 'MONGOLIAN VOWEL SEPARATOR', kind: 'invisible' },
  0x200b: { name: 'ZERO WIDTH SPACE', kind: 'invisible' },
  0x200c: { name: 'ZERO WIDTH NON-JOINER', kind: 'invisible' },
  0x200d: { name: 'ZERO WIDTH JOINER', kind: 'invisible' },
  0x2060: { name: 'WORD JOINER', kind: 'invisible' },
  0x2061: { name: 'FUNCTION APPLICATION', kind: 'invisible' },
  0x2062: { name: 'INVISIBLE TIMES', kind: 'invisible' },
  0x2063: { name: 'INVISIBLE SEPARATOR', kind: 'invisible' },
  0x2064: { name: 'INVISIBLE PLUS', kind: 'invisible' },
  0x3164: { name: 'HANGUL FILLER', kind: 'invisible' },
  0xfeff: { name: 'ZERO WIDTH NO-BREAK SPACE', kind: 'invisible' },
  0xffa0: { name: 'HALFWIDTH HANGUL FILLER', kind: 'invisible' },
};

/** Deprecated format characters (U+206A–U+206F) and tags (U+E0000–U+E007F, used to smuggle text). */
function rangeEntry(codePoint: number): Entry | undefined {
  if (codePoint >= 0x206a && codePoint <= 0x206f) return { name: 'DEPRECATED FORMAT CHARACTER', kind: 'invisible' };
  if (codePoint >= 0xe0000 && codePoint <= 0xe007f) return { name: 'TAG CHARACTER', kind: 'invisible' };
  return undefined;
}

const ZWJ = 0x200d;
const escape = (codePoint: number): string => `\\u{${codePoint.toString(16)}}`;
/**
 * Every hidden character, except a zero-width joiner inside an emoji sequence (👩‍💻), where it
 * is what the emoji is made of. Built from the table, so the two cannot disagree.
 */
const HIDDEN = new RegExp(
  `(?<![\\p{Extended_Pictographic}\\p{Emoji_Modifier}]\\u{FE0F}?)\\u{200D}|\\u{200D}(?!\\p{Extended_Pictographic})|` +
    `[${Object.keys(NAMED)
      .map(Number)
      .filter((cp) => cp !== ZWJ)
      .map(escape)
      .join('')}\\u{206A}-\\u{206F}\\u{E0000}-\\u{E007F}]`,
  'gu',
);

export interface HiddenCharacter {
  /** Offset in UTF-16 code units. */
  readonly index: number;
  readonly char: string;
  /** "U+202E". */
  readonly code: string;
  /** "RIGHT-TO-LEFT OVERRIDE". */
  readonly name: string;
  readonly kind: HiddenKind;
}

function codeLabel(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

function describe(char: string, index: number): HiddenCharacter {
  const codePoint = char.codePointAt(0)!;
  const entry = NAMED[codePoint] ?? rangeEntry(codePoint) ?? { name: 'INVISIBLE CHARACTER', kind: 'invisible' };
  return { index, char, code: codeLabel(char), ...entry };
}

/** A fresh global regex over the hidden characters (stateful: do not share between loops). */
function hiddenCharacterPattern(): RegExp {
  return new RegExp(HIDDEN.source, HIDDEN.flags);
}

export function hasHiddenCharacters(text: string): boolean {
  HIDDEN.lastIndex = 0;
  return HIDDEN.test(text);
}

export function findHiddenCharacters(text: string): HiddenCharacter[] {
  return Array.from(text.matchAll(hiddenCharacterPattern()), (match) => describe(match[0], match.index));
}

/** What a hidden character is, for a tooltip: "U+202E RIGHT-TO-LEFT OVERRIDE". */
export function hiddenCharacterTitle(char: string): string {
  const { code, name } = describe(char, 0);
  return `${code} ${name}`;
}

export function stripHiddenCharacters(text: string): string {
  return text.replace(hiddenCharacterPattern(), '');
}

/**
 * The warning shown before code with hidden characters goes to the editor or the clipboard, or
 * undefined when it has none. `what` says what the code is ("This code", "The proposed code").
 */
export function hiddenCharactersWarning(text: string, what: string): string | undefined {
  const found = findHiddenCharacters(text);
  if (found.length === 0) return undefined;
  const kinds = [...new Set(found.map((c) => `${c.code} ${c.name.toLowerCase()}`))];
  const locale = displayLocale();
  const listed = kinds.length > 3 ? l10n.t('{0} and {1} more', kinds.slice(0, 3).join(', '), formatInteger(kinds.length - 3, locale)) : kinds.join(', ');
  const bidi = found.some((c) => c.kind === 'bidi');
  const effect = bidi
    ? l10n.t('they can make it read differently from what it does (the text direction changes unseen)')
    : l10n.t('they can make names that look the same differ');
  const count = plural(found.length, locale, {
    one: l10n.t({ message: '{0} hidden character', comment: ['plural: one'] }),
    few: l10n.t({ message: '{0} hidden characters', comment: ['plural: few'] }),
    many: l10n.t({ message: '{0} hidden characters', comment: ['plural: many'] }),
    other: l10n.t({ message: '{0} hidden characters', comment: ['plural: other'] }),
  });
  return l10n.t('{0} holds {1} ({2}): {3}. Remove them before using it?', what, count, listed, effect);
}
