// The editor's problems (vscode.languages.getDiagnostics) of a file or of the whole workspace, with
// each file's text for the lines around them; what is sent of them is decided in the core.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FileProblems, ProblemsPlace, Severity } from '../common/attachments/problems';

/** Files of the workspace whose problems are read at most: the report is cut to the budget anyway. */
const MAX_FILES = 200;

const SEVERITY: Record<vscode.DiagnosticSeverity, Severity> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'information',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

async function fileProblems(uri: vscode.Uri, diagnostics: readonly vscode.Diagnostic[]): Promise<FileProblems | undefined> {
  if (diagnostics.length === 0) return undefined;
  let document: vscode.TextDocument;
  try {
    document = await vscode.workspace.openTextDocument(uri);
  } catch {
    return undefined;
  }
  return {
    path: vscode.workspace.asRelativePath(uri, false),
    languageId: document.languageId,
    text: document.getText(),
    problems: diagnostics.map((diagnostic) => ({
      severity: SEVERITY[diagnostic.severity],
      message: diagnostic.message,
      ...(diagnostic.source !== undefined && { source: diagnostic.source }),
      line: diagnostic.range.start.line + 1,
    })),
  };
}

/** The problems of the file at `uri`, or of every file of the workspace without it. */
export async function collectProblems(uri: vscode.Uri | undefined): Promise<FileProblems[]> {
  if (uri) {
    const read = await fileProblems(uri, vscode.languages.getDiagnostics(uri));
    return read ? [read] : [];
  }
  const found: FileProblems[] = [];
  const files = vscode.languages
    .getDiagnostics()
    .filter(([file, diagnostics]) => diagnostics.length > 0 && vscode.workspace.getWorkspaceFolder(file) !== undefined)
    .slice(0, MAX_FILES);
  for (const [file, diagnostics] of files) {
    const read = await fileProblems(file, diagnostics);
    if (read) found.push(read);
  }
  return found;
}

/** Where problems are read, as the chip names it. */
export function problemsPlace(document: vscode.TextDocument | undefined): ProblemsPlace {
  if (!document) {
    const name = vscode.l10n.t('the workspace');
    return { fileName: name, path: name, languageId: '' };
  }
  return {
    fileName: path.posix.basename(document.uri.path),
    path: vscode.workspace.asRelativePath(document.uri, false),
    languageId: document.languageId,
    uri: document.uri.toString(),
  };
}
