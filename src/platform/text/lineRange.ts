// How prompts, titles and chips name a range of lines, so every feature says it alike.

/** "3-10", or "3" for one line. */
export function lineSpan(startLine: number, endLine: number): string {
  return startLine === endLine ? `${startLine}` : `${startLine}-${endLine}`;
}

/** "lines 3-10", or "line 3": how prompts and titles name a range. */
export function linesText(range: { startLine: number; endLine: number }): string {
  return `${range.startLine === range.endLine ? 'line' : 'lines'} ${lineSpan(range.startLine, range.endLine)}`;
}
