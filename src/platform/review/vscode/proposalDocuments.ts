// The read-only virtual documents that hold proposed code (the right side of the refactor
// diff). Their content is replaced as the reply streams; onDidChange makes the diff redraw.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { REFACTOR_SCHEME } from '../../manifest/ids';
import { Disposable } from '../../vscode/lifecycle';

/** Whether `tab` is a diff whose right side is the proposal `uri`. */
export function isDiffOf(tab: vscode.Tab, uri: vscode.Uri): boolean {
  return tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.toString() === uri.toString();
}

/** The diffs, in any editor group, that show the proposal `uri`. */
export function tabsShowing(uri: vscode.Uri): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => isDiffOf(tab, uri));
}

export class ProposalDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly contents = new Map<string, string>();
  private readonly changed = this.register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;
  private counter = 0;

  /** `scheme` tells features apart (the chat's Apply diff must not show the refactor's buttons). */
  constructor(private readonly scheme = REFACTOR_SCHEME) {
    super();
    this.register(vscode.workspace.registerTextDocumentContentProvider(scheme, this));
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

  /** Closes the diffs that show the proposal, then forgets it. */
  async close(uri: vscode.Uri): Promise<void> {
    const tabs = tabsShowing(uri);
    if (tabs.length > 0) await vscode.window.tabGroups.close(tabs);
    this.contents.delete(uri.toString());
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  override dispose(): void {
    this.contents.clear();
    super.dispose();
  }
}
