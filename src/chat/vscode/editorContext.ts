// Turns the editor's selection or file into context for the chat, and remembers the last
// text editor: when the chat panel has focus there is no active editor, yet Insert and
// Apply must still reach the editor the person was working in.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { type ContextItem, newId } from '../common/conversation/conversation';
import { Disposable } from '../../platform/vscode/lifecycle';

/** Documents a person edits (not diffs' proposals, output channels or other virtual text): files, notebook cells, settings. */
const EDITABLE_SCHEMES = new Set(['file', 'untitled', 'vscode-remote', 'vscode-vfs', 'vscode-notebook-cell', 'vscode-userdata']);
const editable = (editor: vscode.TextEditor | undefined) => (editor && EDITABLE_SCHEMES.has(editor.document.uri.scheme) ? editor : undefined);

export class EditorTracker extends Disposable {
  private last = editable(vscode.window.activeTextEditor);

  constructor() {
    super();
    this.register(
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        this.last = editable(editor) ?? this.last;
      }),
    );
  }

  /**
   * Where a selection to explain or add is read from: the active text editor when it has one,
   * whatever it shows (a diff side, the output, a file); else editor(), as from the chat.
   */
  selectionEditor(): vscode.TextEditor | undefined {
    const active = vscode.window.activeTextEditor;
    return active && !active.selection.isEmpty ? active : this.editor();
  }

  /** The active text editor, or the last one if it is still open. */
  editor(): vscode.TextEditor | undefined {
    const active = editable(vscode.window.activeTextEditor);
    if (active) return active;
    const last = this.last;
    if (!last || last.document.isClosed) return undefined;
    return vscode.window.visibleTextEditors.find((e) => e.document === last.document) ?? last;
  }
}

export function describeDocument(document: vscode.TextDocument): Pick<ContextItem, 'fileName' | 'path' | 'languageId'> {
  const fileName = document.isUntitled ? document.uri.path : path.basename(document.uri.path);
  const relative = document.isUntitled ? fileName : vscode.workspace.asRelativePath(document.uri, false);
  return { fileName, path: relative, languageId: document.languageId };
}

/** The 1-based lines a selection covers; one that ends at the start of a line does not include that line. */
export function selectedLines(selection: vscode.Selection): { startLine: number; endLine: number } {
  const endsAtLineStart = selection.end.character === 0 && selection.end.line > selection.start.line;
  return { startLine: selection.start.line + 1, endLine: endsAtLineStart ? selection.end.line : selection.end.line + 1 };
}

/** The selected lines as context, or undefined when nothing is selected. */
export function selectionContext(editor: vscode.TextEditor): ContextItem | undefined {
  const { selection, document } = editor;
  if (selection.isEmpty) return undefined;
  return {
    id: newId('ctx'),
    kind: 'selection',
    ...describeDocument(document),
    ...selectedLines(selection),
    text: document.getText(selection),
  };
}

export function fileContext(editor: vscode.TextEditor): ContextItem {
  const { document } = editor;
  return {
    id: newId('ctx'),
    kind: 'file',
    ...describeDocument(document),
    startLine: 1,
    endLine: Math.max(1, document.lineCount),
    text: document.getText(),
  };
}
