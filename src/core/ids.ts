// Every id the extension shares with package.json: command ids, setting keys,
// view ids. test/unit/ids.test.ts checks both sides agree.

export const EXTENSION_ID = 'multi-model-ai.multi-model-ai';
export const LOG_CHANNEL_NAME = 'Multi-Model AI';
export const CONFIG_SECTION = 'multiModelAI';

export const Commands = {
  showLog: 'multiModelAI.showLog',
} as const;

export type CommandId = (typeof Commands)[keyof typeof Commands];
