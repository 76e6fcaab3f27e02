// What a code block's buttons do in the editor: insert at the cursor, apply to the selection
// or file after the person has seen the diff and accepted it, or open as a new file.
import * as vscode from 'vscode';
import { languageIdForFence } from '../../platform/text/fenceLanguage';
import type { ProposalDocuments } from '../../platform/review/vscode/proposalDocuments';
import type { EditorTracker } from './editorContext';

export class CodeActions {
  constructor(
    private readonly editors: EditorTracker,
    private readonly proposals: ProposalDocuments,
  ) {}

  /** Replaces each selection (or inserts at each cursor) in the last used editor. */
  async insert(code: string): Promise<boolean> {
    const editor = this.editors.editor();
    if (!editor) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Open a file and place the cursor where the code should go, then try again.'));
      return false;
    }
    await vscode.window.showTextDocument(editor.document, editor.viewColumn);
    return editor.edit((edit) => {
      for (const selection of editor.selections) edit.replace(selection, code);
    });
  }

  /**
   * Shows the change as a diff (the selection, or the whole file when nothing is selected,
   * replaced by `code`) and applies it only when the person accepts. Resolves with whether
   * it was applied.
   */
  async apply(code: string, confirm: (question: string) => Thenable<boolean> = askToApply): Promise<boolean> {
    const editor = this.editors.editor();
    if (!editor) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Open the file to change (select the part to replace), then try again.'));
      return false;
    }
    const { document } = editor;
    const range = editor.selection.isEmpty ? new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)) : editor.selection;
    const version = document.version;
    const before = document.getText();
    const proposed = before.slice(0, document.offsetAt(range.start)) + code + before.slice(document.offsetAt(range.end));
    const uri = this.proposals.create(document.uri, proposed);
    const name = document.uri.path.split('/').pop() ?? 'file';
    try {
      await vscode.commands.executeCommand('vscode.diff', document.uri, uri, vscode.l10n.t('{0} ↔ Suggested change', name), { preview: true });
      const question = editor.selection.isEmpty
        ? vscode.l10n.t('Apply the suggested change to {0}?', name)
        : vscode.l10n.t('Apply the suggested change to the selection in {0}?', name);
      if (!(await confirm(question))) return false;
      if (document.version !== version) {
        void vscode.window.showWarningMessage(vscode.l10n.t('{0} changed while the diff was open: apply the code again to see a fresh diff.', name));
        return false;
      }
      const edit = new vscode.WorkspaceEdit();
      edit.replace(document.uri, range, code);
      return await vscode.workspace.applyEdit(edit);
    } finally {
      await this.proposals.close(uri);
    }
  }

  /** Opens the code in a new untitled editor in its language. */
  async newFile(code: string, fence: string): Promise<vscode.TextEditor> {
    const known = await vscode.languages.getLanguages();
    const wanted = languageIdForFence(fence);
    const language = known.includes(wanted) ? wanted : 'plaintext';
    const document = await vscode.workspace.openTextDocument({ language, content: code });
    return vscode.window.showTextDocument(document);
  }
}

async function askToApply(question: string): Promise<boolean> {
  const apply = vscode.l10n.t({ message: 'Apply', comment: ['a button: apply the suggested change to the file'] });
  const choice = await vscode.window.showInformationMessage(
    question,
    apply,
    vscode.l10n.t({ message: 'Discard', comment: ['a button: drop the suggested change'] }),
  );
  return choice === apply;
}
