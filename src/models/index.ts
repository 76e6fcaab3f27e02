// The models feature's door: all that the rest of the extension uses of it.
export type { StatusBarView } from './common/statusBarModel';
export { registerModelPicker, type ModelPicker } from './vscode/modelPicker';
export { registerStatusBar } from './vscode/statusBar';
