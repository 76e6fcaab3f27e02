// Fix and Explain with the model: the problems an editor reports on some lines (as plain data),
// what code around them is sent, and how they are worded for the model (in English).
import { linesText } from '../../platform/text/lineRange';

export interface Problem {
  message: string;
  severity: 'error' | 'warning';
  /** Who reported it: "ts", "eslint". */
  source?: string;
  code?: string;
  /** 1-based lines and columns. */
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

/** Lines around the problem sent when no enclosing function is known: this many in all. */
export const LINES_AROUND = 40;

/** 0-based lines, inclusive. */
export interface LineSpan {
  startLine: number;
  endLine: number;
}

/**
 * The code a fix rewrites: the smallest enclosing function (`enclosing`, each already within
 * the size a refactoring may have) that holds every problem, else 40 lines around them.
 */
export function fixSpan(problems: LineSpan, lineCount: number, enclosing: readonly LineSpan[]): LineSpan {
  const holding = enclosing
    .filter((s) => s.startLine <= problems.startLine && s.endLine >= problems.endLine)
    .sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine));
  if (holding[0]) return holding[0];
  const around = Math.max(0, LINES_AROUND - (problems.endLine - problems.startLine + 1));
  const before = Math.floor(around / 2);
  const startLine = Math.max(0, problems.startLine - before);
  const endLine = Math.min(lineCount - 1, startLine + (problems.endLine - problems.startLine) + around);
  return { startLine, endLine };
}

/** "line 5, column 3: error TS2322 from ts: Type 'string' is not assignable to type 'number'." */
export function problemLine(problem: Problem): string {
  const code = problem.code ? ` ${problem.code}` : '';
  const source = problem.source ? ` from ${problem.source}` : '';
  const where = problem.startLine === problem.endLine ? `line ${problem.startLine}` : linesText(problem);
  return `${where}, column ${problem.startColumn}: ${problem.severity}${code}${source}: ${problem.message}`;
}

/** The refactoring's instruction that asks for the problems fixed, and nothing else changed. */
export function fixInstruction(problems: readonly Problem[]): string {
  return [
    problems.length === 1 ? 'Fix this problem the editor reports:' : 'Fix these problems the editor reports:',
    ...problems.map((p) => `- ${problemLine(p)}`),
    'Change only what the fix needs; keep everything else as it is.',
  ].join('\n');
}

/** The chat message that asks why the problems happen and how to fix them (the code is attached). */
export function explainProblemsMessage(problems: readonly Problem[], path: string): string {
  return [
    `Explain ${problems.length === 1 ? 'this problem' : 'these problems'} in ${path}, why it happens and how to fix it:`,
    ...problems.map((p) => `- ${problemLine(p)}`),
  ].join('\n');
}
