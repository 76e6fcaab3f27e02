// Refactor Selection: asks for an instruction, streams the proposed code into a diff beside
// the original (progress and cancel in a notification), and applies it only on Accept, as
// one edit, after checking the file did not change meanwhile. Every other ending leaves the
// document as it was.
import * as vscode from 'vscode';
import { checkRefactorable } from '../common/sizeLimit';
import { Commands, REFACTOR_STATE_KEY } from '../../platform/manifest/ids';
import { commandTitle } from '../../platform/manifest/commandTitles';
import { Countdown, waitReason } from '../../platform/reply/retryWait';
import { fallbackNote, type FellBack } from '../../platform/reply/fallbackNote';
import { documentChangedMessage, unchangedSince, widenToIndentation } from '../common/refactorTarget';
import { type ModelConnection, SetupError } from '../../platform/reply/modelConnection';
import { type ProjectInstructions } from '../../platform/instructions/projectInstructions';
import { noCodeMessage, type RefactorOutcome, type RefactorRequest, RefactorRun } from '../common/refactorRun';
import { type RetryWait } from '../../platform/client/attempt/attempt';
import { offerActions, type LocalHandlers } from '../../platform/actions/vscode/actionRunner';
import { Disposable } from '../../platform/vscode/lifecycle';
import type { FailedStep, FailureReporter } from '../../platform/services/vscode/failureReporter';
import { checkHiddenCharacters } from '../../platform/text/vscode/hiddenCharactersCheck';
import { selectedLines } from '../../chat/index';
import { pickInstruction } from './instructionPicker';
import { isDiffOf, type ProposalDocuments, tabsShowing } from '../../platform/review/vscode/proposalDocuments';
import { pricedWait } from '../../platform/reply/priceLine';
import type { RequestPrice } from '../../platform/reply/requestPrice';

export type ProposalState = 'streaming' | RefactorOutcome['status'];
export type AcceptResult = 'applied' | 'documentChanged' | 'nothingToAccept' | 'editFailed' | 'cancelled';

/** What tests and the editor title buttons see of the open proposal. */
export interface ProposalView {
  state: ProposalState;
  documentUri: vscode.Uri;
  proposedUri: vscode.Uri;
}

/** What a proposal is for: Refactor Selection, or Fix with the model (src/fix/vscode), which words its progress and its refusals after itself. */
export type ProposalPurpose = 'refactor' | 'fix';

/** One refactoring from its start to its end: the request, its two documents and how far it got. */
interface OpenProposal {
  request: RefactorRequest;
  purpose: ProposalPurpose;
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
type RetryContext = Pick<OpenProposal, 'request' | 'purpose' | 'documentUri' | 'viewColumn'>;

const changedMessage = (purpose: ProposalPurpose): string => documentChangedMessage(purpose === 'fix' ? Commands.fixWithModel : Commands.refactorSelection);

/** The failed step, worded for the person and in English for the log. */
const step = (shown: string, logged: string): FailedStep => ({ shown, logged });

export interface RefactorDeps {
  /** The connection for a refactoring or a fix; its answer goes to the usage record as that. */
  connect(purpose: ProposalPurpose): Promise<ModelConnection>;
  proposals: ProposalDocuments;
  failures: FailureReporter;
  /** The project's instructions, sent with the request. */
  instructions?(): Promise<ProjectInstructions | undefined>;
}

export class RefactorController extends Disposable {
  private proposal?: OpenProposal;
  /** Counts starts, so that a start a newer one overtook while connecting is dropped. */
  private starts = 0;

  constructor(private readonly deps: RefactorDeps) {
    super();
    // Closing the proposal's diff is a Reject (and stops a reply still arriving). Moving it to
    // another group closes it there only after opening it in the new group: that is no Reject.
    this.register(
      vscode.window.tabGroups.onDidChangeTabs((e) => {
        const proposal = this.proposal;
        if (!proposal || !e.closed.some((tab) => isDiffOf(tab, proposal.proposedUri))) return;
        if (tabsShowing(proposal.proposedUri).length === 0) this.end(proposal, vscode.l10n.t('Refactoring rejected.'));
      }),
    );
  }

  current(): ProposalView | undefined {
    const s = this.proposal;
    return s && { state: s.state, documentUri: s.documentUri, proposedUri: s.proposedUri };
  }

  /**
   * The command: refactors the active editor's selection with `instruction` (asked for when
   * absent). Resolves when the reply has ended, with how it ended.
   */
  async refactorSelection(instruction?: string): Promise<RefactorOutcome | undefined> {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.selection.isEmpty) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Select the code to refactor first, then run {0}.', commandTitle(Commands.refactorSelection)));
      return undefined;
    }
    const request = requestFor(editor.document, editor.selection, instruction ?? '');
    if (!refactorable(request)) return undefined;
    const chosen = instruction?.trim() || (await pickInstruction());
    if (!chosen) return undefined;
    return this.start({ ...request, instruction: chosen }, 'refactor', editor.document.uri, editor.viewColumn);
  }

  /**
   * Fix with the model: the same proposal, diff, Accept and Reject over `range` of `editor`'s
   * document, with an instruction made from its problems. Resolves when the reply has ended.
   */
  async proposeFix(editor: vscode.TextEditor, range: vscode.Range, instruction: string): Promise<RefactorOutcome | undefined> {
    const request = requestFor(editor.document, new vscode.Selection(range.start, range.end), instruction);
    if (!refactorable(request)) return undefined;
    return this.start(request, 'fix', editor.document.uri, editor.viewColumn);
  }

  /**
   * Accept: applies the finished proposal as one edit, unless the file changed meanwhile. Code
   * with hidden characters is shown to the person first, with the offer to remove them.
   */
  async accept(): Promise<AcceptResult> {
    const proposal = this.proposal;
    if (proposal?.outcome?.status !== 'done') {
      void vscode.window.showInformationMessage(vscode.l10n.t('There is no finished refactoring to accept.'));
      return 'nothingToAccept';
    }
    // A second Accept meanwhile joins the first instead of failing on the edit the first made.
    proposal.accepting ??= this.apply(proposal, proposal.outcome.code).finally(() => {
      proposal.accepting = undefined;
    });
    return proposal.accepting;
  }

  private async apply(proposal: OpenProposal, proposed: string): Promise<AcceptResult> {
    const code = await checkHiddenCharacters(proposed, vscode.l10n.t({ message: 'The proposed code', comment: ['begins: … holds 2 hidden characters'] }));
    if (code === undefined || this.proposal !== proposal) return 'cancelled';
    const { target } = proposal.request;
    const document = await vscode.workspace.openTextDocument(proposal.documentUri);
    if (!unchangedSince(target, { version: document.version, text: document.getText() })) {
      this.end(proposal);
      void vscode.window.showWarningMessage(changedMessage(proposal.purpose));
      return 'documentChanged';
    }
    const range = new vscode.Range(document.positionAt(target.start), document.positionAt(target.end));
    const edit = new vscode.WorkspaceEdit();
    edit.replace(proposal.documentUri, range, code);
    const applied = await vscode.workspace.applyEdit(edit);
    this.end(proposal);
    if (!applied) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t('The refactoring could not be applied to {0}. The file is unchanged.', vscode.workspace.asRelativePath(proposal.documentUri)),
      );
      return 'editFailed';
    }
    const end = document.positionAt(target.start + code.length);
    await vscode.window.showTextDocument(document, { viewColumn: proposal.viewColumn, selection: new vscode.Range(range.start, end) });
    return 'applied';
  }

  /** Reject: stops a reply still arriving, closes the proposal; the file stays as it is. */
  reject(): void {
    if (this.proposal) this.end(this.proposal, vscode.l10n.t('Refactoring rejected: the file is unchanged.'));
  }

  /** What the notification's Cancel does: stops the request; the file stays as it is. */
  cancel(): void {
    if (this.proposal?.state === 'streaming') this.proposal.controller.abort();
  }

  /** Undefined when it could not connect, or a newer start overtook it meanwhile. */
  private async start(
    request: RefactorRequest,
    purpose: ProposalPurpose,
    documentUri: vscode.Uri,
    viewColumn?: vscode.ViewColumn,
  ): Promise<RefactorOutcome | undefined> {
    const started = ++this.starts;
    let connection: ModelConnection;
    try {
      connection = await this.deps.connect(purpose);
      request = { ...request, instructions: await this.deps.instructions?.() };
    } catch (error) {
      if (started === this.starts)
        this.showFailure(step(vscode.l10n.t('Could not start the refactoring'), 'Could not start the refactoring'), error, {
          request,
          purpose,
          documentUri,
          viewColumn,
        });
      return undefined;
    }
    if (started !== this.starts) return undefined;
    if (this.proposal) this.end(this.proposal);
    const proposedUri = this.deps.proposals.create(documentUri, request.target.documentText);
    const proposal: OpenProposal = { request, purpose, documentUri, viewColumn, proposedUri, controller: new AbortController(), state: 'streaming' };
    this.proposal = proposal;
    await this.setState('streaming');
    const name = vscode.workspace.asRelativePath(documentUri);
    const diffTitle = purpose === 'fix' ? vscode.l10n.t('{0} ↔ Proposed fix', name) : vscode.l10n.t('{0} ↔ Proposed refactoring', name);
    await vscode.commands.executeCommand('vscode.diff', documentUri, proposedUri, diffTitle, {
      viewColumn: vscode.ViewColumn.Beside,
      preview: false,
      selection: new vscode.Range(request.startLine - 1, 0, request.startLine - 1, 0),
    });

    const outcome = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: purpose === 'fix' ? vscode.l10n.t('Fixing {0}', name) : vscode.l10n.t('Refactoring {0}', name),
        cancellable: true,
      },
      (progress, token) => {
        token.onCancellationRequested(() => proposal.controller.abort());
        const waiting = vscode.l10n.t('waiting for the model…');
        progress.report({ message: waiting });
        const countdown = new Countdown((message) => progress.report({ message }));
        const run = new RefactorRun(request, (document) => {
          countdown.stop();
          this.deps.proposals.update(proposedUri, document);
          progress.report({ message: vscode.l10n.t('writing the new code…') });
        });
        const onWait = (wait: RetryWait) => countdown.start(waitReason(wait.kind), Math.ceil(wait.delayMs / 1000));
        const onPrice = (price: RequestPrice) => progress.report({ message: pricedWait(price, waiting) });
        const onFallback = (fellBack: FellBack) => progress.report({ message: fallbackNote(fellBack) });
        return run.start(connection, proposal.controller.signal, onWait, onPrice, onFallback).finally(() => countdown.stop());
      },
    );
    if (this.proposal !== proposal) return outcome;
    proposal.outcome = outcome;
    proposal.state = outcome.status;
    await this.finish(proposal, outcome);
    return outcome;
  }

  private async finish(proposal: OpenProposal, outcome: RefactorOutcome): Promise<void> {
    switch (outcome.status) {
      case 'done': {
        await this.setState('done');
        const accept = vscode.l10n.t({ message: 'Accept', comment: ['a button: apply the proposed refactoring'] });
        const reject = vscode.l10n.t({ message: 'Reject', comment: ['a button: drop the proposed refactoring'] });
        const ready = vscode.l10n.t('The proposed code is ready: review the diff, then accept or reject it.');
        void vscode.window.showInformationMessage(outcome.fellBack ? `${ready} ${fallbackNote(outcome.fellBack)}` : ready, accept, reject).then((choice) => {
          if (this.proposal !== proposal) return;
          if (choice === accept) void this.accept();
          else if (choice === reject) this.reject();
        });
        return;
      }
      case 'stopped':
        this.end(proposal, vscode.l10n.t('Refactoring stopped: the file is unchanged.'));
        return;
      case 'failed':
        this.end(proposal);
        if (outcome.error === undefined)
          void offerActions('error', `${noCodeMessage()} ${vscode.l10n.t('The file is unchanged.')}`, ['retry'], this.handlers(proposal));
        else this.showFailure(step(vscode.l10n.t('The refactoring failed'), 'The refactoring failed'), outcome.error, proposal);
        return;
      case 'interrupted':
        // The partial code stays in view, marked interrupted; it is never applied.
        this.deps.proposals.update(proposal.proposedUri, outcome.document);
        await this.setState('interrupted');
        this.showFailure(
          step(vscode.l10n.t('The answer was cut off before the code was complete'), 'The answer was cut off before the code was complete'),
          outcome.error,
          proposal,
          true,
        );
        return;
    }
  }

  /** `discardable`: the proposal stays open (interrupted), so Discard closes it. */
  private showFailure(what: FailedStep, error: unknown, context: RetryContext, discardable = false): void {
    const actions = discardable ? ['discard' as const] : [];
    if (error instanceof SetupError) {
      void offerActions('error', error.message, [...error.actions, 'retry', ...actions], this.handlers(context));
      return;
    }
    const failure = this.deps.failures.record(what, error, vscode.l10n.t('Nothing was applied: the file is unchanged.'));
    void offerActions('error', failure.message, [...failure.actions, ...actions], this.handlers(context));
  }

  /** Retry sends the same request again; Discard closes the proposal still shown. */
  private handlers(context: RetryContext): LocalHandlers {
    return {
      retry: () => this.retry(context),
      discard: () => {
        if (this.proposal === context) this.reject();
      },
    };
  }

  /** The same request again, if the file is still what it was made from. */
  private async retry({ request, purpose, documentUri, viewColumn }: RetryContext): Promise<void> {
    const document = await vscode.workspace.openTextDocument(documentUri);
    if (!unchangedSince(request.target, { version: document.version, text: document.getText() })) {
      void vscode.window.showWarningMessage(changedMessage(purpose));
      return;
    }
    await this.start(request, purpose, documentUri, viewColumn);
  }

  private end(proposal: OpenProposal, statusMessage?: string): void {
    if (this.proposal !== proposal) return;
    this.proposal = undefined;
    proposal.controller.abort();
    void this.setState(undefined);
    void this.deps.proposals.close(proposal.proposedUri);
    if (statusMessage) vscode.window.setStatusBarMessage(statusMessage, 5000);
  }

  private async setState(state: ProposalState | undefined): Promise<void> {
    await vscode.commands.executeCommand('setContext', REFACTOR_STATE_KEY, state);
  }

  override dispose(): void {
    if (this.proposal) this.end(this.proposal);
    super.dispose();
  }
}

/** Whether the request's code can be sent (not empty, not too large); says why not. */
function refactorable(request: RefactorRequest): boolean {
  const check = checkRefactorable(request.target.documentText.slice(request.target.start, request.target.end));
  if (!check.ok) void vscode.window.showWarningMessage(check.message);
  return check.ok;
}

/** The selection as a request; a start inside the indentation is widened to the line start. */
function requestFor(document: vscode.TextDocument, selection: vscode.Selection, instruction: string): RefactorRequest {
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
