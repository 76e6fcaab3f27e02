// The chat view in its own activity-bar container.
import type * as vscode from 'vscode';
import type { ChatHost } from './chatHost';
import { chatHtml, pageOptions } from '../../platform/webview/vscode/webviewHtml';

export class ChatViewProvider implements vscode.WebviewViewProvider {
  constructor(
    private readonly host: ChatHost,
    private readonly extensionUri: vscode.Uri,
  ) {}

  resolveWebviewView(view: vscode.WebviewView): void {
    view.webview.options = pageOptions(this.extensionUri, this.host.imageFolders());
    this.host.attach(view.webview, (listener) => view.onDidDispose(listener));
    view.webview.html = chatHtml(view.webview, this.extensionUri);
  }
}
