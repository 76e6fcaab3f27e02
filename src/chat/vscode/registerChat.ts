// Wires the chat feature: the shared host, the view, the editor panels and their
// serializer, the commands. Returns what the suite's handle shows.
import * as vscode from 'vscode';
import { CHAT_PROPOSAL_SCHEME, CHAT_VIEW_ID } from '../../platform/manifest/ids';
import { ProposalDocuments } from '../../platform/review/vscode/proposalDocuments';
import type { Services } from '../../platform/services/vscode/services';
import type { ImageRunner } from '../../images/index';
import { registerChatCommands } from './chatCommands';
import { ChatHost } from './chatHost';
import { ChatPanels } from './chatPanel';
import { ChatViewProvider } from './chatViewProvider';
import { CodeActions } from './codeActions';
import { EditorTracker } from './editorContext';
import { registerHistoryCommands } from './historyCommands';

/** The chat's parts, for the extension-host suite's handle (src/testHandle.ts). */
export interface ChatApi {
  host: ChatHost;
  panels: ChatPanels;
  view: ChatViewProvider;
  code: CodeActions;
}

export function registerChat(context: vscode.ExtensionContext, services: Services, images: ImageRunner): ChatApi {
  const editors = new EditorTracker();
  // The right side of Apply's diff, under the chat's own scheme.
  const proposals = new ProposalDocuments(CHAT_PROPOSAL_SCHEME);
  const code = new CodeActions(editors, proposals);
  const { settings, connection, failures, logger, instructions, network, globalState: state, windowState } = services;
  const historyFolder = vscode.Uri.joinPath(context.globalStorageUri, 'history').fsPath;
  const host = new ChatHost({ settings, connection, failures, logger, images, instructions, network, state, historyFolder, windowState, editors, code });
  const panels = new ChatPanels(host, context.extensionUri);
  const view = new ChatViewProvider(host, context.extensionUri);
  context.subscriptions.push(
    editors,
    proposals,
    host,
    panels,
    vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, view, { webviewOptions: { retainContextWhenHidden: true } }),
    ...registerChatCommands(host, panels, editors),
    ...registerHistoryCommands(host),
  );
  return { host, panels, view, code };
}
