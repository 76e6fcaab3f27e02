// The workspace file picker leaves out what the project ignores: the patterns of its root
// .gitignore as globs VS Code's file search takes. Negations ("!keep.log") cannot be said as
// an exclude glob and are skipped: such a file stays out of the picker, and can still be dropped.

/** Globs for the patterns of a .gitignore's text. */
export function gitignoreGlobs(text: string): string[] {
  const globs: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let pattern = raw.trim();
    if (pattern === '' || pattern.startsWith('#') || pattern.startsWith('!')) continue;
    pattern = pattern.replace(/\/+$/, '');
    // A slash at the start or in the middle ties the pattern to the root; else it matches at any depth.
    const anchored = pattern.includes('/');
    pattern = pattern.replace(/^\/+/, '');
    if (pattern === '' || /[{},]/.test(pattern)) continue;
    const base = anchored || pattern.startsWith('**') ? pattern : `**/${pattern}`;
    globs.push(base, `${base}/**`);
  }
  return globs;
}

/** One exclude glob for VS Code's file search from several (undefined when there are none). */
export function excludeGlob(globs: readonly string[]): string | undefined {
  const usable = [...new Set(globs.filter((glob) => glob !== '' && !/[{},]/.test(glob)))];
  return usable.length === 0 ? undefined : `{${usable.join(',')}}`;
}
