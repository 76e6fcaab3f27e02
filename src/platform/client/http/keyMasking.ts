// Spec, Authentication 8: an API key never reaches a log, a setting, the page, an error text or
// the clipboard whole. Every masking of a key lives here: the shown form of one key, that key
// masked wherever text holds it, any key-shaped token masked in a line, and a server's token
// kept only when it cannot carry the key.

// The rule (README, "Security"): the key's scheme (`sk_`, `sk_test_`, `sk-proj-`: the same for
// every key, so it tells nothing) plus up to 4 characters of the secret, and never more than half
// of the secret. That tells a workspace's keys apart, as the cabinet's list does, while a long
// key shows about a tenth of its secret. Only these known schemes count: a secret that starts
// with lowercase letters and `_` is still secret. `sk-` and `sk_` keys are masked alike.
const SCHEME = /^sk(?:_(?:test|live)_|-proj-|[_-])/;
const SECRET_CHARS_SHOWN = 4;

/** The key as logs, diagnostics and messages show it, e.g. `sk_test_al…`; `(no key)` for none. */
export function maskKey(key: string): string {
  const trimmed = key.trim();
  if (trimmed.length === 0) return '(no key)';
  const scheme = SCHEME.exec(trimmed)?.[0] ?? '';
  const secretLength = trimmed.length - scheme.length;
  return `${trimmed.slice(0, scheme.length + Math.min(SECRET_CHARS_SHOWN, Math.floor(secretLength / 2)))}…`;
}

/** `text` with every occurrence of this one key masked: for what the service sent back (it may echo the key). */
export function maskKeyIn(text: string, key: string): string {
  const trimmed = key.trim();
  return trimmed.length === 0 ? text : text.split(trimmed).join(maskKey(trimmed));
}

// Any `sk_…` or `sk-…` token (the schemes maskKey knows) of key length that is not already
// masked: a word of its own (not the end of `task_id`), 8 characters or more after the scheme's
// `sk` and separator. The masked form ends in '…', which the lookahead refuses, so masking twice is harmless.
const UNMASKED_KEY = /\bsk[_-][A-Za-z0-9_-]{8,}(?![A-Za-z0-9_-]|…)/g;

/** `text` with every key-shaped token masked, whichever key it is: the last guard before a log line or the clipboard. */
export function maskEveryKey(text: string): string {
  return text.replace(UNMASKED_KEY, (key) => maskKey(key));
}

// What an error code or a request id looks like. Anything else the service sent in those
// places (an echoed header, a sentence) is not kept: these fields are shown and logged unmasked.
const TOKEN = /^[A-Za-z0-9_.:-]{1,128}$/;

/** An error code or request id the service sent, when it is a plain token that does not hold the key; otherwise undefined. */
export function keyFreeToken(value: string | null | undefined, key: string): string | undefined {
  if (value === null || value === undefined || !TOKEN.test(value)) return undefined;
  const trimmed = key.trim();
  return trimmed !== '' && value.includes(trimmed) ? undefined : value;
}
