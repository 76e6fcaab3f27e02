// The core client's public surface (docs/CONTRACTS.md, "Core client contract").
export { ServiceClient } from './client/serviceClient';
export type { ClientLogger, ServiceClientOptions, RequestOptions, ChatOptions, RetryWait, ModelFilters, ChatStreamEvent } from './client/serviceClient';
export { ServiceError } from './client/serviceError';
export type { ErrorKind } from './client/errorKind';
export { validateBaseUrl } from './client/baseUrl';
export type { BaseUrlResult } from './client/baseUrl';
export { buildTextRequest } from './client/textRequest';
export type { WantedOptions, TextRequest, TextMessage, ToolCall, ToolSpec } from './client/textRequest';
export { chooseTransport, TRANSPORTS } from './client/transports/index';
export type { Transport, TransportName } from './client/transports/index';
export { usableTextModels, unavailableReason, isTextModel, ModelCatalog, modelUsability, textNeedsFor } from './client/modelCatalog';
export { formatDiagnostics } from './client/diagnostics';
export { maskKey } from './client/keyMasking';
export type { DiagnosticsRecord } from './client/diagnostics';
export type { ModelEntry, ModelList, Usage } from './client/schemas';
