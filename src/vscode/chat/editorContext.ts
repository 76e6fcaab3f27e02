// Turns the editor's selection or file into context for the chat, and remembers the last
// text editor: when the chat panel has focus there is no active editor, yet Insert and
// Apply must still reach the editor the person was working in.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { newId, type ContextItem } from '../../core/chat/conversation';

/** Documents a person edits (not diffs' proposals, output channels or other virtual text). */
const EDITABLE_SCHEMES = new Set(['file', 'untitled', 'vscode-remote', 'vscode-vfs']);
const editable = (editor: vscode.TextEditor | undefined) => (editor && EDITABLE_SCHEMES.has(editor.document.uri.scheme) ? editor : undefined);

export class EditorTracker implements vscode.Disposable {
  private last = editable(vscode.window.activeTextEditor);
  private readonly watch = vscode.window.onDidChangeActiveTextEditor((editor) => {
    this.last = editable(editor) ?? this.last;
  });

  /** The active text editor, or the last one if it is still open. */
  editor(): vscode.TextEditor | undefined {
    const active = editable(vscode.window.activeTextEditor);
    if (active) return active;
    const last = this.last;
    if (!last || last.document.isClosed) return undefined;
    return vscode.window.visibleTextEditors.find((e) => e.document === last.document) ?? last;
  }

  dispose(): void {
    this.watch.dispose();
  }
}

function describeDocument(document: vscode.TextDocument): Pick<ContextItem, 'fileName' | 'path' | 'languageId'> {
  const fileName = document.isUntitled ? document.uri.path : path.basename(document.uri.path);
  const relative = document.isUntitled ? fileName : vscode.workspace.asRelativePath(document.uri, false);
  return { fileName, path: relative, languageId: document.languageId };
}

/** The selected lines as context, or undefined when nothing is selected. */
export function selectionContext(editor: vscode.TextEditor): ContextItem | undefined {
  const { selection, document } = editor;
  if (selection.isEmpty) return undefined;
  // A selection that ends at the start of a line does not include that line.
  const endLine = selection.end.character === 0 && selection.end.line > selection.start.line ? selection.end.line : selection.end.line + 1;
  return {
    id: newId('ctx'),
    kind: 'selection',
    ...describeDocument(document),
    startLine: selection.start.line + 1,
    endLine,
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
