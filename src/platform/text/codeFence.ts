// Wraps code in a markdown fence that its own backticks cannot close.
export function fenceCode(code: string, lang: string): string {
  const longestRun = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  const body = code.endsWith('\n') ? code : `${code}\n`;
  return `${fence}${lang}\n${body}${fence}`;
}
