// Wires the chat feature: the shared host, the view, the editor panels and their
// serializer, the commands. Returns its disposables and what the suite's handle shows.
import * as vscode from 'vscode';
import { CHAT_PROPOSAL_SCHEME, CHAT_VIEW_ID } from '../../core/manifest/ids';
import type { ClientLogger } from '../../core/index';
import type { MementoLike } from '../../core/storage/serialMemento';
import type { Connection } from '../connection';
import type { FailureReporter } from '../failureReporter';
import { ProposalDocuments } from '../refactor/proposalDocuments';
import type { SettingsWatcher } from '../settings';
import { registerChatCommands } from './chatCommands';
import { ChatHost } from './chatHost';
import { ChatPanels } from './chatPanel';
import { ChatViewProvider } from './chatViewProvider';
import { CodeActions } from './codeActions';
import { EditorTracker } from './editorContext';
import type { ImageRunner } from '../images/imageRunner';

export interface ChatDeps {
  settings: SettingsWatcher;
  connection: Connection;
  failures: FailureReporter;
  logger: ClientLogger;
  images: ImageRunner;
  /** The extension's globalState, written one write at a time. */
  state: MementoLike;
  /** The extension's workspaceState, written one write at a time. */
  windowState: MementoLike;
}

/** The chat's parts, for the extension-host suite's handle (src/vscode/testHandle.ts). */
export interface ChatApi {
  host: ChatHost;
  panels: ChatPanels;
  view: ChatViewProvider;
  code: CodeActions;
}

export function registerChat(context: vscode.ExtensionContext, deps: ChatDeps): { api: ChatApi; disposables: vscode.Disposable[] } {
  const editors = new EditorTracker();
  // The right side of Apply's diff, under the chat's own scheme.
  const proposals = new ProposalDocuments(CHAT_PROPOSAL_SCHEME);
  const code = new CodeActions(editors, proposals);
  const host = new ChatHost({ ...deps, editors, code });
  const panels = new ChatPanels(host, context.extensionUri);
  const view = new ChatViewProvider(host, context.extensionUri);
  return {
    api: { host, panels, view, code },
    disposables: [
      editors,
      proposals,
      host,
      panels,
      vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, view, { webviewOptions: { retainContextWhenHidden: true } }),
      ...registerChatCommands(host, panels, editors),
    ],
  };
}
