// The chat feature's door: all that the rest of the extension uses of it.
export { newId } from './common/conversation/conversation';
export { errorCard } from './common/conversation/errorCard';
export { revealChat } from './vscode/chatCommands';
export type { ChatHost } from './vscode/chatHost';
export { describeDocument, selectedLines } from './vscode/editorContext';
export { registerChat, type ChatApi } from './vscode/registerChat';
