// What the extension asks a text model, whatever interface carries it: the messages (with tool
// calls, tool results and the reasoning a transport must send back), the tools, and the optional
// fields by their catalog names. Spec, Endpoints rule 5: an optional field is set only when the
// chosen model lists it in supported_parameters; the transports map the names to their own.
import type { ModelEntry } from '../catalog/schemas';
import type { ThinkingBlock, ToolCall } from '../streaming/replyPart';

/** Reasoning that came with an answer, kept so it can be sent back. */
export interface Reasoning {
  text: string;
  /** Messages: every thinking block of the answer, in order. */
  blocks?: ThinkingBlock[];
}

/** An image sent with a user message, for models whose input modalities include `image`. */
export interface ImageInput {
  mimeType: string;
  /** Base64. */
  data: string;
}

/** `cacheMark`: the caller (VS Code's chat) marked the prefix up to this message for caching. */
export type TextMessage = (
  | { role: 'system'; content: string }
  | { role: 'user'; content: string; images?: ImageInput[] }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[]; reasoning?: Reasoning }
  | { role: 'tool'; toolCallId: string; content: string }
) & { cacheMark?: true };

export interface ToolSpec {
  name: string;
  description?: string;
  /** JSON schema of the arguments. */
  parameters?: Record<string, unknown>;
}

/**
 * What a request knows for caching, set by the caller that estimates tokens: the catalog's sign
 * that the model caches only where asked, and the estimated tokens of each part of the prefix, in
 * the order a cache reads them (tools, then the system prompt, then the messages).
 */
export interface CacheHint {
  whenAsked: boolean;
  toolTokens: number;
  systemTokens: number;
  messageTokens: number;
  /** Where the caller marked messages: each one's index and the tokens of the messages up to it, the system prompt apart. */
  marks?: { index: number; tokens: number }[];
}

export interface TextRequest {
  model: string;
  messages: TextMessage[];
  /** Optional fields by their catalog names (max_tokens, temperature, reasoning_effort, …), already gated. */
  options: Record<string, unknown>;
  tools?: ToolSpec[];
  toolChoice?: 'auto' | 'required';
  /** Ask for usage in the stream where the interface needs asking (chat completions' stream_options). */
  includeUsage?: boolean;
  /** Set where the model may be asked to cache the prefix; cacheBreakpoints.ts decides where. */
  cache?: CacheHint;
}

/**
 * Why the request cannot be right (it is then refused without a round trip), or undefined. The
 * request is built in this process from typed values, so what is checked is what the types
 * cannot say. By hand, not with a schema: it runs before every request's first byte, and a zod
 * parse there cost about a twentieth of the time to the first word (docs/PERFORMANCE.md).
 */
export function requestProblem(request: TextRequest): string | undefined {
  if (request.model === '') return 'the request names no model';
  if (request.messages.length === 0) return 'a request needs at least one message';
  for (const [index, message] of request.messages.entries()) {
    const where = `message ${index + 1} (${message.role})`;
    if (message.role === 'user' && message.images?.some((image) => !image.mimeType.startsWith('image/') || image.data === ''))
      return `${where} has an image without an image type or without data`;
    if (message.role === 'assistant' && message.toolCalls?.some((call) => call.id === '' || call.name === ''))
      return `${where} has a tool call without an id or a name`;
    if (message.role === 'tool' && message.toolCallId === '') return `${where} does not name the tool call it answers`;
  }
  if (request.tools?.some((tool) => tool.name === '')) return 'a tool has no name';
  return undefined;
}

export interface WantedOptions {
  maxTokens?: number;
  temperature?: number;
  includeUsage?: boolean;
  tools?: ToolSpec[];
  toolChoice?: 'auto' | 'required';
  /** The person's per-model options (multiModelAI.modelOptions), by catalog parameter name. */
  modelOptions?: Record<string, unknown>;
}

export interface BuiltRequest {
  request: TextRequest;
  /** Options the model does not list, left out (the caller logs them once). */
  dropped: string[];
}

export function buildTextRequest(model: ModelEntry, messages: TextMessage[], wanted: WantedOptions = {}): BuiltRequest {
  const supports = new Set(model.supported_parameters);
  const options: Record<string, unknown> = {};
  const dropped: string[] = [];
  const offer = (name: string, value: unknown) => {
    if (value === undefined) return;
    if (supports.has(name)) options[name] = value;
    else dropped.push(name);
  };
  for (const [name, value] of Object.entries(wanted.modelOptions ?? {})) offer(name, value);
  // A limit set in the settings is silently not sent to a model without it (the pickers say so).
  if (wanted.maxTokens !== undefined && supports.has('max_tokens')) options.max_tokens = wanted.maxTokens;
  if (wanted.temperature !== undefined && supports.has('temperature')) options.temperature = wanted.temperature;
  const request: TextRequest = { model: model.id, messages, options };
  if (wanted.includeUsage && supports.has('stream_options')) request.includeUsage = true;
  if (wanted.tools && wanted.tools.length > 0 && supports.has('tools')) {
    request.tools = wanted.tools;
    if (wanted.toolChoice === 'required' && supports.has('tool_choice')) request.toolChoice = 'required';
  }
  return { request, dropped };
}
