// Fix and Explain with the model, offered as Quick Fixes (the light bulb, Ctrl+.) on errors and
// warnings. Fix proposes the change through Refactor Selection's diff, Accept and Reject; Explain
// asks in the chat with the code attached. Every problem on the lines of the one clicked is
// handled at once, and a file changed since the light bulb was shown is not acted on.
import * as vscode from 'vscode';
import { checkRefactorable, type RefactorOutcome } from '../../refactor/index';
import { Commands } from '../../platform/manifest/ids';
import { commandTitle } from '../../platform/manifest/commandTitles';
import { explainProblemsMessage, fixInstruction, fixSpan, type LineSpan, type Problem } from '../common/problems';
import { newId, revealChat, describeDocument } from '../../chat/index';
import type { ChatHost } from '../../chat/index';
import type { RefactorController } from '../../refactor/index';

/** A symbol provider (the TypeScript server starting) may be slow: past this, the lines around the problem are sent. */
const SYMBOLS_TIMEOUT_MS = 3_000;
const FUNCTION_KINDS = new Set([vscode.SymbolKind.Function, vscode.SymbolKind.Method, vscode.SymbolKind.Constructor]);

/** What a Quick Fix passes to its command: the file, the lines of its problems, and the version they were reported on. */
export interface ProblemTarget {
  uri: vscode.Uri;
  lines: LineSpan;
  version: number;
}

/** Started: the proposal's outcome (Fix), or whether the question was sent (Explain); else why not. */
export type ProblemResult = RefactorOutcome | { status: 'sent' } | { status: 'documentChanged' | 'noProblems' | 'busy' | 'refused' } | undefined;

const fixable = (d: vscode.Diagnostic) => d.severity === vscode.DiagnosticSeverity.Error || d.severity === vscode.DiagnosticSeverity.Warning;

/** The errors and warnings on `lines` of the document, in order. */
function diagnosticsOn(uri: vscode.Uri, lines: LineSpan): vscode.Diagnostic[] {
  return vscode.languages
    .getDiagnostics(uri)
    .filter((d) => fixable(d) && d.range.start.line <= lines.endLine && d.range.end.line >= lines.startLine)
    .sort((a, b) => a.range.start.compareTo(b.range.start));
}

function problemOf(d: vscode.Diagnostic): Problem {
  const code = typeof d.code === 'object' ? d.code.value : d.code;
  return {
    message: d.message,
    severity: d.severity === vscode.DiagnosticSeverity.Error ? 'error' : 'warning',
    ...(d.source && { source: d.source }),
    ...(code !== undefined && { code: String(code) }),
    startLine: d.range.start.line + 1,
    startColumn: d.range.start.character + 1,
    endLine: d.range.end.line + 1,
    endColumn: d.range.end.character + 1,
  };
}

export class ProblemActionProvider implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const clicked = context.diagnostics.filter(fixable);
    if (clicked.length === 0) return [];
    // Several problems on the line: one fix for all of them.
    const lines = {
      startLine: Math.min(...clicked.map((d) => d.range.start.line)),
      endLine: Math.max(...clicked.map((d) => d.range.end.line)),
    };
    const target: ProblemTarget = { uri: document.uri, lines, version: document.version };
    const diagnostics = diagnosticsOn(document.uri, lines);
    const action = (title: string, command: string) => {
      const item = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
      item.command = { title, command, arguments: [target] };
      item.diagnostics = diagnostics.length > 0 ? diagnostics : clicked;
      return item;
    };
    return [
      action(vscode.l10n.t('Fix with Multi-Model AI'), Commands.fixWithModel),
      action(vscode.l10n.t('Explain with Multi-Model AI'), Commands.explainProblem),
    ];
  }
}

/** The enclosing functions' lines, as far as the language's symbols tell within a short wait. */
async function functionSpans(document: vscode.TextDocument): Promise<LineSpan[]> {
  const symbols = await Promise.race([
    Promise.resolve(
      vscode.commands.executeCommand<(vscode.DocumentSymbol | vscode.SymbolInformation)[] | undefined>('vscode.executeDocumentSymbolProvider', document.uri),
    ).catch(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), SYMBOLS_TIMEOUT_MS)),
  ]);
  const spans: LineSpan[] = [];
  const walk = (symbol: vscode.DocumentSymbol | vscode.SymbolInformation) => {
    const range = 'range' in symbol ? symbol.range : symbol.location.range;
    if (FUNCTION_KINDS.has(symbol.kind) && checkRefactorable(document.getText(range)).ok) spans.push({ startLine: range.start.line, endLine: range.end.line });
    if ('children' in symbol) symbol.children.forEach(walk);
  };
  (symbols ?? []).forEach(walk);
  return spans;
}

/** Whole lines `span` of the document, through the end of its last line's break. */
function rangeOfLines(document: vscode.TextDocument, span: LineSpan): vscode.Range {
  const end = span.endLine + 1 < document.lineCount ? new vscode.Position(span.endLine + 1, 0) : document.lineAt(span.endLine).range.end;
  return new vscode.Range(span.startLine, 0, end.line, end.character);
}

export class ProblemActions {
  constructor(
    private readonly refactor: RefactorController,
    private readonly chat: ChatHost,
  ) {}

  /** The document and its problems, unless it changed since the light bulb was shown or none is left. */
  private async read(
    target: ProblemTarget,
  ): Promise<{ status: 'ready'; document: vscode.TextDocument; problems: Problem[]; span: LineSpan } | { status: 'documentChanged' | 'noProblems' }> {
    const document = await vscode.workspace.openTextDocument(target.uri);
    if (document.version !== target.version) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('The file changed after the problem was reported, so nothing was done: open the light bulb on the problem again.'),
      );
      return { status: 'documentChanged' };
    }
    const problems = diagnosticsOn(target.uri, target.lines).map(problemOf);
    if (problems.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('There is no error or warning left there.'));
      return { status: 'noProblems' };
    }
    const lines = { startLine: problems[0]!.startLine - 1, endLine: Math.max(...problems.map((p) => p.endLine - 1)) };
    return { status: 'ready', document, problems, span: fixSpan(lines, document.lineCount, await functionSpans(document)) };
  }

  /** Fix: the change proposed in the refactoring's diff; applied only on Accept, if the file is still the same. */
  async fix(target: ProblemTarget): Promise<ProblemResult> {
    const read = await this.read(target);
    if (read.status !== 'ready') return read;
    const editor = await vscode.window.showTextDocument(read.document, { preserveFocus: false });
    return this.refactor.proposeFix(editor, rangeOfLines(read.document, read.span), fixInstruction(read.problems));
  }

  /** Explain: the chat asked about the problems, with their code attached. */
  async explain(target: ProblemTarget): Promise<ProblemResult> {
    const read = await this.read(target);
    if (read.status !== 'ready') return read;
    const { document, problems, span } = read;
    await revealChat();
    if (this.chat.session.busy) {
      this.chat.notify(vscode.l10n.t('Wait for the current answer to finish, or stop it, then run {0} again.', commandTitle(Commands.explainProblem)));
      return { status: 'busy' };
    }
    const described = describeDocument(document);
    const item = {
      id: newId('ctx'),
      kind: 'selection' as const,
      ...described,
      startLine: span.startLine + 1,
      endLine: span.endLine + 1,
      text: document.getText(rangeOfLines(document, span)),
    };
    if (!this.chat.addContext(item)) return { status: 'refused' };
    void this.chat.session.send(explainProblemsMessage(problems, described.path));
    return { status: 'sent' };
  }
}

/** A command's argument: a ProblemTarget, as the Quick Fix passes it. */
function targetArg(arg: unknown): ProblemTarget | undefined {
  if (typeof arg !== 'object' || arg === null || !('uri' in arg) || !('lines' in arg) || !('version' in arg)) return undefined;
  const { uri, lines, version } = arg as ProblemTarget;
  return uri instanceof vscode.Uri && typeof version === 'number' && typeof lines?.startLine === 'number' ? { uri, lines, version } : undefined;
}

export function registerProblemActions(context: vscode.ExtensionContext, refactor: RefactorController, chat: ChatHost): ProblemActions {
  const actions = new ProblemActions(refactor, chat);
  const run = (what: (target: ProblemTarget) => Promise<ProblemResult>) => (arg?: unknown) => {
    const target = targetArg(arg);
    return target ? what(target) : undefined;
  };
  context.subscriptions.push(
    vscode.languages.registerCodeActionsProvider([{ scheme: 'file' }, { scheme: 'untitled' }], new ProblemActionProvider(), {
      providedCodeActionKinds: ProblemActionProvider.kinds,
    }),
    vscode.commands.registerCommand(
      Commands.fixWithModel,
      run((target) => actions.fix(target)),
    ),
    vscode.commands.registerCommand(
      Commands.explainProblem,
      run((target) => actions.explain(target)),
    ),
  );
  return actions;
}
