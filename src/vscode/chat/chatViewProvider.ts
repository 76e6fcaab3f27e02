// The chat view in its own activity-bar container.
import * as vscode from 'vscode';
import type { ChatHost } from './chatHost';
import { chatHtml, pageOptions } from './webviewHtml';

export class ChatViewProvider implements vscode.WebviewViewProvider {
  private view?: vscode.WebviewView;

  constructor(private readonly host: ChatHost, private readonly extensionUri: vscode.Uri) {}

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    view.webview.options = pageOptions(this.extensionUri);
    this.host.attach(view.webview, (listener) => view.onDidDispose(() => {
      if (this.view === view) this.view = undefined;
      listener();
    }));
    view.webview.html = chatHtml(view.webview, this.extensionUri);
  }

  /** The view's webview, once it has been shown. */
  webview(): vscode.Webview | undefined {
    return this.view?.webview;
  }
}
