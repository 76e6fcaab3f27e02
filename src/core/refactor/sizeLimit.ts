// The largest selection Refactor Selection sends. The reply must repeat the whole code, so
// the limit is about what a model writes back in one answer (about 3,000 tokens), lower
// than what a chat message may carry.
export const MAX_REFACTOR_CHARS = 12_000;

export type RefactorCheck = { ok: true } | { ok: false; message: string };

export function checkRefactorable(text: string): RefactorCheck {
  if (text.trim() === '') return { ok: false, message: 'Select the code to refactor first.' };
  if (text.length <= MAX_REFACTOR_CHARS) return { ok: true };
  const lines = text.split('\n').length;
  return {
    ok: false,
    message:
      `This selection is too large to refactor: ${lines.toLocaleString('en-US')} lines, ` +
      `${text.length.toLocaleString('en-US')} characters (the limit is ${MAX_REFACTOR_CHARS.toLocaleString('en-US')}). ` +
      'Select a smaller part, such as one function, and try again.',
  };
}
