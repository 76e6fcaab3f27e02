// Every id the extension shares with package.json: command ids, setting keys,
// view ids. test/unit/platform/manifest/ids.test.ts checks both sides agree.

export const EXTENSION_ID = 'multi-model-ai.multi-model-ai';
export const LOG_CHANNEL_NAME = 'Multi-Model AI';
export const CONFIG_SECTION = 'multiModelAI';

export const Commands = {
  showLog: 'multiModelAI.showLog',
  setApiKey: 'multiModelAI.setApiKey',
  removeApiKey: 'multiModelAI.removeApiKey',
  manageApiKeys: 'multiModelAI.manageApiKeys',
  verifyConnection: 'multiModelAI.verifyConnection',
  setBaseUrl: 'multiModelAI.setBaseUrl',
  selectModel: 'multiModelAI.selectModel',
  copyDiagnostics: 'multiModelAI.copyDiagnostics',
  refactorSelection: 'multiModelAI.refactorSelection',
  acceptRefactor: 'multiModelAI.acceptRefactor',
  rejectRefactor: 'multiModelAI.rejectRefactor',
  openChat: 'multiModelAI.openChat',
  openChatInEditor: 'multiModelAI.openChatInEditor',
  newChat: 'multiModelAI.newChat',
  exportConversation: 'multiModelAI.exportConversation',
  deleteAllHistory: 'multiModelAI.deleteAllHistory',
  explainSelection: 'multiModelAI.explainSelection',
  addSelectionToChat: 'multiModelAI.addSelectionToChat',
  generateImage: 'multiModelAI.generateImage',
  editImage: 'multiModelAI.editImage',
  generateCommitMessage: 'multiModelAI.generateCommitMessage',
  fixWithModel: 'multiModelAI.fixWithModel',
  explainProblem: 'multiModelAI.explainProblem',
  showUsage: 'multiModelAI.showUsage',
} as const;

export type CommandId = (typeof Commands)[keyof typeof Commands];

/** Setting keys, full names (`multiModelAI.*`). */
export const Settings = {
  baseUrl: 'multiModelAI.baseUrl',
  legacyBaseUrl: 'multiModelAI.legacyBaseUrl',
  model: 'multiModelAI.model',
  maxTokens: 'multiModelAI.maxTokens',
  confirmAbove: 'multiModelAI.confirmAbove',
  requestTimeoutSeconds: 'multiModelAI.requestTimeoutSeconds',
  maxRetries: 'multiModelAI.maxRetries',
  fallback: 'multiModelAI.fallback',
  transport: 'multiModelAI.transport',
  modelOptions: 'multiModelAI.modelOptions',
  requestHeaders: 'multiModelAI.requestHeaders',
  imageFolder: 'multiModelAI.imageFolder',
  projectInstructions: 'multiModelAI.projectInstructions',
  commitMessageModel: 'multiModelAI.commitMessage.model',
  commitMessageInstructions: 'multiModelAI.commitMessage.instructions',
  caCertificates: 'multiModelAI.caCertificates',
} as const;

/** The SecretStorage prefix of the API keys: each named key is kept under it plus `.<id>` (the only place it is kept). */
export const SECRET_API_KEY = 'multiModelAI.apiKey';

export const STATUS_BAR_ID = 'multiModelAI.model';
export const WALKTHROUGH_ID = 'multiModelAI.gettingStarted';

/** Refactor Selection: the proposed code's virtual documents, and the context key that holds the proposal's state. */
export const REFACTOR_SCHEME = 'multi-model-ai-proposed';
export const REFACTOR_STATE_KEY = 'multiModelAI.refactorProposal';

/** The chat's view and the editor panel's type (for the serializer). */
export const CHAT_VIEW_ID = 'multiModelAI.chatView';
export const CHAT_PANEL_TYPE = 'multiModelAI.chatPanel';
export const USAGE_PANEL_TYPE = 'multiModelAI.usagePanel';
/** The right side of the chat's Apply diff. */
export const CHAT_PROPOSAL_SCHEME = 'multi-model-ai-suggested';
