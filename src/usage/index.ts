// The usage feature's door: all that the rest of the extension uses of it.
export { keySpendLines } from './common/usageTooltip';
export { registerUsage, type UsagePanel } from './vscode/usagePanel';
