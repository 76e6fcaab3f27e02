// The keys feature's door: all that the rest of the extension uses of it.
export { registerApiKeyCommands } from './vscode/apiKeyCommands';
export { registerBaseUrlCommand } from './vscode/baseUrlCommand';
export { seedEmulatorKey } from './vscode/emulatorKeySeed';
export { offerCurrentAddressOnce } from './vscode/legacyAddress';
export { registerManageApiKeys } from './vscode/manageApiKeys';
