// Makes extracted code a drop-in replacement for the selection: the selection's base
// indentation when the model dropped it, the selection's line ending style, and a final
// newline exactly when the selection had one.

/** Leading whitespace of the first non-blank line. */
export function baseIndentation(text: string): string {
  const line = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  return /^[ \t]*/.exec(line)?.[0] ?? '';
}

function commonIndentation(lines: readonly string[]): string {
  let common: string | undefined;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const indent = /^[ \t]*/.exec(line)?.[0] ?? '';
    if (common === undefined) common = indent;
    else while (!indent.startsWith(common)) common = common.slice(0, -1);
  }
  return common ?? '';
}

/** Re-indents `code` to start at `base` when its lines are all indented less than that. */
export function reindent(code: string, base: string): string {
  if (base === '') return code;
  const lines = code.split('\n');
  const common = commonIndentation(lines);
  if (common.length >= base.length) return code;
  return lines.map((line) => (line.trim() === '' ? line : base + line.slice(common.length))).join('\n');
}

export function fitCode(code: string, selected: string): string {
  const withoutBlankEdges = code.replace(/\r\n/g, '\n').replace(/^(?:[ \t]*\n)+/, '').replace(/\s+$/, '');
  let fitted = reindent(withoutBlankEdges, baseIndentation(selected));
  if (/\r?\n$/.test(selected) && fitted !== '') fitted += '\n';
  return selected.includes('\r\n') ? fitted.replace(/\n/g, '\r\n') : fitted;
}
