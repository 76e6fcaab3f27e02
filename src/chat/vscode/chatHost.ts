// The chat's host side: one ChatSession shared by every open chat page (the view and any
// editor panels). Pages' messages arrive here validated; what changes is posted to all.
import * as vscode from 'vscode';
import { attachmentsFolder } from '../common/history/attachmentFiles';
import { ChatSession } from '../common/session/chatSession';
import { slashCommandViews } from '../common/session/slashCommands';
import { type ClientLogger } from '../../platform/client/attempt/attempt';
import { codeBudget } from '../common/attachments/contextBlock';
import { Commands, Settings } from '../../platform/manifest/ids';
import { commandTitle } from '../../platform/manifest/commandTitles';
import { type ContextItem } from '../common/conversation/conversation';
import { MAX_CONVERSATION_BYTES } from '../common/history/historyBounds';
import { HistoryStore } from '../common/history/historyStore';
import { type MementoLike } from '../../platform/storage/serialMemento';
import { type ModelView, type ToHost, type ToPageInput } from '../common/protocol/protocol';
import { runAction } from '../../platform/actions/vscode/actionRunner';
import type { Connection } from '../../platform/services/vscode/connection';
import type { FailureReporter } from '../../platform/services/vscode/failureReporter';
import { Disposable } from '../../platform/vscode/lifecycle';
import type { SettingsWatcher } from '../../platform/settings/vscode/settings';
import { modelView } from './chatModels';
import type { CodeActions } from './codeActions';
import { useCode } from './codeBlockMessages';
import { fileContext, selectionContext, type EditorTracker } from './editorContext';
import { exportConversation } from './historyCommands';
import { openLinkWithConfirmation } from './linkOpener';
import { PageBridge } from './pageBridge';
import { showImage, showUnreadable } from './shownFiles';
import type { ImageRunner } from '../../images/index';
import type { ProjectInstructionsSource } from '../../platform/instructions/vscode/projectInstructions';
import { Attachments } from './attachments';
import { priceDraft } from './draftEstimate';
import { pickOtherModels } from './otherModelsPick';
import { postRequestedTurns } from './requestedTurns';
import type { NetworkWatcher } from '../../platform/settings/vscode/networkSettings';

export interface ChatHostDeps {
  state: MementoLike;
  /** Where the conversations are kept: `<globalStorage>/history`. */
  historyFolder: string;
  /** This window's workspaceState: the conversation open in it. */
  windowState: MementoLike;
  settings: SettingsWatcher;
  connection: Connection;
  failures: FailureReporter;
  logger: ClientLogger;
  editors: EditorTracker;
  code: CodeActions;
  images: ImageRunner;
  instructions: ProjectInstructionsSource;
  /** VS Code's proxy and certificate settings: a `#url` page is read through them. */
  network: NetworkWatcher;
}

/** A URI the page sent, or undefined when it is not one. */
function parseUri(text: string): vscode.Uri | undefined {
  try {
    return vscode.Uri.parse(text, true);
  } catch {
    return undefined;
  }
}

export class ChatHost extends Disposable {
  private made?: ChatSession;
  private madeStore?: HistoryStore;
  /** The search the history list asked for last: an older one still running stops. */
  private searches = 0;
  private readonly pages = new Set<PageBridge>();
  private model: ModelView;
  private modelLoads = 0;
  /** The model choice being written: a send that follows it on the page must use it. */
  private modelChange: Promise<void> = Promise.resolve();

  /** Files and images attached to the next message. */
  readonly attachments: Attachments;

  constructor(private readonly deps: ChatHostDeps) {
    super();
    this.model = { current: deps.settings.current().model, options: [], loading: true };
    this.register(deps.connection.onDidChange(() => void this.refreshModels()));
    this.register(deps.instructions.onDidChange(() => void this.showInstructions()));
    this.attachments = new Attachments({
      storeImage: (bytes, ext) => this.store.storeImage(bytes, ext),
      pending: () => this.session.pendingContext(),
      add: (item) => this.addContext(item),
      notify: (message) => this.notify(message),
      codeBudget: () => this.codeBudget(),
      activeDocument: () => deps.editors.editor()?.document,
      network: () => deps.network.current(),
    });
    this.register(this.attachments);
  }

  /** Characters of code a message may carry to the chosen model, as far as its catalog entry is known. */
  private codeBudget(): number {
    const { model, maxTokens } = this.deps.settings.current();
    return codeBudget(this.model.options.find((option) => option.id === model)?.contextLength, maxTokens);
  }

  /** The history, made on first use: nothing of it is read at activation. */
  get store(): HistoryStore {
    const deps = this.deps;
    return (this.madeStore ??= new HistoryStore({
      folder: deps.historyFolder,
      state: deps.state,
      window: deps.windowState,
      log: (line) => deps.logger.warn(line),
      imagesInUse: () => this.made?.pendingContext().flatMap((item) => (item.file !== undefined ? [item.file] : [])) ?? [],
    }));
  }

  /** Made on first use, not at activation: it reads the history when the chat first opens. */
  get session(): ChatSession {
    const deps = this.deps;
    return (this.made ??= new ChatSession({
      connect: (modelId) => deps.connection.forModel(modelId),
      store: this.store,
      maxConversationBytes: MAX_CONVERSATION_BYTES,
      post: (message) => this.broadcast(message),
      reportFailure: (what, error) => void deps.failures.record(what, error),
      serviceAddress: () => deps.settings.current().baseUrl,
      makeImages: (prompt, { signal, onRetry }) => deps.images.run({ endpoint: 'image-generation', prompt, signal, onRetry }),
      relativeLabel: (file) => vscode.workspace.asRelativePath(file),
      instructions: () => deps.instructions.read(),
      rereadFile: (item) => this.attachments.reread(item),
      codeBudget: () => this.codeBudget(),
      inform: (message, ...buttons) => Promise.resolve(vscode.window.showInformationMessage(message, ...buttons)),
      log: (line) => deps.logger.info(line),
    }));
  }

  /** Connects a chat page; it is served until its webview is disposed. */
  attach(webview: vscode.Webview, onDispose: (listener: () => void) => vscode.Disposable): PageBridge {
    const bridge = new PageBridge(webview, this.deps.logger, (message, from) => void this.handle(message, from));
    this.pages.add(bridge);
    // The history is read while the page loads, so that its first state waits for nothing.
    void this.session.loaded;
    onDispose(() => {
      this.pages.delete(bridge);
      bridge.dispose();
    });
    return bridge;
  }

  /** The folders a page may load images from: where `/image` saves (while it resolves), and the attached images beside the history. */
  imageFolders(): string[] {
    const resolved = this.deps.images.imageFolder();
    return [...(resolved.ok ? [resolved.folder] : []), attachmentsFolder(this.deps.historyFolder)];
  }

  pageCount(): number {
    return this.pages.size;
  }

  async refreshModels(refresh = false): Promise<ModelView> {
    const load = ++this.modelLoads;
    const state = await this.deps.connection.models({ refresh, quiet: true });
    const view = modelView(state, this.deps.failures);
    // A slower, older load never overwrites a newer one.
    if (load === this.modelLoads) {
      this.model = view;
      this.broadcast({ type: 'model/set', model: view });
    }
    return this.model;
  }

  /** Adds code to the next message, or says why it cannot. */
  addContext(item: ContextItem): boolean {
    const added = this.session.addContext(item);
    if (!added.ok) this.notify(added.message);
    return added.ok;
  }

  /** Shows a notice in the chat pages (and as a notification when no page is open). */
  notify(message: string, level: 'info' | 'warning' = 'warning'): void {
    if (this.pages.size === 0) void vscode.window.showWarningMessage(message);
    this.broadcast({ type: 'notice/show', message, level });
  }

  async handle(message: ToHost, from: PageBridge): Promise<void> {
    try {
      await this.dispatch(message, from);
    } catch (error) {
      this.deps.failures.report(
        { shown: vscode.l10n.t('The chat could not do "{0}"', message.type), logged: `The chat could not do "${message.type}"` },
        error,
      );
    }
  }

  private async dispatch(message: ToHost, from: PageBridge): Promise<void> {
    const { session } = this;
    switch (message.type) {
      case 'ready':
        if (!session.isLoaded) await session.loaded;
        // The page words itself in VS Code's language, with the bundle VS Code loaded for it.
        from.post({
          type: 'session/init',
          ...session.state(this.model),
          l10n: vscode.l10n.bundle ?? {},
          language: vscode.env.language,
          commandTitles: { explainSelection: commandTitle(Commands.explainSelection), addSelectionToChat: commandTitle(Commands.addSelectionToChat) },
          slashCommands: slashCommandViews(),
        });
        void this.showInstructions(from);
        if (this.model.loading || this.model.problem) void this.refreshModels();
        return;
      case 'chat/send':
      case 'chat/edit': {
        await this.modelChange;
        // The chip follows the file even where the folder is not watched: what a message is sent with is read now.
        void this.showInstructions();
        const result = message.type === 'chat/send' ? await session.send(message.text) : await session.edit(message.turnId, message.text);
        if (!result.ok) {
          // Nothing typed is lost: the text goes back into the box.
          from.post({ type: 'composer/fill', text: message.text });
          from.post({ type: 'notice/show', message: result.message, level: 'warning' });
        }
        return;
      }
      case 'composer/draft':
        return from.post({ type: 'composer/estimate', seq: message.seq, ...(await priceDraft(this.deps, session, message.text, message.editing)) });
      case 'chat/stop':
        return session.stop();
      case 'chat/retry':
        return void (await session.retry(message.anyway === true));
      case 'chat/regenerate':
        return void (await session.regenerate());
      case 'chat/choose':
        return void (await session.choose(message.id));
      case 'chat/askOthers': {
        const models = await pickOtherModels((await this.refreshModels()).options);
        const result = models && (await session.askOthers(message.id, models));
        return void (result?.ok === false && from.post({ type: 'notice/show', message: result.message, level: 'warning' }));
      }
      case 'chat/new':
        return session.newConversation();
      case 'conversation/earlier':
      case 'conversation/answer':
        return postRequestedTurns(session, message, from);
      case 'history/open':
        return void (await session.open(message.id));
      case 'history/search': {
        const search = ++this.searches;
        const items = await this.store.search(message.query, () => search !== this.searches);
        return void (search === this.searches && from.post({ type: 'history/found', query: message.query, items }));
      }
      case 'history/export':
        return void (await exportConversation(this.store, message.id));
      case 'history/showUnreadable':
        return showUnreadable(this.store.unreadable().folder);
      case 'history/rename':
        return this.rename(message.id);
      case 'history/delete':
        return session.delete(message.id);
      case 'context/addSelection':
      case 'context/addFile':
        return this.addFromEditor(message.type === 'context/addFile' ? 'file' : 'selection');
      case 'context/remove':
        return session.removeContext(message.id);
      case 'context/pick': {
        const count = await this.attachments.pick();
        return void from.post({ type: 'context/picked', count });
      }
      case 'context/addBytes':
        return this.attachments.addBytes(message.name, Buffer.from(message.data, 'base64'));
      case 'context/addUris':
        return void (await this.attachments.addUris(message.uris.flatMap((uri) => parseUri(uri) ?? [])));
      case 'instructions/open':
        return this.openInstructions();
      case 'model/select': {
        const update = this.deps.settings.update(Settings.model, message.modelId);
        // A failed write is reported here; the send then reads whatever the setting holds.
        this.modelChange = update.catch(() => undefined);
        await update;
        return void (await this.refreshModels());
      }
      case 'model/refresh':
        return void (await this.refreshModels(true));
      case 'clipboard/copy':
        await vscode.env.clipboard.writeText(message.text);
        return void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied to the clipboard'), 2000);
      case 'code/copy':
      case 'code/insert':
      case 'code/apply':
      case 'code/newFile':
        return useCode(message, this.deps.code);
      case 'link/open':
        return void (await openLinkWithConfirmation(message.href));
      case 'error/action':
        return void (await runAction(message.action));
      case 'image/open':
      case 'image/reveal': {
        const show = { turns: session.current().turns, notify: (text: string) => this.notify(text), warn: (line: string) => this.deps.logger.warn(line) };
        return showImage(message.file, message.type === 'image/reveal', show);
      }
    }
  }

  /** Tells `page` (or every page) which project instructions go with each message. */
  private async showInstructions(page?: PageBridge): Promise<void> {
    const found = await this.deps.instructions.read().catch(() => undefined);
    const message: ToPageInput = { type: 'instructions/set', ...(found && { path: found.path }) };
    if (page) page.post(message);
    else this.broadcast(message);
  }

  private async openInstructions(): Promise<void> {
    const found = await this.deps.instructions.read();
    const uri = found && this.deps.instructions.uri(found);
    if (!uri) return this.notify(vscode.l10n.t('This workspace has no project instructions in use.'));
    await vscode.commands.executeCommand('vscode.open', uri, { preview: false });
  }

  private addFromEditor(kind: 'selection' | 'file'): void {
    const editor = kind === 'selection' ? this.deps.editors.selectionEditor() : this.deps.editors.editor();
    if (!editor) return this.notify(vscode.l10n.t('Open a file first: its selection or content is added to your next message.'));
    const item = kind === 'file' ? fileContext(editor) : selectionContext(editor);
    if (!item) return this.notify(vscode.l10n.t('Select some code in the editor first, or add the whole file.'));
    this.addContext(item);
  }

  private async rename(id: string): Promise<void> {
    const current = this.session.state(this.model).history.find((h) => h.id === id);
    if (!current) return;
    const title = await vscode.window.showInputBox({
      title: vscode.l10n.t('Rename Conversation'),
      value: current.title,
      prompt: vscode.l10n.t('A name for this conversation'),
    });
    if (title?.trim()) await this.session.rename(id, title);
  }

  private broadcast(message: ToPageInput): void {
    for (const page of this.pages) page.post(message);
    // An answer arrived, so the service answers again: the picker's problem may be gone.
    if (message.type === 'reply/end' && message.turn.status === 'done' && this.model.problem) void this.refreshModels();
  }

  override dispose(): void {
    this.made?.stop();
    this.madeStore?.dispose();
    for (const page of this.pages) page.dispose();
    this.pages.clear();
    super.dispose();
  }
}
