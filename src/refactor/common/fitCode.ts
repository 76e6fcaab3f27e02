// Makes extracted code a drop-in replacement for the selection: the selection's base
// indentation when the model dropped it, tabs where the selection indents with tabs (Python and
// Makefiles depend on them), the selection's line ending style, and the whitespace around the
// selection's code unchanged: line breaks and indentation it starts or ends in belong to the
// neighbouring lines (Home then Shift+Down ends a selection in the next line's indentation).

/** Leading whitespace of the first non-blank line. */
export function baseIndentation(text: string): string {
  const line = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  return /^[ \t]*/.exec(line)?.[0] ?? '';
}

const leadingSpaces = (line: string) => /^ */.exec(line)?.[0].length ?? 0;
const isBlank = (line: string) => line.trim() === '';

function commonIndentation(lines: readonly string[]): string {
  let common: string | undefined;
  for (const line of lines) {
    if (isBlank(line)) continue;
    const indent = /^[ \t]*/.exec(line)?.[0] ?? '';
    if (common === undefined) common = indent;
    else while (!indent.startsWith(common)) common = common.slice(0, -1);
  }
  return common ?? '';
}

/**
 * The code's own indent step in spaces: its smallest inner indentation of 2 or more (a single
 * space aligns, as in ` * ` of a doc comment, rather than indents); 0 when it has none.
 */
function indentStep(inner: readonly string[]): number {
  const widths = inner
    .filter((line) => !isBlank(line))
    .map(leadingSpaces)
    .filter((n) => n >= 2);
  return widths.length === 0 ? 0 : Math.min(...widths);
}

/** `step` leading spaces become one tab; a remainder (alignment) stays spaces. */
function tabify(line: string, step: number): string {
  const n = leadingSpaces(line);
  return '\t'.repeat(Math.floor(n / step)) + ' '.repeat(n % step) + line.slice(n);
}

/**
 * Re-indents `code` to start at `base` unless it already does (the same characters, or deeper);
 * with `tabs`, its inner levels indented with spaces become tabs.
 */
export function reindent(code: string, base: string, tabs = false): string {
  const lines = code.split('\n');
  const common = commonIndentation(lines);
  const outer = common.startsWith(base) ? common : base;
  const inner = lines.map((line) => line.slice(common.length));
  const step = tabs ? indentStep(inner) : 0;
  if (outer === common && step === 0) return code;
  return lines.map((line, i) => (isBlank(line) ? line : outer + (step ? tabify(inner[i]!, step) : inner[i]))).join('\n');
}

/** The selection as leading line breaks (with the blank lines they end), its code, and trailing whitespace. */
function splitEdges(selected: string): { lead: string; core: string; trail: string } {
  const lead = /^[ \t\r\n]*\n/.exec(selected)?.[0] ?? '';
  const rest = selected.slice(lead.length);
  const trail = /[ \t\r\n]*$/.exec(rest)?.[0] ?? '';
  return { lead, core: rest.slice(0, rest.length - trail.length), trail };
}

export function fitCode(code: string, selected: string): string {
  const { lead, core, trail } = splitEdges(selected);
  const trimmed = code
    .replace(/\r\n/g, '\n')
    .replace(/^(?:[ \t]*\n)+/, '')
    .replace(/\s+$/, '');
  const fitted = reindent(trimmed, baseIndentation(core), /^\t/m.test(core));
  return lead + (selected.includes('\r\n') ? fitted.replace(/\n/g, '\r\n') : fitted) + trail;
}
