// The core client's public surface (docs/CONTRACTS.md, "Core client contract").
export { ServiceClient } from './serviceClient';
export type { ClientLogger, ServiceClientOptions, RequestOptions, ModelFilters, ChatStreamEvent } from './serviceClient';
export { ServiceError } from './serviceError';
export type { ErrorKind } from './serviceError';
export { validateBaseUrl } from './baseUrl';
export type { BaseUrlResult } from './baseUrl';
export { buildChatRequest } from './chatRequest';
export type { WantedOptions } from './chatRequest';
export { usableTextModels, unavailableReason, isTextModel, ModelCatalog } from './modelCatalog';
export { maskKey, formatDiagnostics } from './diagnostics';
export type { DiagnosticsRecord } from './diagnostics';
export type { ChatRequest, ChatMessage, ChatCompletion, ModelEntry, ModelList, Usage } from './schemas';
