// Generate Image… (command palette) and Edit Image with Multi-Model AI… (explorer context
// menu, command palette): ask everything needed first, then send under a progress notification
// that can be cancelled, and open what was saved. Failures say what to do; Retry sends the same
// order (core's imageOrder), and the typed prompt is kept for the next try.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { type ClientLogger } from '../../platform/client/attempt/attempt';
import { Commands } from '../../platform/manifest/ids';
import { Countdown, waitReason } from '../../platform/reply/retryWait';
import { displayLocale } from '../../platform/format/displayLanguage';
import { formatInteger, formatRub, plural } from '../../platform/format/localeFormat';
import { IMAGE_SIZES, MAX_IMAGE_COUNT, type WantedImageOptions } from '../../platform/client/images/imageRequest';
import { ImageInputError, type ImageJobResult, promptProblem, readImageToEdit } from '../common/imageJob';
import { type ImageOrder, sendImageOrder } from '../common/imageOrder';
import { type ModelEntry } from '../../platform/client/catalog/schemas';
import { ServiceError } from '../../platform/client/errors/serviceError';
import { SetupError } from '../../platform/reply/modelConnection';
import { SpendStop } from '../../platform/reply/spendStop';
import { offerActions } from '../../platform/actions/vscode/actionRunner';
import type { FailedStep, FailureReporter } from '../../platform/services/vscode/failureReporter';
import type { Services } from '../../platform/services/vscode/services';
import { type ImageAsk, ImageRunner } from './imageRunner';
import { loggedReason } from '../../platform/services/vscode/failureReporter';

/** Arguments a keybinding or another command may pass to Generate Image; with a prompt, nothing is asked but the model where several could do. */
export interface GenerateImageArgs {
  prompt?: string;
  model?: string;
  size?: string;
  n?: number;
}

const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'];

/** Registers Generate Image and Edit Image; returns the runner the chat's /image uses too. */
export function registerImageCommands(context: vscode.ExtensionContext, { connection, settings, globalState, failures, logger }: Services): ImageRunner {
  const images = new ImageRunner(connection, settings, globalState);
  const commands = new ImageCommands(images, failures, logger);
  context.subscriptions.push(
    vscode.commands.registerCommand(Commands.generateImage, (args?: GenerateImageArgs) => commands.generate(args ?? {})),
    vscode.commands.registerCommand(Commands.editImage, (uri?: vscode.Uri, args?: { prompt?: string; model?: string }) => commands.edit(uri, args ?? {})),
  );
  return images;
}

class ImageCommands {
  /** The last prompt and instruction typed, offered again after a failure or a cancel. */
  private lastPrompt = '';
  private lastInstruction = '';

  constructor(
    private readonly runner: ImageRunner,
    private readonly failures: FailureReporter,
    private readonly logger: ClientLogger,
  ) {}

  /** Resolves with the new files' paths, or undefined when nothing was made. */
  async generate(args: GenerateImageArgs): Promise<string[] | undefined> {
    const prompt =
      args.prompt ?? (await this.ask(vscode.l10n.t('Multi-Model AI: Generate Image'), vscode.l10n.t('Describe the image to make'), this.lastPrompt, 'image'));
    if (prompt === undefined) return undefined;
    this.lastPrompt = prompt;
    const step = { shown: vscode.l10n.t('Could not generate the image'), logged: 'Could not generate the image' };
    return this.order(
      step,
      vscode.l10n.t('Generating an image'),
      {
        endpoint: 'image-generation',
        prompt,
        model: args.model,
        // A prompt passed in (a keybinding, another command) comes with all it wants: no questions.
        options: args.prompt !== undefined ? () => Promise.resolve({ size: args.size, n: args.n }) : askOptions,
      },
      async (files) => {
        this.lastPrompt = '';
        for (const file of files) await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(file), { preview: false });
      },
    );
  }

  /** Resolves with the edited image's path(s), or undefined when nothing was made. */
  async edit(uri: vscode.Uri | undefined, args: { prompt?: string; model?: string }): Promise<string[] | undefined> {
    const target = uri ?? (await chooseImage());
    if (!target) return undefined;
    if (target.scheme !== 'file')
      return this.warn(
        vscode.l10n.t("Only images on this machine's disk can be edited: save a copy in a local folder first."),
        `${target.scheme}: images cannot be edited`,
      );
    let image;
    try {
      image = await readImageToEdit(target.fsPath);
    } catch (error) {
      return this.warn(error instanceof ImageInputError ? error.message : String(error), loggedReason(error));
    }
    const prompt =
      args.prompt ??
      (await this.ask(vscode.l10n.t('Multi-Model AI: Edit {0}', image.fileName), vscode.l10n.t('Say what to change'), this.lastInstruction, 'edit'));
    if (prompt === undefined) return undefined;
    this.lastInstruction = prompt;
    const step = { shown: vscode.l10n.t('Could not edit the image'), logged: 'Could not edit the image' };
    return this.order(
      step,
      vscode.l10n.t('Editing {0}', image.fileName),
      {
        endpoint: 'image-edit',
        prompt,
        model: args.model,
        folder: path.dirname(target.fsPath),
        edit: { file: target.fsPath, image },
      },
      async (files) => {
        this.lastInstruction = '';
        for (const file of files)
          await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(file), { viewColumn: vscode.ViewColumn.Beside, preview: false });
      },
    );
  }

  private ask(title: string, prompt: string, value: string, what: 'image' | 'edit'): Thenable<string | undefined> {
    return vscode.window.showInputBox({ title, prompt, value, ignoreFocusOut: true, validateInput: (text) => promptProblem(text, what) });
  }

  /**
   * Asks the open choices, then sends under a cancellable progress notification and hands the
   * new files to `made`. A failure is reported with Retry, which sends the same order again.
   */
  private async order(what: FailedStep, title: string, ask: ImageAsk, made: (files: string[]) => Promise<void>): Promise<string[] | undefined> {
    let order;
    try {
      order = await this.runner.prepare(ask);
    } catch (error) {
      // Nothing was sent: Retry may ask again.
      return this.failed(what, error, () => this.order(what, title, ask, made));
    }
    if (!order) return undefined;
    const result = await sendImageOrder(order, {
      send: (prepared) => this.send(title, prepared),
      made: (done) => {
        void vscode.window.setStatusBarMessage(savedMessage(done), 5000);
        return made(done.files);
      },
      failed: (error, retry) => this.failed(what, error, retry),
    });
    return result?.files;
  }

  private send(title: string, order: ImageOrder): Thenable<ImageJobResult> {
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      const countdown = new Countdown((message) => progress.report({ message }));
      progress.report({ message: vscode.l10n.t('waiting for the model…') });
      return this.runner
        .send(order, { signal: controller.signal, onRetry: (wait) => countdown.start(waitReason(wait.kind), Math.ceil(wait.delayMs / 1000)) })
        .finally(() => countdown.stop());
    });
  }

  /** Says what went wrong and what to do; Retry where trying again can help. */
  private failed(what: FailedStep, error: unknown, retry: () => unknown): undefined {
    // Stopped, or not sent when the budget's dialog asked: nothing to say.
    if ((error instanceof ServiceError && error.kind === 'aborted') || (error instanceof SpendStop && error.declined)) return undefined;
    if (error instanceof SetupError) {
      this.logger.warn(`Images: ${loggedReason(error)}`);
      void offerActions('warning', error.message, error.actions);
    } else if (error instanceof ImageInputError) this.warn(error.message, loggedReason(error));
    else this.failures.report(what, error, vscode.l10n.t('Nothing was saved.'), { retry });
    return undefined;
  }

  /** Shows `message`; the log gets `logged`, its English. */
  private warn(message: string, logged: string): undefined {
    this.logger.warn(`Images: ${logged}`);
    void vscode.window.showWarningMessage(message);
    return undefined;
  }
}

/** "Saved images/fox.png (≈ 8.00 ₽)". */
export function savedMessage(result: ImageJobResult): string {
  const names = result.files.map((file) => vscode.workspace.asRelativePath(file)).join(', ');
  return result.costRub === undefined ? vscode.l10n.t('Saved {0}', names) : vscode.l10n.t('Saved {0} ({1})', names, formatRub(result.costRub, displayLocale()));
}

/** Size and count, asked only where the model lists them; undefined when the person dismissed a question. */
async function askOptions(model: ModelEntry): Promise<WantedImageOptions | undefined> {
  const wanted: WantedImageOptions = {};
  if (model.supported_parameters.includes('size')) {
    const sizes: { label: string; size?: string; description?: string }[] = [
      { label: vscode.l10n.t({ message: 'Default', comment: ['an image size: the model decides'] }), description: vscode.l10n.t('{0} decides', model.id) },
      ...IMAGE_SIZES.map((size) => ({ label: size, size })),
    ];
    const size = await vscode.window.showQuickPick(sizes, {
      title: vscode.l10n.t('Multi-Model AI: Image Size'),
      placeHolder: vscode.l10n.t('Pick the size of the image'),
    });
    if (!size) return undefined;
    if (size.size) wanted.size = size.size;
  }
  if (model.supported_parameters.includes('n')) {
    const locale = displayLocale();
    const counts = Array.from({ length: MAX_IMAGE_COUNT }, (_, i) => ({ label: formatInteger(i + 1, locale), n: i + 1, description: variants(i + 1, locale) }));
    const count = await vscode.window.showQuickPick(counts, {
      title: vscode.l10n.t('Multi-Model AI: Number of Images'),
      placeHolder: vscode.l10n.t('How many images to make'),
    });
    if (!count) return undefined;
    wanted.n = count.n;
  }
  return wanted;
}

/** "one image", "2 variants": how many images the choice makes. */
function variants(n: number, locale: string): string {
  if (n === 1) return vscode.l10n.t('one image');
  return plural(n, locale, {
    one: vscode.l10n.t({ message: '{0} variants', comment: ['plural: one'] }),
    few: vscode.l10n.t({ message: '{0} variants', comment: ['plural: few'] }),
    many: vscode.l10n.t({ message: '{0} variants', comment: ['plural: many'] }),
    other: vscode.l10n.t({ message: '{0} variants', comment: ['plural: other'] }),
  });
}

/** The image in the active editor, or one the person picks. */
async function chooseImage(): Promise<vscode.Uri | undefined> {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  const active = input instanceof vscode.TabInputCustom || input instanceof vscode.TabInputText ? input.uri : undefined;
  if (active && IMAGE_EXTENSIONS.includes(path.extname(active.path).slice(1).toLowerCase())) return active;
  const picked = await vscode.window.showOpenDialog({
    title: vscode.l10n.t('Multi-Model AI: Image to Edit'),
    canSelectMany: false,
    filters: { [vscode.l10n.t('Images')]: IMAGE_EXTENSIONS },
    defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
  });
  return picked?.[0];
}
