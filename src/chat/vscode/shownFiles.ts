// Files the chat page asks to see: an image of the open conversation (opened, or revealed
// where it lies), and the folder the unreadable conversation files were moved to.
import * as vscode from 'vscode';
import type { Turn } from '../common/conversation/conversation';

export interface ImageShow {
  /** The open conversation's turns: only their images may be opened. */
  turns: readonly Turn[];
  notify(message: string): void;
  warn(line: string): void;
}

/** Opens or reveals an image of the open conversation; any other path from the page is refused. */
export async function showImage(file: string, reveal: boolean, { turns, notify, warn }: ImageShow): Promise<void> {
  const known = turns.some((turn) => turn.role === 'assistant' && turn.images?.some((image) => image.file === file));
  if (!known) return warn('Chat: refused to open a file that is not an image of this conversation.');
  const uri = vscode.Uri.file(file);
  try {
    await vscode.workspace.fs.stat(uri);
  } catch {
    return notify(vscode.l10n.t('{0} is no longer there: it was moved or deleted.', vscode.workspace.asRelativePath(file)));
  }
  if (!reveal) return void (await vscode.commands.executeCommand('vscode.open', uri, { preview: false }));
  await vscode.commands.executeCommand(vscode.workspace.getWorkspaceFolder(uri) ? 'revealInExplorer' : 'revealFileInOS', uri);
}

/** Shows where the conversation files that could not be read went: in the system's file manager, or (no desktop at hand) in a new window. */
export async function showUnreadable(folder: string | undefined): Promise<void> {
  if (!folder) return;
  const uri = vscode.Uri.file(folder);
  const local = vscode.env.uiKind === vscode.UIKind.Desktop && vscode.env.remoteName === undefined;
  await vscode.commands.executeCommand(local ? 'revealFileInOS' : 'vscode.openFolder', uri, ...(local ? [] : [{ forceNewWindow: true }]));
}
