import { maskKey } from './diagnostics';

// Any `sk_…` or `sk-…` token (the schemes maskKey knows) of key length that is not already
// masked: a word of its own (not the end of `task_id`), 8 characters or more after the scheme's
// `sk` and separator. The masked form ends in '…', which the lookahead refuses, so masking twice is harmless.
const UNMASKED_KEY = /\bsk[_-][A-Za-z0-9_-]{8,}(?![A-Za-z0-9_-]|…)/g;

/** Masks every API key in a line of text: a last guard before text reaches a log or the clipboard. */
export function redactKeys(text: string): string {
  return text.replace(UNMASKED_KEY, (key) => maskKey(key));
}
