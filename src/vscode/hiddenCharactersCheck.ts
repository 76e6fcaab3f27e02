// Before code from a model reaches the editor or the clipboard: when it holds hidden characters
// (src/core/text/hiddenCharacters.ts), say which and what they can do, and offer to remove them.
import * as vscode from 'vscode';
import { hiddenCharactersWarning, stripHiddenCharacters } from '../core/index';

const REMOVE_HIDDEN = 'Remove Hidden Characters';
const KEEP_HIDDEN = 'Keep Them';

/** The text to use (as it is, or without its hidden characters), or undefined when the person cancelled. */
export async function checkHiddenCharacters(text: string, what: string): Promise<string | undefined> {
  const warning = hiddenCharactersWarning(text, what);
  if (!warning) return text;
  const choice = await vscode.window.showWarningMessage(warning, { modal: true }, REMOVE_HIDDEN, KEEP_HIDDEN);
  if (choice === REMOVE_HIDDEN) return stripHiddenCharacters(text);
  return choice === KEEP_HIDDEN ? text : undefined;
}
