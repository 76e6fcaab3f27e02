// Files, images, the editor's problems and the other mentions (mentions.ts) attached to the next chat message, from the `#` picker and the Attach button
// (VS Code's own quick pick of workspace files, leaving out files.exclude and the .gitignore files, or a
// file from the disk), from the Explorer (dropped), and pasted or dropped from elsewhere (bytes).
// Files are read through VS Code's file system, so virtual folders work; images are stored
// beside the history, never in the workspace. What may be attached is decided in the core.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { type Attached, checkAttachedImage, imageItem, textFileAttachment } from '../common/attachments/attachments';
import { type ContextItem } from '../common/conversation/conversation';
import { excludeGlob, type GitignoreFile, GitignoreRules } from '../common/attachments/gitignoreRules';
import { problemsAttachment } from '../common/attachments/problems';
import { Mentions, type MentionItem } from './mentions';
import { collectProblems, problemsPlace } from './problems';
import { WebPages } from './webPages';
import type { NetworkSettings } from '../../platform/client/http/proxyChoice';

/** Files the picker lists at most: a huge workspace is searched by typing, not scrolled. */
const MAX_LISTED = 5000;
/** .gitignore files read in one workspace folder at most. */
const MAX_IGNORE_FILES = 500;
const IMAGE_NAME = /\.(png|jpe?g|webp|gif)$/i;

export interface AttachmentDeps {
  /** Stores an image's bytes beside the history; resolves with its file. */
  storeImage(bytes: Uint8Array, ext: string): Promise<string>;
  /** What the next message already carries. */
  pending(): readonly ContextItem[];
  /** Adds to the next message; false (and said) when it cannot. */
  add(item: ContextItem): boolean;
  /** Says why something could not be attached. */
  notify(message: string): void;
  /** Characters of code a message may carry to the chosen model. */
  codeBudget(): number;
  /** The document of the active editor (or the last one), whose problems `#` offers. */
  activeDocument(): vscode.TextDocument | undefined;
  /** VS Code's proxy and certificate settings, which a web page is read through. */
  network(): NetworkSettings;
}

type PickItem = vscode.QuickPickItem & { uri?: vscode.Uri; problems?: 'file' | 'workspace'; mention?: MentionItem['mention']; webPage?: true };

/** The chip's name for a file: workspace-relative, or its full path outside the workspace. */
function nameOf(uri: vscode.Uri): { fileName: string; path: string; uri: string } {
  const inside = vscode.workspace.getWorkspaceFolder(uri) !== undefined;
  const full = uri.scheme === 'file' ? uri.fsPath : uri.toString(true);
  return { fileName: path.posix.basename(uri.path), path: inside ? vscode.workspace.asRelativePath(uri, false) : full, uri: uri.toString() };
}

export class Attachments {
  /** #changes, #terminal and #symbol. */
  readonly mentions: Mentions;
  /** The pages of the `#url` mention. */
  readonly webPages: WebPages;

  constructor(private readonly deps: AttachmentDeps) {
    this.mentions = new Mentions(deps);
    this.webPages = new WebPages(deps);
  }

  dispose(): void {
    this.mentions.dispose();
  }

  /** The workspace file picker; resolves with how many files were attached. */
  async pick(): Promise<number> {
    const picker = vscode.window.createQuickPick<PickItem>();
    picker.title = vscode.l10n.t('Attach Files to the Message');
    // One file a pick, as Quick Open: Enter takes the best match; `#` again attaches another.
    picker.placeholder = vscode.l10n.t('Type to search the workspace files');
    picker.matchOnDescription = true;
    const browse: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('folder-opened'), tooltip: vscode.l10n.t('Choose Files from the Disk…') };
    picker.buttons = [browse];
    picker.busy = true;
    picker.show();
    const mentions: PickItem[] = [...this.ownMentions(), ...this.mentions.items()];
    picker.items = mentions;
    void this.workspaceFiles().then((uris) => {
      picker.items = [
        ...mentions,
        ...(mentions.length > 0 ? [{ label: vscode.l10n.t('Files'), kind: vscode.QuickPickItemKind.Separator }] : []),
        ...uris.map((uri) => {
          const relative = vscode.workspace.asRelativePath(uri, true);
          return { label: path.posix.basename(uri.path), description: path.posix.dirname(relative) === '.' ? '' : path.posix.dirname(relative), uri };
        }),
      ];
      picker.busy = false;
    });
    const chosen = await new Promise<PickItem[] | 'browse'>((resolve) => {
      picker.onDidTriggerButton(() => resolve('browse'));
      picker.onDidAccept(() => resolve([...picker.activeItems]));
      picker.onDidHide(() => resolve([]));
    });
    picker.dispose();
    if (chosen !== 'browse' && chosen.some((item) => item.webPage)) return this.webPages.ask();
    const mention = chosen === 'browse' ? undefined : chosen.find((item) => item.problems !== undefined || item.mention !== undefined);
    if (mention?.mention) return this.mentions.attach(mention.mention);
    if (mention) return this.addProblems(mention.problems === 'file' ? this.deps.activeDocument() : undefined);
    const uris =
      chosen === 'browse'
        ? ((await vscode.window.showOpenDialog({
            canSelectMany: true,
            openLabel: vscode.l10n.t({ message: 'Attach', comment: ['the button of the file dialog'] }),
          })) ?? [])
        : chosen.flatMap((item) => item.uri ?? []);
    return this.addUris(uris);
  }

  /** What `#` offers of its own: the problems of the active file and of the workspace, a web page (the other mentions: mentions.ts). */
  private ownMentions(): PickItem[] {
    const document = this.deps.activeDocument();
    const file: PickItem[] = document
      ? [
          {
            label: `$(warning) ${vscode.l10n.t('Problems in {0}', path.posix.basename(document.uri.path))}`,
            description: '#problems',
            detail: vscode.l10n.t("The active file's errors and warnings, with the lines around each"),
            problems: 'file',
          },
        ]
      : [];
    return [
      ...file,
      {
        label: `$(warning) ${vscode.l10n.t('Problems in the Workspace')}`,
        description: '#problems',
        detail: vscode.l10n.t("The errors and warnings the editor knows of in the workspace's files, worst first"),
        problems: 'workspace',
      },
      {
        label: vscode.l10n.t('Web Page…'),
        iconPath: new vscode.ThemeIcon('globe'),
        description: '#url',
        detail: vscode.l10n.t("A web page's text, as Markdown"),
        webPage: true,
      },
    ];
  }

  /** Attaches the problems of `document`, or of the workspace; resolves with 1 when they were. */
  async addProblems(document: vscode.TextDocument | undefined): Promise<number> {
    const place = problemsPlace(document);
    const read = problemsAttachment(await collectProblems(document?.uri), place, this.deps.pending(), this.deps.codeBudget());
    if (!read.ok) {
      this.deps.notify(read.message);
      return 0;
    }
    return this.deps.add(read.item) ? 1 : 0;
  }

  /** Attaches files by their address (the picker, a drop from the Explorer); resolves with how many were. */
  async addUris(uris: readonly vscode.Uri[]): Promise<number> {
    let added = 0;
    for (const uri of uris) {
      const read = await this.fromUri(uri, this.deps.pending());
      if (!read.ok) this.deps.notify(read.message);
      else if (this.deps.add(read.item)) added++;
    }
    return added;
  }

  /** Attaches a pasted or dropped file's bytes: an image, or a text file named `name`. */
  async addBytes(name: string, bytes: Uint8Array): Promise<void> {
    const read = await this.fromBytes(bytes, { fileName: name, path: name }, this.deps.pending());
    if (!read.ok) return this.deps.notify(read.message);
    this.deps.add(read.item);
  }

  /** A file attached by its address, read again as the message is sent. */
  async reread(item: ContextItem): Promise<Attached> {
    if (item.kind === 'problems') return this.rereadProblems(item);
    if (item.kind === 'changes' || item.kind === 'terminal' || item.kind === 'symbol') return this.mentions.reread(item);
    if (item.kind === 'url') return this.webPages.reread(item);
    if (item.uri === undefined) return { ok: true, item };
    const uri = vscode.Uri.parse(item.uri);
    const others = this.deps.pending().filter((other) => other.id !== item.id);
    const read = await this.fromUri(uri, others, true);
    return read;
  }

  private async rereadProblems(item: ContextItem): Promise<Attached> {
    const files = await collectProblems(item.uri !== undefined ? vscode.Uri.parse(item.uri) : undefined);
    if (files.length === 0)
      return { ok: false, message: vscode.l10n.t('The editor reports no problems in {0} now: remove its chip and send again.', item.path) };
    const place = { fileName: item.fileName, path: item.path, languageId: item.languageId, ...(item.uri !== undefined && { uri: item.uri }) };
    return problemsAttachment(
      files,
      place,
      this.deps.pending().filter((other) => other.id !== item.id),
      this.deps.codeBudget(),
    );
  }

  private async fromUri(uri: vscode.Uri, others: readonly ContextItem[], sending = false): Promise<Attached> {
    const name = nameOf(uri);
    let bytes: Uint8Array;
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.type & vscode.FileType.Directory) return { ok: false, message: vscode.l10n.t('{0} is a folder: attach the files in it one by one.', name.path) };
      bytes = await vscode.workspace.fs.readFile(uri);
    } catch {
      return {
        ok: false,
        message: sending
          ? vscode.l10n.t('{0} was deleted or moved before sending: remove its chip and send again.', name.path)
          : vscode.l10n.t('{0} cannot be read: it was deleted or moved.', name.path),
      };
    }
    return this.fromBytes(bytes, name, others);
  }

  private async fromBytes(bytes: Uint8Array, name: { fileName: string; path: string; uri?: string }, others: readonly ContextItem[]): Promise<Attached> {
    const image = checkAttachedImage(bytes, name.path);
    if ('mimeType' in image) {
      const file = await this.deps.storeImage(bytes, image.ext);
      return { ok: true, item: imageItem(file, image.mimeType, bytes.length, name) };
    }
    // Named as an image but not one by its bytes: said as such, not as a binary file.
    if (IMAGE_NAME.test(name.fileName)) return { ok: false, message: image.problem };
    return textFileAttachment(bytes, name, others, this.deps.codeBudget());
  }

  /** The workspace's files the picker lists: without those files.exclude or the project's .gitignore files leave out. */
  async workspaceFiles(): Promise<vscode.Uri[]> {
    const excluded: string[] = [];
    const setting = vscode.workspace.getConfiguration('files').get<Record<string, unknown>>('exclude') ?? {};
    for (const [glob, on] of Object.entries(setting)) if (on === true) excluded.push(glob);
    const found: vscode.Uri[] = [];
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const rules = await gitignoreRules(folder, excluded);
      // An exclude glob replaces files.exclude, so its patterns are part of it.
      const uris = await vscode.workspace.findFiles(
        new vscode.RelativePattern(folder, '**/*'),
        excludeGlob([...excluded, ...rules.pruneGlobs()]) ?? null,
        MAX_LISTED,
      );
      found.push(...uris.filter((uri) => !rules.ignores(path.posix.relative(folder.uri.path, uri.path))));
    }
    return found.sort((a, b) => a.path.localeCompare(b.path)).slice(0, MAX_LISTED);
  }
}

/** The .gitignore files of `folder` (those in folders its root one leaves out are not looked for), as rules. */
async function gitignoreRules(folder: vscode.WorkspaceFolder, excluded: readonly string[]): Promise<GitignoreRules> {
  const read = (uri: vscode.Uri): Thenable<string> =>
    vscode.workspace.fs.readFile(uri).then(
      (bytes) => new TextDecoder().decode(bytes),
      () => '',
    );
  const root: GitignoreFile = { dir: '', text: await read(vscode.Uri.joinPath(folder.uri, '.gitignore')) };
  const nested = await vscode.workspace.findFiles(
    new vscode.RelativePattern(folder, '**/.gitignore'),
    excludeGlob([...excluded, ...new GitignoreRules([root]).pruneGlobs()]) ?? null,
    MAX_IGNORE_FILES,
  );
  const files = [root];
  for (const uri of nested) {
    const dir = path.posix.dirname(path.posix.relative(folder.uri.path, uri.path));
    if (dir !== '.') files.push({ dir, text: await read(uri) });
  }
  return new GitignoreRules(files);
}
