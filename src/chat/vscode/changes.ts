// A Git repository's uncommitted changes for #changes, read through VS Code's Git extension as
// Generate Commit Message reads them: the index's diff, the working tree's, the untracked files.
// What is sent of them is decided in the core.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ChangesPlace, WorkingChanges } from '../common/attachments/changes';
import { findRepository, gitApi, type GitRepository, untrackedChanges } from '../../platform/git/vscode/gitApi';

export type ReadChanges = { ok: true; changes: WorkingChanges; place: ChangesPlace } | { ok: false; message: string };

async function read(repository: GitRepository): Promise<ReadChanges> {
  await repository.status();
  const untracked = untrackedChanges(repository.state);
  const relative = (uri: vscode.Uri) => path.relative(repository.rootUri.fsPath, uri.fsPath).split(path.sep).join('/');
  const [staged, unstaged] = await Promise.all([repository.diff(true), repository.diff(false)]);
  return {
    ok: true,
    changes: { staged, unstaged, untracked: untracked.map((change) => relative(change.uri)) },
    place: { name: path.basename(repository.rootUri.fsPath), uri: repository.rootUri.toString() },
  };
}

/**
 * The changes of the repository at `root` (a chip read again), or of the active editor's, the
 * only or the picked one; or why there are none to read.
 */
export async function readChanges(root?: vscode.Uri): Promise<ReadChanges> {
  const api = await gitApi();
  if (!api) return { ok: false, message: vscode.l10n.t("VS Code's Git extension is not available (it may be turned off by the setting git.enabled).") };
  const repository = await findRepository(api, vscode.l10n.t('Pick the repository whose changes to attach'), root);
  if (!repository) return { ok: false, message: vscode.l10n.t('Open a folder with a Git repository to attach its changes.') };
  return read(repository);
}
