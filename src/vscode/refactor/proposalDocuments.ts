// The read-only virtual documents that hold proposed code (the right side of the refactor
// diff). Their content is replaced as the reply streams; onDidChange makes the diff redraw.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { REFACTOR_SCHEME } from '../../core/shell/ids';

export class ProposalDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration: vscode.Disposable;
  private counter = 0;

  /** `scheme` tells features apart (the chat's Apply diff must not show the refactor's buttons). */
  constructor(private readonly scheme = REFACTOR_SCHEME) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(scheme, this);
  }

  /** A new proposal document for `original`; its path keeps the file name, so it gets the same language. */
  create(original: vscode.Uri, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: this.scheme, path: `/${++this.counter}/${path.posix.basename(original.path)}` });
    this.contents.set(uri.toString(), text);
    return uri;
  }

  update(uri: vscode.Uri, text: string): void {
    const key = uri.toString();
    if (!this.contents.has(key) || this.contents.get(key) === text) return;
    this.contents.set(key, text);
    this.changed.fire(uri);
  }

  release(uri: vscode.Uri): void {
    this.contents.delete(uri.toString());
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
    this.contents.clear();
  }
}
