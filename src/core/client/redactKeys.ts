import { maskKey } from './diagnostics';

// Any `sk_…` token that is not already masked. The masked form ends in '…', which the
// lookahead refuses, so masking twice is harmless.
const UNMASKED_KEY = /sk_[A-Za-z0-9_-]+(?![A-Za-z0-9_-]|…)/g;

/** Masks every API key in a line of text: a last guard before text reaches a log or the clipboard. */
export function redactKeys(text: string): string {
  return text.replace(UNMASKED_KEY, (key) => maskKey(key));
}
