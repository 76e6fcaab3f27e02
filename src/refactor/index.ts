// The refactor feature's door: all that the rest of the extension uses of it.
export type { RefactorOutcome } from './common/refactorRun';
export { checkRefactorable } from './common/sizeLimit';
export type { RefactorController } from './vscode/refactorController';
export { registerRefactor } from './vscode/registerRefactor';
