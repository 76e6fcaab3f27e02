// Before code from a model reaches the editor or the clipboard: when it holds hidden characters
// (src/platform/text/hiddenCharacters.ts), say which and what they can do, and offer to remove them.
import * as vscode from 'vscode';
import { hiddenCharactersWarning, stripHiddenCharacters } from '../hiddenCharacters';

/** The text to use (as it is, or without its hidden characters), or undefined when the person cancelled. */
export async function checkHiddenCharacters(text: string, what: string): Promise<string | undefined> {
  const warning = hiddenCharactersWarning(text, what);
  if (!warning) return text;
  const remove = vscode.l10n.t('Remove Hidden Characters');
  const keep = vscode.l10n.t({ message: 'Keep Them', comment: ['a button: keep the hidden characters in the code'] });
  const choice = await vscode.window.showWarningMessage(warning, { modal: true }, remove, keep);
  if (choice === remove) return stripHiddenCharacters(text);
  return choice === keep ? text : undefined;
}
