// The project's instructions for the chat and Refactor Selection: AGENTS.md (or
// .github/copilot-instructions.md) of the first workspace folder, read through VS Code's file
// system, only in a trusted workspace and while multiModelAI.projectInstructions is on (the core
// decides: src/platform/instructions/projectInstructions.ts). Says when what would be read may have changed.
import * as vscode from 'vscode';
import { findProjectInstructions, INSTRUCTION_FILES, type ProjectInstructions } from '../projectInstructions';
import { Disposable } from '../../vscode/lifecycle';
import type { SettingsWatcher } from '../../settings/vscode/settings';

export class ProjectInstructionsSource extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** The file was written, created or deleted, the workspace became trusted, or the setting changed. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly settings: SettingsWatcher) {
    super();
    const fire = () => this.changed.fire();
    const folder = vscode.workspace.workspaceFolders?.[0];
    for (const file of folder ? INSTRUCTION_FILES : []) {
      const watcher = this.register(vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder!, file)));
      for (const event of [watcher.onDidChange, watcher.onDidCreate, watcher.onDidDelete]) this.register(event(fire));
    }
    for (const event of [vscode.workspace.onDidGrantWorkspaceTrust, vscode.workspace.onDidChangeWorkspaceFolders, settings.onDidChange])
      this.register(event(fire));
  }

  /** The instructions to send now, or undefined. */
  read(): Promise<ProjectInstructions | undefined> {
    const folder = vscode.workspace.workspaceFolders?.[0];
    return findProjectInstructions({
      trusted: vscode.workspace.isTrusted,
      enabled: this.settings.current().projectInstructions,
      read: async (path) => (folder ? new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, path))) : undefined),
    });
  }

  /** The file of `instructions`, to open. */
  uri(instructions: ProjectInstructions): vscode.Uri | undefined {
    const folder = vscode.workspace.workspaceFolders?.[0];
    return folder && vscode.Uri.joinPath(folder.uri, instructions.path);
  }
}
