// The chat's commands: open it (view or editor), start a new conversation, and the two
// editor commands that bring code into it: Explain Selection and Add Selection to Chat.
import * as vscode from 'vscode';
import { CHAT_VIEW_ID, Commands } from '../../platform/manifest/ids';
import { checkExplainable } from '../common/session/explainPrompt';
import { commandTitle } from '../../platform/manifest/commandTitles';
import type { ChatHost } from './chatHost';
import type { ChatPanels } from './chatPanel';
import { selectionContext, type EditorTracker } from './editorContext';

export async function revealChat(): Promise<void> {
  await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
}

/** Explains the selection in the chat; resolves once the request has started (true) or was refused. */
export async function explainSelection(host: ChatHost, editors: EditorTracker): Promise<boolean> {
  const editor = editors.selectionEditor();
  const item = editor && selectionContext(editor);
  if (!item) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Select the code to explain, then run {0} again.', commandTitle(Commands.explainSelection)));
    return false;
  }
  const check = checkExplainable(item);
  if (!check.ok) {
    void vscode.window.showWarningMessage(check.message);
    return false;
  }
  await revealChat();
  if (host.session.busy) {
    host.notify(vscode.l10n.t('Wait for the current answer to finish, or stop it, then explain the selection again.'));
    return false;
  }
  void host.session.explain(item);
  return true;
}

export function registerChatCommands(host: ChatHost, panels: ChatPanels, editors: EditorTracker): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Commands.openChat, revealChat),
    vscode.commands.registerCommand(Commands.openChatInEditor, () => void panels.open()),
    vscode.commands.registerCommand(Commands.newChat, () => host.session.newConversation()),
    vscode.commands.registerCommand(Commands.explainSelection, () => explainSelection(host, editors)),
    vscode.commands.registerCommand(Commands.addSelectionToChat, async () => {
      const editor = editors.selectionEditor();
      const item = editor && selectionContext(editor);
      if (!item) {
        void vscode.window.showWarningMessage(vscode.l10n.t('Select some code first, then add it to the chat.'));
        return false;
      }
      await revealChat();
      return host.addContext(item);
    }),
  ];
}
