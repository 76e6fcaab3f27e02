// A unified diff (`git diff`) split into its files, with what a request needs of each:
// its path, how it changed, whether git called it binary, and how many lines it adds and removes.

export type FileChange = 'added' | 'deleted' | 'modified' | 'renamed';

export interface FileDiff {
  path: string;
  /** The path before a rename. */
  oldPath?: string;
  change: FileChange;
  /** Git printed no text for it ("Binary files … differ", or a binary patch). */
  binary: boolean;
  added: number;
  removed: number;
  /** The file's whole section of the diff, from its `diff --git` line. */
  text: string;
}

// Each path as is, or in C quotes when it holds tabs, quotes or non-ASCII bytes.
const HEADER = /^diff --git ("a\/.*"|a\/.*) ("b\/.*"|b\/.*)$/;

/** Unquotes a path git wrote in C quotes (a name with spaces or non-ASCII bytes). */
function unquote(path: string): string {
  if (!path.startsWith('"') || !path.endsWith('"')) return path;
  const bytes: number[] = [];
  const body = path.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c !== '\\') {
      bytes.push(...new TextEncoder().encode(c));
      continue;
    }
    const next = body[++i] ?? '';
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(body.slice(i, i + 3), 8));
      i += 2;
    } else bytes.push(({ n: 10, t: 9, '"': 34, '\\': 92 } as Record<string, number>)[next] ?? next.charCodeAt(0));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

function fileOf(lines: string[]): FileDiff {
  const header = HEADER.exec(lines[0] ?? '');
  // The side's path without its `a/` or `b/`.
  const side = (raw = '') => unquote(raw).slice(2);
  let oldPath = side(header?.[1]);
  let path = side(header?.[2]);
  let change: FileChange = 'modified';
  let binary = false;
  let added = 0;
  let removed = 0;
  let inHunk = false;
  for (const line of lines.slice(1)) {
    if (line.startsWith('@@')) inHunk = true;
    else if (inHunk && line.startsWith('+')) added++;
    else if (inHunk && line.startsWith('-')) removed++;
    else if (!inHunk) {
      if (line.startsWith('new file mode')) change = 'added';
      else if (line.startsWith('deleted file mode')) change = 'deleted';
      else if (line.startsWith('rename from ')) oldPath = unquote(line.slice('rename from '.length));
      else if (line.startsWith('rename to ')) {
        path = unquote(line.slice('rename to '.length));
        change = 'renamed';
      } else if (line.startsWith('Binary files ') || line === 'GIT binary patch') binary = true;
    }
  }
  return { path, ...(change === 'renamed' ? { oldPath } : {}), change, binary, added, removed, text: lines.join('\n') };
}

export function splitDiff(diff: string): FileDiff[] {
  const files: string[][] = [];
  for (const line of diff.replace(/\r\n/g, '\n').split('\n')) {
    if (HEADER.test(line)) files.push([line]);
    else files.at(-1)?.push(line);
  }
  return files.map((lines) => fileOf(trimEnd(lines)));
}

/** Drops the empty line the diff's final newline leaves. */
function trimEnd(lines: string[]): string[] {
  return lines.at(-1) === '' ? lines.slice(0, -1) : lines;
}
