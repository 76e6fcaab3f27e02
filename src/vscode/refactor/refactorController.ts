// Refactor Selection: asks for an instruction, streams the proposed code into a diff beside
// the original (progress and cancel in a notification), and applies it only on Accept, as
// one edit, after checking the file did not change meanwhile. Every other ending leaves the
// document as it was.
import * as vscode from 'vscode';
import { SetupError, type ModelConnection } from '../../core/client/modelConnection';
import { Countdown, waitReason } from '../../core/reply/retryWait';
import type { RetryWait } from '../../core/client/serviceClient';
import { Commands, REFACTOR_STATE_KEY } from '../../core/shell/ids';
import { NO_CODE_MESSAGE, RefactorRun, type RefactorOutcome, type RefactorRequest } from '../../core/refactor/refactorRun';
import { DOCUMENT_CHANGED_MESSAGE, unchangedSince, widenToIndentation } from '../../core/refactor/refactorTarget';
import { checkRefactorable } from '../../core/refactor/sizeLimit';
import { offerActions, type LocalHandlers } from '../actions';
import { Disposable } from '../lifecycle';
import type { FailureReporter } from '../failureReporter';
import { checkHiddenCharacters } from '../hiddenCharactersCheck';
import { selectedLines } from '../chat/editorContext';
import { pickInstruction } from './instructionPicker';
import { isDiffOf, tabsShowing, type ProposalDocuments } from './proposalDocuments';

export type ProposalState = 'streaming' | RefactorOutcome['status'];
export type AcceptResult = 'applied' | 'documentChanged' | 'nothingToAccept' | 'editFailed' | 'cancelled';

/** What tests and the editor title buttons see of the open proposal. */
export interface ProposalView {
  state: ProposalState;
  documentUri: vscode.Uri;
  proposedUri: vscode.Uri;
}

interface Session {
  request: RefactorRequest;
  documentUri: vscode.Uri;
  /** Where the file was shown when the refactoring started: the result is shown there. */
  viewColumn?: vscode.ViewColumn;
  proposedUri: vscode.Uri;
  controller: AbortController;
  state: ProposalState;
  outcome?: RefactorOutcome;
  /** The Accept under way: the title button and the notification's Accept may both be pressed. */
  accepting?: Promise<AcceptResult>;
}

/** What a Retry needs: the same request on the same file. */
type RetryContext = Pick<Session, 'request' | 'documentUri' | 'viewColumn'>;

const UNCHANGED = 'The file is unchanged.';

export interface RefactorDeps {
  connect(): Promise<ModelConnection>;
  proposals: ProposalDocuments;
  failures: FailureReporter;
}

export class RefactorController extends Disposable {
  private session?: Session;
  /** Counts starts, so that a start a newer one overtook while connecting is dropped. */
  private starts = 0;

  constructor(private readonly deps: RefactorDeps) {
    super();
    // Closing the proposal's diff is a Reject (and stops a reply still arriving). Moving it to
    // another group closes it there only after opening it in the new group: that is no Reject.
    this.register(vscode.window.tabGroups.onDidChangeTabs((e) => {
      const session = this.session;
      if (!session || !e.closed.some((tab) => isDiffOf(tab, session.proposedUri))) return;
      if (tabsShowing(session.proposedUri).length === 0) this.end(session, 'Refactoring rejected.');
    }));
  }

  current(): ProposalView | undefined {
    const s = this.session;
    return s && { state: s.state, documentUri: s.documentUri, proposedUri: s.proposedUri };
  }

  /**
   * The command: refactors the active editor's selection with `instruction` (asked for when
   * absent). Resolves when the reply has ended, with how it ended.
   */
  async refactorSelection(instruction?: string): Promise<RefactorOutcome | undefined> {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.selection.isEmpty) {
      void vscode.window.showWarningMessage('Select the code to refactor first, then run Refactor Selection.');
      return undefined;
    }
    const request = requestFor(editor, instruction ?? '');
    const check = checkRefactorable(request.target.documentText.slice(request.target.start, request.target.end));
    if (!check.ok) {
      void vscode.window.showWarningMessage(check.message);
      return undefined;
    }
    const chosen = instruction?.trim() || (await pickInstruction());
    if (!chosen) return undefined;
    return this.start({ ...request, instruction: chosen }, editor.document.uri, editor.viewColumn);
  }

  /**
   * Accept: applies the finished proposal as one edit, unless the file changed meanwhile. Code
   * with hidden characters is shown to the person first, with the offer to remove them.
   */
  async accept(): Promise<AcceptResult> {
    const session = this.session;
    if (session?.outcome?.status !== 'done') {
      void vscode.window.showInformationMessage('There is no finished refactoring to accept.');
      return 'nothingToAccept';
    }
    // A second Accept meanwhile joins the first instead of failing on the edit the first made.
    session.accepting ??= this.apply(session, session.outcome.code).finally(() => {
      session.accepting = undefined;
    });
    return session.accepting;
  }

  private async apply(session: Session, proposed: string): Promise<AcceptResult> {
    const code = await checkHiddenCharacters(proposed, 'The proposed code');
    if (code === undefined || this.session !== session) return 'cancelled';
    const { target } = session.request;
    const document = await vscode.workspace.openTextDocument(session.documentUri);
    if (!unchangedSince(target, { version: document.version, text: document.getText() })) {
      this.end(session);
      void vscode.window.showWarningMessage(DOCUMENT_CHANGED_MESSAGE);
      return 'documentChanged';
    }
    const range = new vscode.Range(document.positionAt(target.start), document.positionAt(target.end));
    const edit = new vscode.WorkspaceEdit();
    edit.replace(session.documentUri, range, code);
    const applied = await vscode.workspace.applyEdit(edit);
    this.end(session);
    if (!applied) {
      void vscode.window.showErrorMessage(`The refactoring could not be applied to ${vscode.workspace.asRelativePath(session.documentUri)}. ${UNCHANGED}`);
      return 'editFailed';
    }
    const end = document.positionAt(target.start + code.length);
    await vscode.window.showTextDocument(document, { viewColumn: session.viewColumn, selection: new vscode.Range(range.start, end) });
    return 'applied';
  }

  /** Reject: stops a reply still arriving, closes the proposal; the file stays as it is. */
  reject(): void {
    if (this.session) this.end(this.session, 'Refactoring rejected: the file is unchanged.');
  }

  /** What the notification's Cancel does: stops the request; the file stays as it is. */
  cancel(): void {
    if (this.session?.state === 'streaming') this.session.controller.abort();
  }

  /** Undefined when it could not connect, or a newer start overtook it meanwhile. */
  private async start(request: RefactorRequest, documentUri: vscode.Uri, viewColumn?: vscode.ViewColumn): Promise<RefactorOutcome | undefined> {
    const started = ++this.starts;
    let connection: ModelConnection;
    try {
      connection = await this.deps.connect();
    } catch (error) {
      if (started === this.starts) this.showFailure('Could not start the refactoring', error, { request, documentUri, viewColumn });
      return undefined;
    }
    if (started !== this.starts) return undefined;
    if (this.session) this.end(this.session);
    const proposedUri = this.deps.proposals.create(documentUri, request.target.documentText);
    const session: Session = { request, documentUri, viewColumn, proposedUri, controller: new AbortController(), state: 'streaming' };
    this.session = session;
    await this.setState('streaming');
    const name = vscode.workspace.asRelativePath(documentUri);
    await vscode.commands.executeCommand('vscode.diff', documentUri, proposedUri, `${name} ↔ Proposed refactoring`, {
      viewColumn: vscode.ViewColumn.Beside,
      preview: false,
      selection: new vscode.Range(request.startLine - 1, 0, request.startLine - 1, 0),
    });

    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Refactoring ${name}`, cancellable: true },
      (progress, token) => {
        token.onCancellationRequested(() => session.controller.abort());
        progress.report({ message: 'waiting for the model…' });
        const countdown = new Countdown((message) => progress.report({ message }));
        const run = new RefactorRun(request, (document) => {
          countdown.stop();
          this.deps.proposals.update(proposedUri, document);
          progress.report({ message: 'writing the new code…' });
        });
        const onWait = (wait: RetryWait) => countdown.start(waitReason(wait.kind), Math.ceil(wait.delayMs / 1000));
        return run.start(connection, session.controller.signal, onWait).finally(() => countdown.stop());
      },
    );
    if (this.session !== session) return outcome;
    session.outcome = outcome;
    session.state = outcome.status;
    await this.finish(session, outcome);
    return outcome;
  }

  private async finish(session: Session, outcome: RefactorOutcome): Promise<void> {
    switch (outcome.status) {
      case 'done':
        await this.setState('done');
        void vscode.window
          .showInformationMessage('The proposed code is ready: review the diff, then accept or reject it.', 'Accept', 'Reject')
          .then((choice) => {
            if (this.session !== session) return;
            if (choice === 'Accept') void this.accept();
            else if (choice === 'Reject') this.reject();
          });
        return;
      case 'stopped':
        this.end(session, 'Refactoring stopped: the file is unchanged.');
        return;
      case 'failed':
        this.end(session);
        if (outcome.error === undefined) void offerActions('error', `${NO_CODE_MESSAGE} ${UNCHANGED}`, ['retry'], this.handlers(session));
        else this.showFailure('The refactoring failed', outcome.error, session);
        return;
      case 'interrupted':
        // The partial code stays in view, marked interrupted; it is never applied.
        this.deps.proposals.update(session.proposedUri, outcome.document);
        await this.setState('interrupted');
        this.showFailure('The answer was cut off before the code was complete', outcome.error, session, true);
        return;
    }
  }

  /** `discardable`: the proposal stays open (interrupted), so Discard closes it. */
  private showFailure(what: string, error: unknown, context: RetryContext, discardable = false): void {
    const actions = discardable ? ['discard' as const] : [];
    if (error instanceof SetupError) {
      void offerActions('error', error.message, [...error.actions, 'retry', ...actions], this.handlers(context));
      return;
    }
    const failure = this.deps.failures.record(what, error, `Nothing was applied: ${UNCHANGED.toLowerCase()}`);
    void offerActions('error', failure.message, [...failure.actions, ...actions], this.handlers(context));
  }

  /** Retry sends the same request again; Discard closes the proposal still shown. */
  private handlers(context: RetryContext): LocalHandlers {
    return {
      retry: () => this.retry(context),
      discard: () => {
        if (this.session === context) this.reject();
      },
    };
  }

  /** The same request again, if the file is still what it was made from. */
  private async retry({ request, documentUri, viewColumn }: RetryContext): Promise<void> {
    const document = await vscode.workspace.openTextDocument(documentUri);
    if (!unchangedSince(request.target, { version: document.version, text: document.getText() })) {
      void vscode.window.showWarningMessage(DOCUMENT_CHANGED_MESSAGE);
      return;
    }
    await this.start(request, documentUri, viewColumn);
  }

  private end(session: Session, statusMessage?: string): void {
    if (this.session !== session) return;
    this.session = undefined;
    session.controller.abort();
    void this.setState(undefined);
    void this.deps.proposals.close(session.proposedUri);
    if (statusMessage) vscode.window.setStatusBarMessage(statusMessage, 5000);
  }

  private async setState(state: ProposalState | undefined): Promise<void> {
    await vscode.commands.executeCommand('setContext', REFACTOR_STATE_KEY, state);
  }

  override dispose(): void {
    if (this.session) this.end(this.session);
    super.dispose();
  }
}

/** The selection as a request; a start inside the indentation is widened to the line start. */
function requestFor(editor: vscode.TextEditor, instruction: string): RefactorRequest {
  const { document, selection } = editor;
  const documentText = document.getText();
  const lineStart = document.offsetAt(new vscode.Position(selection.start.line, 0));
  const start = widenToIndentation(documentText, document.offsetAt(selection.start), lineStart);
  const end = document.offsetAt(selection.end);
  return {
    target: { documentText, version: document.version, start, end, languageId: document.languageId },
    instruction,
    path: vscode.workspace.asRelativePath(document.uri),
    ...selectedLines(selection),
  };
}

/** Command arguments tests (and keybindings) may pass: `{ instruction }`. Menus pass a URI, which is ignored. */
function instructionArg(arg: unknown): string | undefined {
  if (typeof arg !== 'object' || arg === null || !('instruction' in arg)) return undefined;
  return typeof arg.instruction === 'string' ? arg.instruction : undefined;
}

export function registerRefactor(controller: RefactorController): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Commands.refactorSelection, (arg?: unknown) => controller.refactorSelection(instructionArg(arg))),
    vscode.commands.registerCommand(Commands.acceptRefactor, () => controller.accept()),
    vscode.commands.registerCommand(Commands.rejectRefactor, () => controller.reject()),
  ];
}
