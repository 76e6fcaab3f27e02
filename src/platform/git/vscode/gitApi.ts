// The parts of VS Code's built-in Git extension (`vscode.git`, API version 1) that Generate
// Commit Message and the chat's #changes use, typed as that extension's published API describes
// them, and the repository a command is about.
import * as path from 'node:path';
import * as vscode from 'vscode';

export const GIT_EXTENSION_ID = 'vscode.git';

/** Status values of a change (the API's `Status` enum), only those read here. */
const UNTRACKED = 7;

export interface GitChange {
  readonly uri: vscode.Uri;
  readonly status: number;
}

export interface GitCommit {
  readonly message: string;
}

export interface GitInputBox {
  value: string;
}

export interface GitRepositoryState {
  readonly indexChanges: readonly GitChange[];
  readonly workingTreeChanges: readonly GitChange[];
  /** Absent in older versions of the API; empty unless git.untrackedChanges is "separate": untracked files are then among workingTreeChanges. */
  readonly untrackedChanges?: readonly GitChange[];
}

export interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly inputBox: GitInputBox;
  readonly state: GitRepositoryState;
  /** `git diff` of the working tree, or of the index with `cached`. */
  diff(cached?: boolean): Promise<string>;
  log(options?: { maxEntries?: number }): Promise<GitCommit[]>;
  status(): Promise<void>;
}

export interface GitApi {
  readonly state: 'uninitialized' | 'initialized';
  readonly repositories: readonly GitRepository[];
  getRepository(uri: vscode.Uri): GitRepository | null;
  openRepository(root: vscode.Uri): Promise<GitRepository | null>;
}

interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

/**
 * The untracked files: their own group where the API keeps one (git.untrackedChanges "separate"),
 * else among the working tree's changes ("mixed", the default, and older versions of the API).
 */
export function untrackedChanges(state: GitRepositoryState): GitChange[] {
  return [...(state.untrackedChanges ?? []), ...state.workingTreeChanges.filter((change) => change.status === UNTRACKED)];
}

/** The Git API, or undefined when the Git extension is missing or disabled (git.enabled). */
export async function gitApi(): Promise<GitApi | undefined> {
  const extension = vscode.extensions.getExtension<GitExtension>(GIT_EXTENSION_ID);
  if (!extension) return undefined;
  const exports = extension.isActive ? extension.exports : await extension.activate();
  return exports.enabled ? exports.getAPI(1) : undefined;
}

/** The repository the Source Control title named, else the active editor's, else the only one, else the one picked. */
export async function findRepository(api: GitApi, placeHolder: string, rootUri?: vscode.Uri): Promise<GitRepository | undefined> {
  if (rootUri) return api.getRepository(rootUri) ?? (await api.openRepository(rootUri)) ?? undefined;
  const active = vscode.window.activeTextEditor?.document.uri;
  const fromEditor = active && api.getRepository(active);
  if (fromEditor) return fromEditor;
  if (api.repositories.length <= 1) return api.repositories[0];
  const picked = await vscode.window.showQuickPick(
    api.repositories.map((repository) => ({ label: path.basename(repository.rootUri.fsPath), description: repository.rootUri.fsPath, repository })),
    { placeHolder },
  );
  return picked?.repository;
}
