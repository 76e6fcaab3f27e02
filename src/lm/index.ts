// The lm feature's door: all that the rest of the extension uses of it.
export { registerLanguageModelProvider } from './vscode/languageModelProvider';
