// The parts of VS Code's built-in Git extension (`vscode.git`, API version 1) that Generate
// Commit Message uses, typed as that extension's published API describes them.
import * as vscode from 'vscode';

export const GIT_EXTENSION_ID = 'vscode.git';

/** Status values of a change (the API's `Status` enum), only those read here. */
export const UNTRACKED = 7;

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
  /** Absent in older versions of the API: untracked files are then among workingTreeChanges. */
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

/** The Git API, or undefined when the Git extension is missing or disabled (git.enabled). */
export async function gitApi(): Promise<GitApi | undefined> {
  const extension = vscode.extensions.getExtension<GitExtension>(GIT_EXTENSION_ID);
  if (!extension) return undefined;
  const exports = extension.isActive ? extension.exports : await extension.activate();
  return exports.enabled ? exports.getAPI(1) : undefined;
}
