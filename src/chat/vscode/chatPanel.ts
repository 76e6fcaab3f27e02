// "Open Chat in Editor": the chat as an editor tab, restored after a reload by the
// serializer. Every panel shows the same conversation as the view (one ChatHost).
import * as vscode from 'vscode';
import { CHAT_PANEL_TYPE } from '../../platform/manifest/ids';
import { Disposable } from '../../platform/vscode/lifecycle';
import type { ChatHost } from './chatHost';
import { chatHtml, pageOptions } from '../../platform/webview/vscode/webviewHtml';

export class ChatPanels extends Disposable implements vscode.WebviewPanelSerializer {
  private readonly panels = new Set<vscode.WebviewPanel>();

  constructor(
    private readonly host: ChatHost,
    private readonly extensionUri: vscode.Uri,
  ) {
    super();
    this.register(vscode.window.registerWebviewPanelSerializer(CHAT_PANEL_TYPE, this));
  }

  /** Shows the open chat panel, or opens one beside the editor. */
  open(): vscode.WebviewPanel {
    const existing = [...this.panels][0];
    if (existing) {
      existing.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(CHAT_PANEL_TYPE, vscode.l10n.t('Multi-Model AI Chat'), vscode.ViewColumn.Beside, {
      ...pageOptions(this.extensionUri, this.host.imageFolders()),
      retainContextWhenHidden: true,
    });
    this.serve(panel);
    return panel;
  }

  /** Called by VS Code after a reload for each chat panel that was open. */
  async deserializeWebviewPanel(panel: vscode.WebviewPanel): Promise<void> {
    panel.webview.options = pageOptions(this.extensionUri, this.host.imageFolders());
    this.serve(panel);
  }

  all(): vscode.WebviewPanel[] {
    return [...this.panels];
  }

  private serve(panel: vscode.WebviewPanel): void {
    this.panels.add(panel);
    this.host.attach(panel.webview, (listener) =>
      panel.onDidDispose(() => {
        this.panels.delete(panel);
        listener();
      }),
    );
    panel.webview.html = chatHtml(panel.webview, this.extensionUri);
  }

  override dispose(): void {
    for (const panel of this.panels) panel.dispose();
    super.dispose();
  }
}
