// What the workspace file picker leaves out because the project ignores it: the rules of its
// .gitignore files, the root's and those in subfolders, as git reads them (the `ignore`
// package, held to `git check-ignore`): a deeper file's rules come after its parents', a `!`
// brings a file back, and nothing comes back from inside a folder left out. VS Code's file
// search takes only exclude globs, which cannot say a `!`: the globs prune what surely stays
// out, and the rules decide the rest.
import ignore, { type Ignore } from 'ignore';

/** A .gitignore's text and the folder it is in, relative to the workspace folder ('' at its root, `/` between names). */
export interface GitignoreFile {
  dir: string;
  text: string;
}

interface Pattern {
  /** The pattern as a glob relative to its file's folder, or undefined when a glob cannot say it. */
  glob?: string;
  /** The last name of the pattern, which a `!` would have to name to bring it back. */
  name: string;
  negated: boolean;
}

const WILDCARD = /[*?[]/;

function parse(line: string): Pattern | undefined {
  let pattern = line.trim();
  if (pattern === '' || pattern.startsWith('#')) return undefined;
  const negated = pattern.startsWith('!');
  if (negated) pattern = pattern.slice(1);
  pattern = pattern.replace(/\/+$/, '');
  // A slash at the start or in the middle ties the pattern to its folder; else it matches at any depth.
  const anchored = pattern.includes('/');
  pattern = pattern.replace(/^\/+/, '');
  if (pattern === '') return undefined;
  const name = pattern.slice(pattern.lastIndexOf('/') + 1);
  const sayable = !/[{},\\]/.test(pattern);
  const glob = !sayable ? undefined : anchored || pattern.startsWith('**') ? pattern : `**/${pattern}`;
  return { ...(glob !== undefined && { glob }), name, negated };
}

export class GitignoreRules {
  /** Each file's rules, parents first. */
  private readonly files: { dir: string; rules: Ignore; patterns: Pattern[] }[];
  /** Whether a folder is left out, as asked so far. */
  private readonly folders = new Map<string, boolean>();

  constructor(files: readonly GitignoreFile[]) {
    this.files = [...files]
      .sort((a, b) => depth(a.dir) - depth(b.dir))
      .map((file) => ({
        dir: file.dir,
        rules: ignore().add(file.text),
        patterns: file.text.split(/\r?\n/).flatMap((line) => parse(line) ?? []),
      }));
  }

  /** Whether git leaves out the file at `path` (relative to the workspace folder): a folder it is in, or the file itself. */
  ignores(path: string): boolean {
    const names = path.split('/');
    for (let end = 1; end < names.length; end++) {
      const folder = names.slice(0, end).join('/');
      let ignored = this.folders.get(folder);
      if (ignored === undefined) this.folders.set(folder, (ignored = this.decide(folder, true)));
      if (ignored) return true;
    }
    return this.decide(path, false);
  }

  /**
   * Exclude globs for VS Code's file search that leave out only what the rules leave out, so
   * that the picker's listing limit is not spent on it. A pattern a `!` might bring back (by
   * its last name, or any wildcard there) is left to the rules.
   */
  pruneGlobs(): string[] {
    const negations = this.files.flatMap((file) => file.patterns.filter((p) => p.negated));
    const mayComeBack = (pattern: Pattern): boolean =>
      negations.length > 0 && (WILDCARD.test(pattern.name) || negations.some((n) => WILDCARD.test(n.name) || n.name === pattern.name));
    const globs: string[] = [];
    for (const file of this.files)
      for (const pattern of file.patterns) {
        if (pattern.negated || pattern.glob === undefined || mayComeBack(pattern)) continue;
        const glob = file.dir === '' ? pattern.glob : `${file.dir}/${pattern.glob}`;
        globs.push(glob, `${glob}/**`);
      }
    return globs;
  }

  /** Each file above `path` in turn, parents first: the last rule that names it decides. */
  private decide(path: string, folder: boolean): boolean {
    let ignored = false;
    for (const file of this.files) {
      if (file.dir !== '' && !path.startsWith(`${file.dir}/`)) continue;
      const relative = file.dir === '' ? path : path.slice(file.dir.length + 1);
      const result = file.rules.test(folder ? `${relative}/` : relative);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }
}

const depth = (dir: string): number => (dir === '' ? 0 : dir.split('/').length);

/** One exclude glob for VS Code's file search from several (undefined when there are none). */
export function excludeGlob(globs: readonly string[]): string | undefined {
  const usable = [...new Set(globs.filter((glob) => glob !== '' && !/[{},]/.test(glob)))];
  return usable.length === 0 ? undefined : `{${usable.join(',')}}`;
}
