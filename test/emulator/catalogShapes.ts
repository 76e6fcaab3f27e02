// The shapes GET /v1/models can take: the spec's (default), New API's raw list, and
// OpenRouter's. The last two list only what the key's workspace may use and say nothing of
// availability, as those gateways do. `none`: no list at all (404), as gateways that serve chat
// without a model list answer.
import * as z from 'zod';
import type { Workspace } from './auth';
import { modelEntry, unavailableReason, type CatalogModel, type EndpointType } from './catalog';

export const CatalogShapeSchema = z.enum(['spec', 'new-api', 'openrouter', 'none']);
export type CatalogShape = z.infer<typeof CatalogShapeSchema>;

/** New API's names for the interfaces (its constant/endpoint_type.go; image edits as its forks name them). */
const NEW_API_TYPES: Record<EndpointType, string> = {
  'chat-completions': 'openai',
  responses: 'openai-response',
  messages: 'anthropic',
  'image-generation': 'image-generation',
  'image-edit': 'openai-image-edit',
};

function newApiEntry(model: CatalogModel): Record<string, unknown> {
  return {
    id: model.id,
    object: 'model',
    created: model.created,
    owned_by: model.id.split('/')[0],
    supported_endpoint_types: model.endpointTypes.map((t) => NEW_API_TYPES[t]),
  };
}

/** OpenRouter's entry: prices per token (per image, per request) as decimal strings, no currency, no endpoint types. */
function openRouterEntry(model: CatalogModel): Record<string, unknown> {
  return {
    id: model.id,
    canonical_slug: model.id,
    name: model.name,
    created: model.created,
    description: `${model.name}, served by the emulator.`,
    context_length: model.contextLength,
    architecture: {
      modality: `${model.inputModalities.join('+')}->${model.outputModalities.join('+')}`,
      input_modalities: model.inputModalities,
      output_modalities: model.outputModalities,
      tokenizer: 'Other',
      instruct_type: null,
    },
    pricing: { prompt: '0', completion: '0', request: '0', image: '0', ...model.pricing },
    top_provider: { context_length: model.contextLength, max_completion_tokens: model.maxOutputTokens ?? null, is_moderated: false },
    per_request_limits: null,
    supported_parameters: model.supportedParameters,
  };
}

/** The body of GET /v1/models for these models, in `shape` (`none` is answered 404 before). */
export function catalogBody(shape: Exclude<CatalogShape, 'none'>, models: readonly CatalogModel[], workspace: Workspace): Record<string, unknown> {
  const usable = () => models.filter((m) => unavailableReason(m, workspace) === undefined);
  switch (shape) {
    case 'spec':
      return { object: 'list', data: models.map((m) => modelEntry(m, workspace)) };
    case 'new-api':
      return { success: true, data: usable().map(newApiEntry), object: 'list' };
    case 'openrouter':
      return { data: usable().map(openRouterEntry) };
  }
}
