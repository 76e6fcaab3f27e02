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
 * What a trim multiplies the estimate by. Against o200k_base the estimate is within 7 % of the
 * real count at the 90th percentile and under it by 15 % at the worst, on 300-character passages
 * of Russian and English prose and of code (test/unit/platform/reply/tokenEstimate.test.ts): a
 * quarter more never undercounts, so a trimmed request fits and VS Code's budget holds.
 */
export const TRIM_MARGIN = 1.25;

// o200k_base's habits, fitted on that corpus: a common Latin word of up to 8 letters is one token
// (with the space before it), a longer one a token more each 6 letters; Cyrillic costs a token
// each 3.2 letters; digits go in threes; punctuation runs merge up to three; a line break with
// the indentation after it is half a token on average, as is merged with the line's first word;
// a run of spaces inside a line is one; anything else (CJK, emoji, symbols) one each.
const LATIN_WORD = 8;
const LATIN_PER_TOKEN = 6;
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
      return length <= LATIN_WORD ? 1 : 1 + (length - LATIN_WORD) / LATIN_PER_TOKEN;
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
    // A character outside the Basic Multilingual Plane (most emoji) is two UTF-16 units and about a token.
    if (code >= 0xd800 && code <= 0xdbff) i++;
    const kind = runOf(code);
    if (kind === undefined) {
      tokens += runTokens(run, length) + 1;
      run = Run.None;
      length = 0;
      continue;
    }
    if (kind !== run) {
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
