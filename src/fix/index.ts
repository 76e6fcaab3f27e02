// The fix feature's door: all that the rest of the extension uses of it.
export { registerProblemActions } from './vscode/problemActions';
