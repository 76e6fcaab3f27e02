// Everything an image request needs from the editor, shared by Generate Image, Edit Image and
// the chat's /image: the image model (named, the only one, or picked and remembered), the
// folder, and sending the order through core's runImageJob, with the spend counted.
import * as vscode from 'vscode';
import { chooseImageModel } from '../common/imageModelChoice';
import { type ImageEndpoint } from '../../platform/client/modelCatalog';
import { ImageInputError, type ImageJob, type ImageJobResult, runImageJob } from '../common/imageJob';
import { type ImageOrder, prepareImageOrder } from '../common/imageOrder';
import { type MementoLike } from '../../platform/storage/serialMemento';
import { type ModelEntry } from '../../platform/client/catalog/schemas';
import { notAvailableLabel } from '../../platform/models/modelPickItems';
import { resolveImageFolder } from '../common/imageFiles';
import { type WantedImageOptions } from '../../platform/client/images/imageRequest';
import type { Connection, ImageConnection } from '../../platform/services/vscode/connection';
import type { SettingsWatcher } from '../../platform/settings/vscode/settings';

const rememberedKey = (endpoint: ImageEndpoint) => `multiModelAI.imageModel.${endpoint}`;

interface ModelItem extends vscode.QuickPickItem {
  entry?: ModelEntry;
  reason?: string;
}

/** What a person asked for, before the open choices are made. */
export interface ImageAsk extends Omit<ImageOrder, 'model' | 'wanted' | 'folder'> {
  /** A model id to use without asking (command arguments). */
  model?: string;
  /** Where the images go; the setting's folder when absent. */
  folder?: string;
  /** Size and count for the chosen model, asked before sending; undefined cancels. Absent: the defaults. */
  options?(model: ModelEntry): Promise<WantedImageOptions | undefined>;
}

export class ImageRunner {
  constructor(
    private readonly connection: Connection,
    private readonly settings: SettingsWatcher,
    private readonly state: MementoLike,
  ) {}

  /** The folder multiModelAI.imageFolder names (new images go there, and the chat page shows them from there), or what to do. */
  imageFolder(): ReturnType<typeof resolveImageFolder> {
    const workspace = vscode.workspace.workspaceFolders?.[0];
    return resolveImageFolder(
      this.settings.current().imageFolder,
      workspace && { name: workspace.name, fsPath: workspace.uri.scheme === 'file' ? workspace.uri.fsPath : undefined },
    );
  }

  /** Makes the open choices (the model, then its options); undefined when the person dismissed one. Throws a SetupError or an ImageInputError. */
  async prepare({ model, folder, options, ...ask }: ImageAsk): Promise<ImageOrder | undefined> {
    // Restricted Mode (package.json capabilities): nothing is written into a workspace the person does not trust.
    if (!vscode.workspace.isTrusted)
      throw new ImageInputError(
        vscode.l10n.t('In Restricted Mode images are not saved into the workspace: trust this folder to make or edit images here.'),
        'Restricted Mode: images are not saved into the workspace',
      );
    return prepareImageOrder(
      { ...ask, folder: folder ?? this.settingFolder() },
      {
        model: async () => this.chooseModel(ask.endpoint, await this.connection.forImages(ask.endpoint), model),
        options: options ?? (() => Promise.resolve({})),
      },
    );
  }

  /** Sends a prepared order and counts its cost. Throws a SetupError, a SaveError or the request's ServiceError. */
  async send(order: ImageOrder, { signal, onRetry }: Pick<ImageJob, 'signal' | 'onRetry'>): Promise<ImageJobResult> {
    const images = await this.connection.forImages(order.endpoint);
    // An image's price is known only once it is made: the budget is checked, multiModelAI.confirmAbove is not.
    await images.admit(undefined);
    const result = await runImageJob({ ...order, client: images.client, signal, onRetry });
    if (result.costRub !== undefined) images.onSpend(result.costRub);
    images.onImages(result.model, result.files.length, result.costRub);
    return result;
  }

  /** Prepares and sends in one go (the chat's /image); undefined when the person dismissed a choice. */
  async run({ signal, onRetry, ...ask }: ImageAsk & Pick<ImageJob, 'signal' | 'onRetry'>): Promise<ImageJobResult | undefined> {
    const order = await this.prepare(ask);
    return order && this.send(order, { signal, onRetry });
  }

  private settingFolder(): string {
    const resolved = this.imageFolder();
    if (!resolved.ok)
      throw new ImageInputError(resolved.message, `The image folder ${JSON.stringify(this.settings.current().imageFolder)} cannot be used here`);
    return resolved.folder;
  }

  private async chooseModel(endpoint: ImageEndpoint, models: ImageConnection, named?: string): Promise<ModelEntry | undefined> {
    const choice = chooseImageModel(endpoint, models, named);
    if (choice.kind === 'none')
      throw new ImageInputError(choice.message, named === undefined ? `No ${endpoint} model is usable` : `The image model ${named} cannot be used`);
    if (choice.kind === 'model') return choice.entry;
    const chosen = await pick(endpoint, models.usable, models.unusable, this.state.get<string>(rememberedKey(endpoint)));
    if (chosen) await this.state.update(rememberedKey(endpoint), chosen.id);
    return chosen;
  }
}

/** A quick-pick of the image models; one the workspace cannot use explains itself when picked. */
function pick(
  endpoint: ImageEndpoint,
  usable: ModelEntry[],
  unusable: ImageConnection['unusable'],
  remembered: string | undefined,
): Promise<ModelEntry | undefined> {
  const items: ModelItem[] = [
    ...usable.map((entry) => ({
      label: entry.id,
      description: entry.id === remembered ? vscode.l10n.t('last used') : entry.supported_parameters.join(' · '),
      entry,
    })),
    ...(unusable.length > 0 ? [{ label: notAvailableLabel(), kind: vscode.QuickPickItemKind.Separator }] : []),
    ...unusable.map(({ entry, reason }) => ({ label: entry.id, iconPath: new vscode.ThemeIcon('circle-slash'), description: reason, reason })),
  ];
  const picker = vscode.window.createQuickPick<ModelItem>();
  picker.title = endpoint === 'image-generation' ? vscode.l10n.t('Multi-Model AI: Image Model') : vscode.l10n.t('Multi-Model AI: Image Editing Model');
  picker.placeholder = vscode.l10n.t('Pick the image model');
  picker.items = items;
  const last = items.find((item) => item.entry?.id === remembered);
  if (last) picker.activeItems = [last];
  return new Promise((resolve) => {
    let chosen: ModelEntry | undefined;
    picker.onDidAccept(() => {
      const item = picker.selectedItems[0] ?? picker.activeItems[0];
      if (item?.reason) picker.placeholder = vscode.l10n.t('{0} cannot be used here: {1} Pick another model.', item.label, item.reason);
      else if (item?.entry) {
        chosen = item.entry;
        picker.hide();
      }
    });
    picker.onDidHide(() => {
      picker.dispose();
      resolve(chosen);
    });
    picker.show();
  });
}
