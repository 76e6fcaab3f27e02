// The history's commands: Export Conversation as Markdown (the open conversation, or a row of
// the history list) and Delete All Chat History, after a confirmation.
import * as vscode from 'vscode';
import { Commands } from '../../platform/manifest/ids';
import { conversationMarkdown, exportFileName } from '../common/history/markdownExport';
import { type HistoryStore } from '../common/history/historyStore';
import type { ChatSession } from '../common/session/chatSession';

/** What the history's commands act on: the window's chat session and the history it is stored in. */
export interface HistoryHost {
  readonly store: HistoryStore;
  readonly session: ChatSession;
}

/** Asks where, then writes the conversation `id` there as Markdown. */
export async function exportConversation(store: HistoryStore, id: string): Promise<boolean> {
  const conversation = await store.get(id);
  if (!conversation) {
    void vscode.window.showWarningMessage(vscode.l10n.t('There is no stored conversation to export yet: send a message first.'));
    return false;
  }
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const name = exportFileName(conversation);
  const target = await vscode.window.showSaveDialog({
    title: vscode.l10n.t('Export Conversation as Markdown'),
    defaultUri: folder ? vscode.Uri.joinPath(folder, name) : undefined,
    filters: { Markdown: ['md'] },
  });
  if (!target) return false;
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(conversationMarkdown(conversation)));
  void vscode.window.showInformationMessage(vscode.l10n.t('Saved the conversation to {0}.', vscode.workspace.asRelativePath(target)));
  return true;
}

export async function deleteAllHistory(host: HistoryHost): Promise<boolean> {
  const remove = vscode.l10n.t({ message: 'Delete All', comment: ['the button that confirms deleting the whole chat history'] });
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('Delete every chat conversation, in every window? This cannot be undone.'),
    { modal: true },
    remove,
  );
  if (answer !== remove) return false;
  await host.store.deleteAll();
  host.session.newConversation();
  return true;
}

export function registerHistoryCommands(host: HistoryHost): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Commands.exportConversation, async (id?: unknown) => {
      await host.session.loaded;
      return exportConversation(host.store, typeof id === 'string' ? id : host.session.current().id);
    }),
    vscode.commands.registerCommand(Commands.deleteAllHistory, () => deleteAllHistory(host)),
  ];
}
