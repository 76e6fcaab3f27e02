// The core's whole public surface: everything src/vscode uses of the core comes through here
// (lint holds it to this file), each name with what it is for. The page has its own narrow list
// (eslint.config.mjs); tests may reach into the folders they cover.
//
// The service client itself is only a type here: its module loads undici, which the extension
// keeps out of activation, so src/vscode gets it through loadServiceClient() on the first request.

// The service client (src/core/client)
/** The client module, loaded on first use: `ServiceClient` and the `UnfinishedGenerations` its clients share. */
export const loadServiceClient = () => import('./client/serviceClient');
export type {
  /** The one client of the service: the catalog, text answers through a transport, images. */
  ServiceClient,
  /** What a client is made with: address, key, timeouts, retries, headers, logger. */
  ServiceClientOptions,
  /** A request's signal and client request id. */
  RequestOptions,
  /** A text request's options: streaming, usage, retry notices. */
  ChatOptions,
  /** Filters of the model list. */
  ModelFilters,
  /** The images one request made, with their cost. */
  GeneratedImages,
  /** Generations left unfinished, asked for again by the same client request id (shared by the clients of one address and key). */
  UnfinishedGenerations,
} from './client/serviceClient';
/** The events of a text answer, whatever the interface (text, reasoning, tool calls, the end). */
export type { TextStreamEvent } from './client/responseReaders';
export type {
  /** Where the client writes its log lines. */
  ClientLogger,
  /** A wait before the client tries again, and why. */
  RetryWait,
} from './client/attempt';
/** A reason a request cannot be sent yet, with the actions that fix it. */
export { SetupError } from './client/modelConnection';
/** What a text request needs: the client, the model, the settings for it, the spend callback. */
export type { ModelConnection } from './client/modelConnection';
export { skippedLine, type OnSkipped, type SkippedKind } from './client/transports/transport';
/** A failed request, with its kind, what to tell the person and its diagnostics. */
export { ServiceError } from './client/serviceError';
/** The kinds of failure, one vocabulary for every surface. */
export type { ErrorKind } from './client/errorKind';
export {
  /** Checks a typed service address by the client's rules. */
  validateBaseUrl,
  /** The current address that stands for a legacy one. */
  currentAddressFor,
} from './client/baseUrl';
/** A checked address, or why it is unusable. */
export type { BaseUrlResult } from './client/baseUrl';
/** A text request built from messages and the model's catalog entry. */
export { buildTextRequest } from './client/textRequest';
export type {
  /** What the settings ask of a text request (max tokens, the model's options). */
  WantedOptions,
  /** A text request, whatever the transport. */
  TextRequest,
  /** The one message type of every request: text, images, tool calls and results. */
  TextMessage,
  /** A tool call the model made. */
  ToolCall,
  /** A tool the model may call. */
  ToolSpec,
} from './client/textRequest';
export {
  /** The transport a model is reached through, by its catalog entry and the setting. */
  chooseTransport,
  /** Every transport, by name. */
  TRANSPORTS,
} from './client/transports/index';
export type {
  /** One text interface of the service: its request body, stream reader and reply parser. */
  Transport,
  /** The transports' names. */
  TransportName,
} from './client/transports/index';
export {
  /** The models a text request can go to with these needs. */
  usableTextModels,
  /** Why a model is not available to this key, if it is not. */
  unavailableReason,
  /** Whether a catalog entry is a text model. */
  isTextModel,
  /** The model list, cached for a time and read again on demand. */
  ModelCatalog,
  /** A model's entry and why it cannot be used with these needs, if so. */
  modelUsability,
  /** What the settings ask of every text request. */
  textNeedsFor,
  /** The catalog's image models for an endpoint. */
  imageModels,
} from './client/modelCatalog';
export type {
  /** An image endpoint: generations or edits. */
  ImageEndpoint,
  /** The image models for an endpoint. */
  ImageModels,
  /** What every text request needs of a model. */
  TextNeeds,
} from './client/modelCatalog';
export type {
  /** One model of the catalog. */
  ModelEntry,
  /** The catalog as the service lists it. */
  ModelList,
  /** Tokens an answer used. */
  Usage,
} from './client/schemas';
/** A failure's redacted record, as Copy Diagnostics writes it. */
export { formatDiagnostics } from './client/diagnostics';
/** What Copy Diagnostics keeps of a failure. */
export type { DiagnosticsRecord } from './client/diagnostics';
export {
  /** Which way a request to an address goes: directly or through a proxy, as VS Code chooses. */
  chooseProxy,
  /** A route as diagnostics and Verify Connection show it: the proxy's host and port and where it was set, or `none`. */
  routeLine,
} from './client/proxyChoice';
/** VS Code's `http.*` settings and the extra certificates a client is made with. */
export type { NetworkSettings } from './client/proxyChoice';
/** The certificates of a PEM bundle (multiModelAI.caCertificates), or what is wrong with it. */
export { readCaBundle } from './client/caBundle';
export {
  /** A key's shown form: its masked prefix. */
  maskKey,
  /** Text with every key in it masked. */
  maskEveryKey,
} from './client/keyMasking';
export {
  /** Keeps the log's last lines to read back. */
  LogRecorder,
  /** A logger that writes to the channel and the recorder, keys masked. */
  recordingLogger,
} from './client/logRecorder';
/** One line the recorder kept. */
export type { RecordedLine } from './client/logRecorder';
/** Numbers, money, dates and counted phrases in the display language. */
export { formatDate, formatDateTime, formatInteger, formatRub, formatTime, type Locale, plural } from './format/localeFormat';
export {
  /** Sets the language the core words its texts in, at activation. */
  setDisplayLanguage,
  /** The locale the core formats for. */
  displayLocale,
} from './format/displayLanguage';
/** Command titles as the user sees them, from the manifest's (translated) table. */
export { commandTitle, configureCommandTitles, type ManifestCommand } from './manifest/commandTitles';
export {
  /** The image sizes a request may ask for. */
  IMAGE_SIZES,
  /** The most images one request may ask for. */
  MAX_IMAGE_COUNT,
} from './client/imageRequest';
/** The size and count a person chose for images. */
export type { WantedImageOptions } from './client/imageRequest';

// The one streaming loop (src/core/reply)
/** Streams one text answer from a connection: retries, context fitting, batching and the outcome. */
export { streamReply } from './reply/streamReply';
export {
  /** Counts down the wait before the client tries again, one line a second. */
  Countdown,
  /** Why the client waits, in words. */
  waitReason,
} from './reply/retryWait';
/** The tokens messages are estimated to take. */
export { estimateTokens } from './reply/tokenEstimate';

// The action vocabulary (src/core/actions.ts)
export {
  /** The one label table of the actions. */
  ACTION_LABELS,
  /** Whether an action is handled where the failure is shown (Retry, Discard, the current address). */
  isLocalAction,
  /** The actions that fix a kind of failure. */
  actionsFor,
  /** "<what failed>: <what to do>". */
  failureMessage,
} from './actions';
export type {
  /** What a person can do about a failure or a missing setting. */
  Action,
  /** An action run by a command of the extension. */
  FixAction,
  /** An action handled where the failure is shown. */
  LocalAction,
} from './actions';

// The chat (src/core/chat)
/** The chat controller: one per window, shared by every open chat page. */
export { ChatSession } from './chat/chatSession';
/** A new id with a prefix, for turns and context items. */
export { newId } from './chat/conversation';
/** Code added to a message: a selection or a file. */
export type { ContextItem } from './chat/conversation';
export {
  /** The card a failed answer shows: what to do, and the buttons. */
  errorCard,
  /** What to say when the service address did not answer. */
  unreachableMessage,
} from './chat/errorCard';
/** Refuses empty and oversized selections for Explain with what to do instead. */
export { checkExplainable } from './chat/explainPrompt';
/** Characters of code one message may carry to a model, by its context length. */
export { codeBudget } from './chat/contextBlock';
export {
  /** An attached image's bytes checked: a real PNG, JPEG, WebP or GIF within the size limit, or why not. */
  checkAttachedImage,
  /** An image chip for a stored copy beside the history. */
  imageItem,
  /** A text file as a chip, cut to what the model's context leaves room for; a binary file refused with why. */
  textFileAttachment,
  /** Whether a catalog model takes images. */
  takesImages,
} from './chat/attachments';
/** An attachment as a chip, or why it cannot be attached. */
export type { Attached } from './chat/attachments';
/** What the workspace file picker leaves out: the project's .gitignore files read as git reads them, and globs as one exclude pattern. */
export { excludeGlob, GitignoreRules } from './chat/gitignoreRules';
/** A .gitignore's text and its folder, relative to the workspace folder. */
export type { GitignoreFile } from './chat/gitignoreRules';
/** The project's instructions (AGENTS.md or .github/copilot-instructions.md), read only in a trusted workspace. */
export { findProjectInstructions, INSTRUCTION_FILES } from './chat/projectInstructions';
/** The project's instructions as found: the file's path and its text. */
export type { ProjectInstructions } from './chat/projectInstructions';
/** The folder of attached images beside the history. */
export { attachmentsFolder } from './history/attachmentFiles';
/** The stored conversations and which one is open. */
export { HistoryStore } from './history/historyStore';
/** The size past which a conversation is continued in a new one. */
export { MAX_CONVERSATION_BYTES } from './history/historyStore';
/** A conversation as a Markdown document (Export Conversation as Markdown), and a file name for it. */
export { conversationMarkdown, exportFileName } from './history/markdownExport';
export {
  /** Checks a page's message against the protocol. */
  decodeToHost,
  /** Checks and encodes a message for the page. */
  encodeToPage,
  /** A conversation with its images' page addresses. */
  withImageSources,
} from './chat/protocol';
export type {
  /** What the page may send. */
  ToHost,
  /** What the page is sent, encoded. */
  ToPage,
  /** What the page is sent, before encoding. */
  ToPageInput,
  /** The model choice as the page shows it. */
  ModelView,
  /** Why no model can be chosen, as the page shows it. */
  ModelProblem,
} from './chat/protocol';

// Refactor Selection (src/core/refactor)
export {
  /** One refactoring request, streamed into a proposed document. */
  RefactorRun,
  /** What to say when the model answered without code. */
  noCodeMessage,
} from './refactor/refactorRun';
export type {
  /** How a refactoring ended. */
  RefactorOutcome,
  /** What is refactored, where, and the instruction. */
  RefactorRequest,
} from './refactor/refactorRun';
export {
  /** What to say when the file changed while the proposal was made. */
  documentChangedMessage,
  /** Whether the document is as it was when the refactoring started. */
  unchangedSince,
  /** Widens a start inside the indentation to the line start. */
  widenToIndentation,
} from './refactor/refactorTarget';
/** Refuses a selection too large to refactor. */
export { checkRefactorable } from './refactor/sizeLimit';
export {
  /** The instructions offered in the picker. */
  refactorPresets,
  /** The instruction a preset stands for. */
  instructionFor,
} from './refactor/presets';

// Generate Commit Message (src/core/commit)
export {
  /** One commit message request: the diff fitted to the model, streamed, ending in an outcome. */
  writeCommitMessage,
  /** What to say when the model answered without a message. */
  emptyMessageError,
} from './commit/commitRun';
export type {
  /** The changes, the repository's recent subjects and the instructions a message is written from. */
  CommitRequest,
  /** How a commit message request ended (with its usage when done). */
  CommitOutcome,
} from './commit/commitRun';

// Fix and Explain with the model (src/core/fix)
export {
  /** The code a fix rewrites: the enclosing function, or the lines around the problems. */
  fixSpan,
  /** The refactoring's instruction that asks for problems fixed. */
  fixInstruction,
  /** The chat message that asks for problems explained. */
  explainProblemsMessage,
} from './fix/problems';
export type {
  /** A problem an editor reports (error or warning), as plain data. */
  Problem,
  /** A range of 0-based lines. */
  LineSpan,
} from './fix/problems';

// VS Code's chat (src/core/lm)
/** VS Code's language-model messages, as plain data, as the client's TextMessages. */
export { toTextMessages } from './lm/lmMessages';
export type {
  /** A part's content: text or data. */
  LmContent,
  /** One language-model message, as plain data. */
  LmMessage,
  /** One part of a message: text, data, a tool call or its result. */
  LmPart,
} from './lm/lmMessages';
/** A catalog model as VS Code's chat is offered it. */
export { providedModel } from './lm/providedModels';
/** The reasoning kept for the tool calls it led to, sent back with them. */
export { ReasoningMemory } from './lm/reasoningMemory';
/** The catalog options for the reasoning effort picked in VS Code's chat. */
export { pickedOptions } from './lm/reasoningEffort';
/** Refuses a request that requires a tool the model cannot call. */
export { checkToolRequired } from './lm/toolMode';

// Images (src/core/images)
/** Where new images go: the setting's folder, or what to do. */
export { resolveImageFolder } from './images/imageFiles';
export {
  /** An image the person gave that cannot be sent, and why. */
  ImageInputError,
  /** Why a prompt cannot be sent, if so. */
  promptProblem,
  /** Reads the image to edit, checked. */
  readImageToEdit,
  /** One image request, from prompt to saved files. */
  runImageJob,
} from './images/imageJob';
export type {
  /** One image request. */
  ImageJob,
  /** The files one image request saved, its model and cost. */
  ImageJobResult,
} from './images/imageJob';
/** The image model to use: named, the only one, or to be picked. */
export { chooseImageModel } from './images/imageModelChoice';
export {
  /** An image order with its open choices made. */
  prepareImageOrder,
  /** Sends an image order. */
  sendImageOrder,
} from './images/imageOrder';
/** What a person asked for, with the model, options and folder chosen. */
export type { ImageOrder } from './images/imageOrder';

// Text (src/core/text)
/** The VS Code language of a code block's fence word. */
export { languageIdForFence } from './text/fenceLanguage';
export {
  /** What to warn about the hidden characters in text, if any. */
  hiddenCharactersWarning,
  /** Text without its hidden characters. */
  stripHiddenCharacters,
} from './text/hiddenCharacters';

// The editor shell as plain data: ids, settings, keys, views, state, start-up
export {
  /** The extension's id in the marketplace. */
  EXTENSION_ID,
  /** The log channel's name. */
  LOG_CHANNEL_NAME,
  /** The settings' section. */
  CONFIG_SECTION,
  /** The command ids. */
  Commands,
  /** The setting keys. */
  Settings,
  /** The SecretStorage entry of the single key of older versions, and the prefix of each named key's. */
  SECRET_API_KEY,
  /** The status bar item's id. */
  STATUS_BAR_ID,
  /** The walkthrough's id. */
  WALKTHROUGH_ID,
  /** The scheme of Refactor Selection's proposed documents. */
  REFACTOR_SCHEME,
  /** The context key of the open proposal's state. */
  REFACTOR_STATE_KEY,
  /** The chat view's id. */
  CHAT_VIEW_ID,
  /** The chat editor panel's type. */
  CHAT_PANEL_TYPE,
  /** The usage page's panel type. */
  USAGE_PANEL_TYPE,
  /** The scheme of the chat's Apply diff. */
  CHAT_PROPOSAL_SCHEME,
} from './manifest/ids';
/** The settings read from untrusted JSON and checked. */
export { readSettings } from './settings/extensionSettings';
/** The settings in effect, and their problems. */
export type { ExtensionSettings } from './settings/extensionSettings';
/** Checks what a person typed as an API key. */
export { checkApiKeyInput } from './keys/apiKeyFormat';
export {
  /** Checks a new key name: not empty, not taken, not the key itself. */
  checkKeyName,
  /** The list with a project recorded under the key it chose. */
  chosenBy,
  /** `name · sk_…`: how every message names a key. */
  keyLabel,
  /** The key a project uses: its choice, else the default. */
  keyInUse,
  /** The name offered for a new key. */
  offeredKeyName,
  /** The key list read from untrusted state. */
  readKeyList,
  /** The list with a key renamed. */
  renamed,
  /** The SecretStorage entry of a named key. */
  secretName,
  /** The list with a key added or replaced. */
  withKey,
  /** The list without a key. */
  withoutKey,
} from './keys/keyList';
export type {
  /** A key's id, name and masked prefix: what names it anywhere. */
  KeyIdentity,
  /** The named keys and the default. */
  KeyList,
  /** One named key in the list. */
  KeyRecord,
} from './keys/keyList';
/** What Verify Connection says when the service answered; and when it serves chat but no model list. */
export { connectionReport, unlistedReport } from './views/connectionReport';
export {
  /** A typed model id, trimmed, or why it cannot be one. */
  checkTypedModelId,
  /** "This address serves no model list (GET …/models: 404); type a model id." */
  noModelListMessage,
  /** The catalog with the ids typed by hand for its address added as models of which nothing is known. */
  withTypedModels,
} from './client/typedModels';
export {
  /** The Select Model quick-pick's entries. */
  buildModelPickItems,
  /** The separator above the models this workspace cannot use. */
  notAvailableLabel,
} from './views/modelPickItems';
/** One entry of the Select Model quick-pick. */
export type { ModelPickEntry } from './views/modelPickItems';
/** What the status bar item says and does. */
export { statusBarView } from './views/statusBarModel';
export type {
  /** What the status bar knows. */
  StatusBarInput,
  /** What the status bar shows. */
  StatusBarView,
} from './views/statusBarModel';
/** Extension state written one write at a time. */
export { SerialMemento } from './storage/serialMemento';
/** The part of a Memento the extension uses. */
export type { MementoLike } from './storage/serialMemento';
export {
  /** The environment variable that offers the demo's emulator key. */
  EMULATOR_KEY_ENV,
  /** Whether to store the offered emulator key. */
  decideKeySeed,
} from './startup/emulatorKeySeed';
export {
  /** The test harness's token, when the harness started this host. */
  harnessToken,
  /** The environment this process started with. */
  processStartEnv,
  /** Whether an offered token is the harness's. */
  tokenMatches,
} from './startup/harnessToken';

// The usage record (src/core/usage)
/** The record's files under global storage: entries queued and appended off the answer's path. */
export { UsageRecord } from './usage/usageRecord';
/** An answer's usage as the record counts it (cached tokens where each interface puts them). */
export { usageTokens } from './usage/usageEntry';
export type {
  /** One entry of the record. */
  UsageEntry,
  /** The key an entry names: its id and name, never the secret. */
  UsageKey,
  /** Where an entry came from (chat, refactor, VS Code's chat, images…). */
  UsageSource,
} from './usage/usageEntry';
/** What an answer used, told by the reply loop once it ends. */
export type { AnswerUsage } from './client/modelConnection';
export {
  /** The usage page's report: the chart's days and the totals by period. */
  usageReport,
  /** The first day of the record a report needs to read. */
  firstDayNeeded,
} from './usage/usageTotals';
/** Each key's spend today and this month, kept in memory as entries are added. */
export { KeySpendTotals } from './usage/keySpendTotals';
/** The status bar tooltip's lines of a key's spend today and this month. */
export { keySpendLines } from './usage/usageTooltip';
/** The entries of a range of days as CSV. */
export { usageCsv } from './usage/usageCsv';
/** Whether a string is a real "YYYY-MM-DD" day. */
export { isDay } from './usage/usageDays';
/** The usage page's report and the messages between it and the host. */
export type { UsageFromPage, UsageReport, UsageToPage } from './usage/usageReport';
