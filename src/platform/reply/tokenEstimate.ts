// Tokens a request costs, estimated: there is no tokenizer endpoint, and no tokenizer goes in the
// bundle. The price before sending reads the estimate as it is; the context fit and VS Code's
// budget read it with a margin (boundTokens), so that a trimmed request still fits (spec, Limits 3).
// Everything a message sends counts: the text, the tool calls' names and arguments (an edit tool
// carries a whole file), the tool results and the images.
import type { TextMessage } from '../client/transports/textRequest';

/**
 * Characters a token, at the fewest prose and code come to against o200k_base: turns a token
 * budget into characters (the code a message may carry, the diff a commit message is written
 * from) on the safe side.
 */
export const CHARS_PER_TOKEN = 2.8;
/** What each message costs beyond its text (role and separators), as chat APIs count it. */
const TOKENS_PER_MESSAGE = 4;

/**
 * An image is priced by its pixels, which its bytes do not tell without decoding it: the common
 * APIs charge some 85 to 1,600 tokens a picture, and Anthropic's cap is near 1,600. Each image is
 * counted at that top, so screenshots do not overrun a budget.
 */
export const IMAGE_TOKENS = 1_600;

/**
 * What a trim multiplies the estimate by. Against o200k_base the estimate is within 10 % of the
 * real count at the 90th percentile and under it by 14 % at the worst, on 300-character passages
 * of Russian and English prose and of code (test/unit/platform/reply/tokenEstimate.test.ts): a
 * quarter more never undercounts them, nor hashes, identifiers, emoji or addresses, so a trimmed
 * request fits and VS Code's budget holds. Random base64 is the exception (some 2.2 characters a
 * token): pasted as text, it is counted an eighth short even so.
 */
export const TRIM_MARGIN = 1.25;

// o200k_base's habits, fitted on that corpus: a common Latin word of up to 8 letters is one token
// (with the space before it), a longer one a token more each 6 letters up to 20, and each 3 past
// that; a capital after a small letter starts a token (camelCase); Cyrillic costs a token each
// 3.2 letters; digits go in threes; punctuation runs merge up to three; a line break with the
// indentation after it is half a token on average, as it is often merged with the line's first
// word; a run of spaces inside a line is one; an emoji a token and a half; anything else (CJK,
// symbols) one each.
const LATIN_WORD = 8;
const LATIN_PER_TOKEN = 6;
const LONG_WORD = 20;
const LETTERS_PER_TOKEN = 3;
/** A character outside the Basic Multilingual Plane (most emoji): two UTF-16 units, a token and a half. */
const ASTRAL_TOKENS = 1.5;
const CYRILLIC_PER_TOKEN = 3.2;
const DIGITS_PER_TOKEN = 3;
const PUNCTUATION_PER_TOKEN = 3;
const LINE_BREAK_TOKENS = 0.5;

const enum Run {
  None,
  Latin,
  Cyrillic,
  Digits,
  Punctuation,
}

function runOf(code: number): Run | undefined {
  if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90)) return Run.Latin;
  if (code >= 48 && code <= 57) return Run.Digits;
  if (code < 128) return Run.Punctuation;
  if (code >= 0x400 && code <= 0x4ff) return Run.Cyrillic;
  // Latin letters with accents (French in Russian classics, names); × and ÷ are symbols.
  if (code >= 0xc0 && code <= 0x24f && code !== 0xd7 && code !== 0xf7) return Run.Latin;
  return undefined;
}

function runTokens(run: Run, length: number): number {
  switch (run) {
    case Run.Latin:
      if (length <= LATIN_WORD) return 1;
      // Past a long word's length, letters are no word (a hash, a run of one letter): they go in threes.
      if (length <= LONG_WORD) return 1 + (length - LATIN_WORD) / LATIN_PER_TOKEN;
      return 1 + (LONG_WORD - LATIN_WORD) / LATIN_PER_TOKEN + (length - LONG_WORD) / LETTERS_PER_TOKEN;
    case Run.Cyrillic:
      return Math.max(1, length / CYRILLIC_PER_TOKEN);
    case Run.Digits:
      return Math.ceil(length / DIGITS_PER_TOKEN);
    case Run.Punctuation:
      return Math.ceil(length / PUNCTUATION_PER_TOKEN);
    case Run.None:
      return 0;
  }
}

const isSmall = (code: number): boolean => code >= 97 && code <= 122;
const isSpace = (code: number): boolean => code === 32 || code === 9;
const isLineBreak = (code: number): boolean => code === 10 || code === 13;

/** Tokens of `text`, estimated in one pass over its characters, by runs of one class. */
export function textTokens(text: string): number {
  let tokens = 0;
  let run = Run.None;
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isSpace(code) || isLineBreak(code)) {
      tokens += runTokens(run, length);
      run = Run.None;
      length = 0;
      if (isLineBreak(code)) {
        tokens += LINE_BREAK_TOKENS;
        while (i + 1 < text.length && (isLineBreak(text.charCodeAt(i + 1)) || isSpace(text.charCodeAt(i + 1)))) i++;
      } else if (i + 1 < text.length && isSpace(text.charCodeAt(i + 1))) {
        // One space goes with the word after it; a run of them is a token of its own.
        tokens += 1;
        while (i + 1 < text.length && isSpace(text.charCodeAt(i + 1))) i++;
      }
      continue;
    }
    // An escape in JSON (\n, \t, \u…) splits: its letter is a token, apart from the word after it.
    if (code === 92 && i + 1 < text.length && runOf(text.charCodeAt(i + 1)) === Run.Latin) {
      tokens += runTokens(run, length) + 1;
      run = Run.Punctuation;
      length = 1;
      i++;
      continue;
    }
    if (code >= 0xd800 && code <= 0xdbff) {
      tokens += runTokens(run, length) + ASTRAL_TOKENS;
      run = Run.None;
      length = 0;
      i++;
      continue;
    }
    const kind = runOf(code);
    if (kind === undefined) {
      tokens += runTokens(run, length) + 1;
      run = Run.None;
      length = 0;
      continue;
    }
    // camelCase: a capital after a small letter starts a token.
    const capitalAfterSmall = kind === Run.Latin && code >= 65 && code <= 90 && length > 0 && isSmall(text.charCodeAt(i - 1));
    if (kind !== run || capitalAfterSmall) {
      tokens += runTokens(run, length);
      run = kind;
      length = 0;
    }
    length++;
  }
  return Math.ceil(tokens + runTokens(run, length));
}

/** The text a message sends: its content, and an assistant's tool calls. */
function sentTokens(message: TextMessage): number {
  if (message.role !== 'assistant' || !message.toolCalls) return textTokens(message.content);
  return message.toolCalls.reduce((sum, call) => sum + textTokens(call.name) + textTokens(call.arguments), textTokens(message.content));
}

/** The tokens one message costs: its text, its images and what every message costs. */
export function messageTokens(message: TextMessage): number {
  const images = message.role === 'user' ? (message.images?.length ?? 0) : 0;
  return sentTokens(message) + TOKENS_PER_MESSAGE + images * IMAGE_TOKENS;
}

/** The input tokens of `messages`, estimated: what a price is reckoned from. */
export function estimateTokens(messages: readonly TextMessage[]): number {
  return messages.reduce((sum, m) => sum + messageTokens(m), 0);
}

/** The estimate with the trim's margin: what a request must fit by, never fewer than it has. */
export function boundTokens(messages: readonly TextMessage[]): number {
  return Math.ceil(estimateTokens(messages) * TRIM_MARGIN);
}
