// The images feature's door: all that the rest of the extension uses of it.
export type { ImageJobResult } from './common/imageJob';
export { registerImageCommands } from './vscode/imageCommands';
export type { ImageRunner } from './vscode/imageRunner';
