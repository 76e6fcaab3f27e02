// Generate Commit Message: finds the repository (the Source Control title's, the active
// editor's, or a pick), reads its staged diff and latest subjects through the Git extension,
// streams a message (shown in a cancellable notification as it arrives) and puts it in the
// repository's commit message box only once it is complete: one change of the box, which one
// Undo there reverts. Cancel and failures leave the box as it was.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Commands } from '../../platform/manifest/ids';
import { type CommitOutcome, type CommitRequest, emptyMessageError, writeCommitMessage } from '../common/commitRun';
import { Countdown, waitReason } from '../../platform/reply/retryWait';
import { fallbackNote, type FellBack } from '../../platform/reply/fallbackNote';
import { type ModelConnection, SetupError } from '../../platform/reply/modelConnection';
import { type RetryWait } from '../../platform/client/attempt/attempt';
import { offerActions, type LocalHandlers } from '../../platform/actions/vscode/actionRunner';
import type { FailureReporter } from '../../platform/services/vscode/failureReporter';
import type { Services } from '../../platform/services/vscode/services';
import type { SettingsWatcher } from '../../platform/settings/vscode/settings';
import { findRepository, gitApi, type GitRepository, untrackedChanges } from '../../platform/git/vscode/gitApi';
import { pricedWait } from '../../platform/reply/priceLine';
import type { RequestPrice } from '../../platform/reply/requestPrice';

/** How many of the latest commit subjects are given as examples of the repository's style. */
const STYLE_EXAMPLES = 10;

/** nothingStaged: the person was offered all changes instead; noChanges: there was nothing to describe. */
export type CommitResult = CommitOutcome | { status: 'nothingStaged' | 'noChanges' | 'noRepository' };

/** What the command accepts: the Source Control title passes its repository (`rootUri`); tests may ask for all changes. */
interface CommitArgs {
  rootUri?: vscode.Uri;
  allChanges?: boolean;
}

export interface CommitDeps {
  connect(modelId?: string): Promise<ModelConnection>;
  settings: SettingsWatcher;
  failures: FailureReporter;
}

export class CommitMessageWriter {
  private controller?: AbortController;

  constructor(private readonly deps: CommitDeps) {}

  /** Stops the message being written (the notification's Cancel does the same); the box keeps its text. */
  cancel(): void {
    this.controller?.abort();
  }

  async generate(args: CommitArgs = {}): Promise<CommitResult> {
    const api = await gitApi();
    const repository = api && (await findRepository(api, vscode.l10n.t('Pick the repository to write a commit message for'), args.rootUri));
    if (!repository) {
      void vscode.window.showWarningMessage(
        api
          ? vscode.l10n.t('Open a folder with a Git repository to write a commit message for it.')
          : vscode.l10n.t("VS Code's Git extension is not available (it may be turned off by the setting git.enabled)."),
      );
      return { status: 'noRepository' };
    }
    await repository.status();
    const { indexChanges, workingTreeChanges } = repository.state;
    const untracked = untrackedChanges(repository.state);
    if (indexChanges.length === 0 && !args.allChanges) {
      if (workingTreeChanges.length === 0 && untracked.length === 0) {
        void vscode.window.showInformationMessage(vscode.l10n.t('There are no changes to write a commit message for.'));
        return { status: 'noChanges' };
      }
      const useAll = vscode.l10n.t({ message: 'Use All Changes', comment: ['a button: write the commit message for the unstaged changes too'] });
      void vscode.window
        .showInformationMessage(vscode.l10n.t('Nothing is staged. Write the commit message for all changes instead?'), useAll)
        .then((choice) => {
          if (choice === useAll) void this.generate({ rootUri: repository.rootUri, allChanges: true });
        });
      return { status: 'nothingStaged' };
    }
    const allChanges = indexChanges.length === 0;
    const relative = (uri: vscode.Uri) => path.relative(repository.rootUri.fsPath, uri.fsPath).split(path.sep).join('/');
    const request: CommitRequest = {
      diff: await repository.diff(!allChanges),
      subjects: await latestSubjects(repository),
      instructions: this.deps.settings.current().commitMessageInstructions,
      allChanges,
      untracked: allChanges ? untracked.map((c) => relative(c.uri)) : [],
    };
    return this.write(repository, request);
  }

  private async write(repository: GitRepository, request: CommitRequest): Promise<CommitResult> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const retry: LocalHandlers = { retry: () => this.write(repository, request) };
    let connection: ModelConnection;
    try {
      connection = await this.deps.connect(this.deps.settings.current().commitMessageModel);
    } catch (error) {
      this.showFailure(error, retry);
      return { status: 'failed', error };
    }
    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Writing the commit message'), cancellable: true },
      (progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        const waiting = vscode.l10n.t('waiting for the model…');
        progress.report({ message: waiting });
        const countdown = new Countdown((message) => progress.report({ message }));
        const onWait = (wait: RetryWait) => countdown.start(waitReason(wait.kind), Math.ceil(wait.delayMs / 1000));
        const onDelta = (soFar: string) => {
          countdown.stop();
          progress.report({ message: soFar.split('\n')[0] });
        };
        const onPrice = (price: RequestPrice) => progress.report({ message: pricedWait(price, waiting) });
        const onFallback = (fellBack: FellBack) => progress.report({ message: fallbackNote(fellBack) });
        return writeCommitMessage(connection, request, controller.signal, { onDelta, onWait, onPrice, onFallback }).finally(() => countdown.stop());
      },
    );
    if (this.controller === controller) this.controller = undefined;
    switch (outcome.status) {
      case 'done':
        // Usage (outcome.usage, outcome.costRub, outcome.model) is known here, once per message.
        repository.inputBox.value = outcome.message;
        if (outcome.fellBack) void vscode.window.showInformationMessage(fallbackNote(outcome.fellBack));
        if (outcome.cutFiles > 0)
          void vscode.window.showInformationMessage(
            vscode.l10n.t(
              'The changes were too large for the model, so some files were described by their name and size only. Check the message before you commit.',
            ),
          );
        break;
      case 'stopped':
        vscode.window.setStatusBarMessage(vscode.l10n.t('Commit message cancelled: the message box is unchanged.'), 5000);
        break;
      case 'failed':
        if (outcome.error === undefined) void offerActions('error', emptyMessageError(), ['retry'], retry);
        else this.showFailure(outcome.error, retry);
    }
    return outcome;
  }

  /** The same cards and advice as every request, with the request id; the box is untouched. */
  private showFailure(error: unknown, handlers: LocalHandlers): void {
    if (error instanceof SetupError) {
      void offerActions('error', error.message, [...error.actions, 'retry'], handlers);
      return;
    }
    this.deps.failures.report(
      { shown: vscode.l10n.t('Could not write the commit message'), logged: 'Could not write the commit message' },
      error,
      vscode.l10n.t('The message box is unchanged.'),
      handlers,
    );
  }
}

/** The subjects of the latest commits; none in a repository without commits. */
async function latestSubjects(repository: GitRepository): Promise<string[]> {
  try {
    const commits = await repository.log({ maxEntries: STYLE_EXAMPLES });
    return commits.map((c) => c.message.split('\n')[0]?.trim() ?? '').filter((s) => s !== '');
  } catch {
    return [];
  }
}

/** Command arguments: the Source Control title's repository (a SourceControl with `rootUri`), or `{ rootUri, allChanges }`. */
function commitArgs(arg: unknown): CommitArgs {
  if (typeof arg !== 'object' || arg === null) return {};
  const rootUri = 'rootUri' in arg && arg.rootUri instanceof vscode.Uri ? arg.rootUri : undefined;
  const allChanges = 'allChanges' in arg && arg.allChanges === true;
  return { ...(rootUri && { rootUri }), ...(allChanges && { allChanges }) };
}

export function registerCommitMessage(context: vscode.ExtensionContext, { connection, settings, failures }: Services): CommitMessageWriter {
  const writer = new CommitMessageWriter({ connect: (modelId) => connection.forModel(modelId, undefined, 'commitMessage'), settings, failures });
  context.subscriptions.push(
    { dispose: () => writer.cancel() },
    vscode.commands.registerCommand(Commands.generateCommitMessage, (arg?: unknown) => writer.generate(commitArgs(arg))),
  );
  return writer;
}
