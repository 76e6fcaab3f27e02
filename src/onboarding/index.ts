// The onboarding feature's door: all that the rest of the extension uses of it.
export { offerOnboarding } from './vscode/onboarding';
