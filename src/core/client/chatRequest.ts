// Spec, Endpoints rule 5: an optional field is sent only when the chosen model lists it in
// supported_parameters; a missing one is left out, never swapped for a look-alike field.
import type { ChatMessage, ChatRequest, ModelEntry } from './schemas';

export interface WantedOptions {
  maxTokens?: number;
  temperature?: number;
  includeUsage?: boolean;
}

export function buildChatRequest(model: ModelEntry, messages: ChatMessage[], wanted: WantedOptions = {}): ChatRequest {
  const supports = new Set(model.supported_parameters);
  const request: ChatRequest = { model: model.id, messages };
  if (wanted.maxTokens !== undefined && supports.has('max_tokens')) request.max_tokens = wanted.maxTokens;
  if (wanted.temperature !== undefined && supports.has('temperature')) request.temperature = wanted.temperature;
  if (wanted.includeUsage && supports.has('stream_options')) request.stream_options = { include_usage: true };
  return request;
}
