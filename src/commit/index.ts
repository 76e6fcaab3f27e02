// The commit feature's door: all that the rest of the extension uses of it.
export { registerCommitMessage, type CommitMessageWriter } from './vscode/commitMessageWriter';
