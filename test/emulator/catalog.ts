// The fixture model catalog and the per-workspace view GET /v1/models returns.
import type { Workspace } from './auth';

export type EndpointType = 'chat-completions' | 'responses' | 'messages' | 'image-generation' | 'image-edit';

export interface CatalogModel {
  id: string;
  name: string;
  created: number;
  contextLength: number;
  inputModalities: string[];
  outputModalities: string[];
  supportedParameters: string[];
  endpointTypes: EndpointType[];
  /** The longest answer it writes, in tokens, when it has a limit of its own. */
  maxOutputTokens?: number;
  /** Prices in RUB per token (text) or per image, as decimal strings: OpenRouter's unit, whose field names the spec uses. */
  pricing: Record<string, string>;
  /** Reasons before it answers (reasoning deltas, Responses reasoning items, Messages thinking blocks). */
  thinks?: boolean;
  /** Workspaces the model is withheld from, with the reason shown to them. */
  unavailableTo: Partial<Record<Workspace, string>>;
}

const TEXT_ENDPOINTS: EndpointType[] = ['chat-completions', 'responses', 'messages'];
const CREATED = 1_735_689_600; // 2025-01-01: fixed, so listings are deterministic

export const CATALOG: readonly CatalogModel[] = [
  {
    id: 'acme/chat-large',
    name: 'Acme Chat Large',
    created: CREATED,
    contextLength: 128_000,
    inputModalities: ['text'],
    outputModalities: ['text'],
    supportedParameters: ['max_tokens', 'temperature', 'stream', 'stream_options', 'tools', 'tool_choice'],
    endpointTypes: TEXT_ENDPOINTS,
    maxOutputTokens: 16_384,
    pricing: { prompt: '0.00025', completion: '0.001' },
    unavailableTo: {},
  },
  {
    // Takes images (through every interface).
    id: 'acme/chat-mini',
    name: 'Acme Chat Mini',
    created: CREATED,
    contextLength: 32_000,
    inputModalities: ['text', 'image'],
    outputModalities: ['text'],
    supportedParameters: ['temperature', 'stream', 'stream_options'],
    endpointTypes: TEXT_ENDPOINTS,
    pricing: { prompt: '0.000015', completion: '0.00006' },
    unavailableTo: {},
  },
  {
    // No `stream` in its parameters: clients must ask it without streaming (spec, Endpoints 5).
    // Its small context makes long conversations reach the limit quickly.
    id: 'acme/chat-basic',
    name: 'Acme Chat Basic',
    created: CREATED,
    contextLength: 4_000,
    inputModalities: ['text'],
    outputModalities: ['text'],
    supportedParameters: ['max_tokens', 'temperature'],
    endpointTypes: TEXT_ENDPOINTS,
    pricing: { prompt: '0.000005', completion: '0.00002' },
    unavailableTo: {},
  },
  {
    id: 'zeta/reasoner-pro',
    name: 'Zeta Reasoner Pro',
    created: CREATED,
    contextLength: 200_000,
    inputModalities: ['text'],
    outputModalities: ['text'],
    supportedParameters: ['max_tokens', 'stream', 'stream_options', 'reasoning_effort', 'tools', 'tool_choice'],
    endpointTypes: TEXT_ENDPOINTS,
    pricing: { prompt: '0.0015', completion: '0.006' },
    thinks: true,
    unavailableTo: { alpha: "Not included in this workspace's plan" },
  },
  {
    // Serves only the Responses interface, thinks (reasoning summaries) and takes images.
    id: 'nova/responder',
    name: 'Nova Responder',
    created: CREATED,
    contextLength: 64_000,
    inputModalities: ['text', 'image'],
    outputModalities: ['text'],
    supportedParameters: ['max_tokens', 'temperature', 'stream', 'reasoning_effort', 'tools', 'tool_choice'],
    endpointTypes: ['responses'],
    pricing: { prompt: '0.0001', completion: '0.0004' },
    thinks: true,
    unavailableTo: {},
  },
  {
    // Serves only the Messages interface, and thinks (thinking blocks, sent back with tool calls).
    id: 'mira/messenger',
    name: 'Mira Messenger',
    created: CREATED,
    contextLength: 100_000,
    inputModalities: ['text', 'image'],
    outputModalities: ['text'],
    supportedParameters: ['max_tokens', 'temperature', 'stream', 'reasoning_effort', 'tools', 'tool_choice'],
    endpointTypes: ['messages'],
    pricing: { prompt: '0.0003', completion: '0.0015' },
    thinks: true,
    unavailableTo: {},
  },
  {
    id: 'pixel/image-gen',
    name: 'Pixel Image Generation',
    created: CREATED,
    contextLength: 4_000,
    inputModalities: ['text'],
    outputModalities: ['image'],
    supportedParameters: ['n', 'size', 'response_format'],
    endpointTypes: ['image-generation'],
    pricing: { image: '8' },
    unavailableTo: {},
  },
  {
    id: 'pixel/image-edit',
    name: 'Pixel Image Edit',
    created: CREATED,
    contextLength: 4_000,
    inputModalities: ['text', 'image'],
    outputModalities: ['image'],
    supportedParameters: ['n', 'size', 'response_format'],
    endpointTypes: ['image-edit'],
    pricing: { image: '10' },
    unavailableTo: {},
  },
];

export function findModel(id: string): CatalogModel | undefined {
  return CATALOG.find((m) => m.id === id);
}

/** Why the model is withheld from the workspace, or undefined when it is available. */
export function unavailableReason(model: CatalogModel, workspace: Workspace): string | undefined {
  return model.unavailableTo[workspace];
}

export function modelEntry(model: CatalogModel, workspace: Workspace): Record<string, unknown> {
  const reason = unavailableReason(model, workspace);
  return {
    id: model.id,
    object: 'model',
    created: model.created,
    owned_by: model.id.split('/')[0],
    name: model.name,
    available: reason === undefined,
    ...(reason === undefined ? {} : { unavailable_reason: reason }),
    architecture: { input_modalities: model.inputModalities, output_modalities: model.outputModalities },
    supported_parameters: model.supportedParameters,
    supported_endpoint_types: model.endpointTypes,
    context_length: model.contextLength,
    ...(model.maxOutputTokens !== undefined && { max_output_tokens: model.maxOutputTokens }),
    pricing: { currency: 'RUB', ...model.pricing },
  };
}

const csv = (value: string | null): string[] =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v.length > 0);

/**
 * The two query filters: `output_modalities` keeps models producing any listed kind
 * (`all` keeps every model), `supported_parameters` keeps models accepting every listed field.
 */
export function filterCatalog(query: URLSearchParams): CatalogModel[] {
  const outputs = csv(query.get('output_modalities'));
  const params = csv(query.get('supported_parameters'));
  return CATALOG.filter(
    (m) =>
      (outputs.length === 0 || outputs.includes('all') || outputs.some((o) => m.outputModalities.includes(o))) &&
      params.every((p) => m.supportedParameters.includes(p)),
  );
}
