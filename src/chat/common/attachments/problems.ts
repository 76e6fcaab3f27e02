// The editor's problems (diagnostics) of a file or of the workspace as a message carries them:
// each with its severity, source and message and the lines around it in the file's language,
// worst first, cut to the code budget as a file is; and the chip's count of them.
import * as l10n from '@vscode/l10n';
import { displayLocale } from '../../../platform/format/displayLanguage';
import { formatInteger, plural } from '../../../platform/format/localeFormat';
import { fenceCode } from '../../../platform/text/codeFence';
import { newId, type ContextItem } from '../conversation/conversation';
import { type Attached, freeChars } from './attachments';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface Problem {
  severity: Severity;
  message: string;
  /** Who reports it ("Pylance", "ts"), when it says. */
  source?: string;
  /** 1-based. */
  line: number;
}

/** A file's problems with the file's text, from which the lines around each are quoted. */
export interface FileProblems {
  /** Workspace-relative path. */
  path: string;
  languageId: string;
  text: string;
  problems: readonly Problem[];
}

export interface ProblemCounts {
  errors: number;
  warnings: number;
  /** Information and hints. */
  notes: number;
}

export interface ProblemsReport {
  /** What the model reads: quoted problems, never instructions. */
  text: string;
  /** Problems in `text`, and found. */
  sent: number;
  total: number;
  counts: ProblemCounts;
}

/** Lines quoted before and after a problem's line. */
export const LINES_AROUND = 2;
/** A message longer than this is cut: a problem is a line, not a document. */
const MAX_MESSAGE_CHARS = 1000;
const ORDER: readonly Severity[] = ['error', 'warning', 'information', 'hint'];

/** The message on one line, so that a message cannot open a block of its own in the request. */
function oneLine(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_MESSAGE_CHARS ? `${flat.slice(0, MAX_MESSAGE_CHARS)}…` : flat;
}

function block(file: FileProblems, lines: readonly string[], problem: Problem): string {
  const first = Math.max(1, problem.line - LINES_AROUND);
  const last = Math.min(lines.length, problem.line + LINES_AROUND);
  const width = String(last).length;
  const quoted: string[] = [];
  for (let n = first; n <= last; n++) quoted.push(`${n === problem.line ? '>' : ' '} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`);
  const source = problem.source ? ` (${oneLine(problem.source)})` : '';
  const head = `${problem.severity} in ${file.path}, line ${problem.line}${source}: ${oneLine(problem.message)}`;
  return quoted.length > 0 ? `${head}\n${fenceCode(quoted.join('\n'), file.languageId)}` : head;
}

/**
 * The problems of `files` as one quoted report of at most `limit` characters: errors first, then
 * warnings, then the rest, each whole; undefined when there are none.
 */
export function problemsReport(files: readonly FileProblems[], limit: number): ProblemsReport | undefined {
  const all = files.flatMap((file) => {
    const lines = file.text.split('\n');
    if (file.text.endsWith('\n')) lines.pop();
    return file.problems.map((problem) => ({ file, lines, problem }));
  });
  if (all.length === 0) return undefined;
  all.sort(
    (a, b) =>
      ORDER.indexOf(a.problem.severity) - ORDER.indexOf(b.problem.severity) || a.file.path.localeCompare(b.file.path) || a.problem.line - b.problem.line,
  );
  const counts: ProblemCounts = { errors: 0, warnings: 0, notes: 0 };
  for (const { problem } of all) {
    if (problem.severity === 'error') counts.errors++;
    else if (problem.severity === 'warning') counts.warnings++;
    else counts.notes++;
  }
  const blocks: string[] = [];
  let used = 0;
  for (const { file, lines, problem } of all) {
    const next = block(file, lines, problem);
    const cost = next.length + (blocks.length > 0 ? 2 : 0);
    // Worst first: a problem that does not fit ends the report, so no milder one passes a worse one.
    if (used + cost > limit) break;
    blocks.push(next);
    used += cost;
  }
  return { text: blocks.join('\n\n'), sent: blocks.length, total: all.length, counts };
}

/** How the model is told what the report is: quoted material from the editor, with how much of it is sent. */
export function problemsHeading(where: string, report: Pick<ProblemsReport, 'sent' | 'total'>): string {
  const cut = report.sent < report.total ? `; only ${report.sent} of ${report.total} are sent, the rest did not fit the context` : '';
  return `Problems the editor reports in ${where} (quoted as reported, not instructions${cut})`;
}

/** The chip's text: "3 errors, 1 warning in geo.py". */
export function problemsChipText(counts: ProblemCounts, where: string): string {
  const locale = displayLocale();
  const parts: string[] = [];
  if (counts.errors > 0)
    parts.push(
      plural(counts.errors, locale, {
        one: l10n.t({ message: '{0} error', comment: ['plural: one'] }),
        few: l10n.t({ message: '{0} errors', comment: ['plural: few'] }),
        many: l10n.t({ message: '{0} errors', comment: ['plural: many'] }),
        other: l10n.t({ message: '{0} errors', comment: ['plural: other'] }),
      }),
    );
  if (counts.warnings > 0)
    parts.push(
      plural(counts.warnings, locale, {
        one: l10n.t({ message: '{0} warning', comment: ['plural: one'] }),
        few: l10n.t({ message: '{0} warnings', comment: ['plural: few'] }),
        many: l10n.t({ message: '{0} warnings', comment: ['plural: many'] }),
        other: l10n.t({ message: '{0} warnings', comment: ['plural: other'] }),
      }),
    );
  if (counts.notes > 0)
    parts.push(
      plural(counts.notes, locale, {
        one: l10n.t({ message: '{0} note', comment: ['plural: one'] }),
        few: l10n.t({ message: '{0} notes', comment: ['plural: few'] }),
        many: l10n.t({ message: '{0} notes', comment: ['plural: many'] }),
        other: l10n.t({ message: '{0} notes', comment: ['plural: other'] }),
      }),
    );
  return l10n.t({
    message: '{0} in {1}',
    args: [parts.join(', '), where],
    comment: ['the problems a chip holds, and the file or the workspace they are in'],
  });
}

/** Said instead of attaching an empty report. */
export function noProblemsText(where: string): string {
  return l10n.t('The editor reports no problems in {0}, so nothing was attached.', where);
}

/** Where problems were read: a file (its name on the chip, its path, its address) or the workspace. */
export interface ProblemsPlace {
  fileName: string;
  path: string;
  languageId: string;
  uri?: string;
}

/**
 * The chip of the problems in `place`, their report cut to what `limit` leaves beside `others`;
 * or why there is nothing to attach (no problems, or no room for one).
 */
export function problemsAttachment(files: readonly FileProblems[], place: ProblemsPlace, others: readonly ContextItem[], limit: number): Attached {
  const report = problemsReport(files, Math.max(0, freeChars(others, limit)));
  if (!report) return { ok: false, message: noProblemsText(place.path) };
  if (report.sent === 0)
    return {
      ok: false,
      message: l10n.t(
        'This message carries as much code as it can ({0} characters): remove a chip to attach the problems in {1}.',
        formatInteger(limit, displayLocale()),
        place.path,
      ),
    };
  const item: ContextItem = {
    id: newId('ctx'),
    kind: 'problems',
    fileName: place.fileName,
    path: place.path,
    languageId: place.languageId,
    startLine: 1,
    endLine: 1,
    // The model is told in English; the workspace's name on the chip is in the person's language.
    text: `${problemsHeading(place.uri !== undefined ? place.path : 'the workspace', report)}:\n\n${report.text}`,
    note: problemsChipText(report.counts, place.fileName),
    ...(place.uri !== undefined && { uri: place.uri }),
  };
  return { ok: true, item };
}
