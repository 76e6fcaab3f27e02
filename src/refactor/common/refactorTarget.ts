// What a refactoring replaces: the document as it was when the request started and the
// range of the selection in it (offsets), so the proposal and the final check need no editor.
import * as l10n from '@vscode/l10n';
import { commandTitle } from '../../platform/manifest/commandTitles';
import { type CommandId, Commands } from '../../platform/manifest/ids';
export interface RefactorTarget {
  documentText: string;
  /** The editor's version number of the document at the start. */
  version: number;
  /** Offsets of the selection in documentText, start inclusive, end exclusive. */
  start: number;
  end: number;
  languageId: string;
}

export function selectedText(target: RefactorTarget): string {
  return target.documentText.slice(target.start, target.end);
}

/** The whole document with the selection replaced by `code`. */
export function proposedDocument(target: RefactorTarget, code: string): string {
  return target.documentText.slice(0, target.start) + code + target.documentText.slice(target.end);
}

/**
 * True when the document still is what the proposal was made from: same version, or the
 * same text again (an edit that was undone). Anything else must not be overwritten blindly.
 */
export function unchangedSince(target: RefactorTarget, current: { version: number; text: string }): boolean {
  return current.version === target.version || current.text === target.documentText;
}

/** `command`: the one to run again (Refactor Selection, or Fix with the model). */
export const documentChangedMessage = (command: CommandId = Commands.refactorSelection): string =>
  l10n.t('The file changed while the refactoring was being prepared, so it was not applied. Run {0} again on the current code.', commandTitle(command));

/**
 * Widens a selection that starts inside a line's indentation to the start of that line, so
 * the replaced text carries its own base indentation. `lineStart` is the offset of the line.
 */
export function widenToIndentation(text: string, start: number, lineStart: number): number {
  return /^[ \t]*$/.test(text.slice(lineStart, start)) ? lineStart : start;
}
