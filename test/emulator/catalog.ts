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
const TEXT_AND_IMAGE = ['text', 'image'];

type TextModelFields = Pick<CatalogModel, 'contextLength' | 'supportedParameters' | 'pricing'> & Partial<CatalogModel>;

/** A model that answers in text: over all three interfaces, from text, offered to every workspace, unless `fields` say otherwise. */
function textModel(id: string, name: string, fields: TextModelFields): CatalogModel {
  return { id, name, created: CREATED, inputModalities: ['text'], outputModalities: ['text'], endpointTypes: TEXT_ENDPOINTS, unavailableTo: {}, ...fields };
}

/** A model that serves one interface only, as a provider's own API does: it thinks, takes images and calls tools. */
function oneInterfaceModel(id: string, name: string, endpoint: EndpointType, contextLength: number, pricing: CatalogModel['pricing']): CatalogModel {
  const supportedParameters = ['max_tokens', 'temperature', 'stream', 'reasoning_effort', 'tools', 'tool_choice'];
  return textModel(id, name, { contextLength, inputModalities: TEXT_AND_IMAGE, supportedParameters, endpointTypes: [endpoint], pricing, thinks: true });
}

/** An image model: answers with images, priced per image. */
function imageModel(id: string, name: string, endpoint: 'image-generation' | 'image-edit', inputModalities: string[], pricePerImage: string): CatalogModel {
  const supportedParameters = ['n', 'size', 'response_format'];
  return {
    id,
    name,
    created: CREATED,
    contextLength: 4_000,
    inputModalities,
    outputModalities: ['image'],
    supportedParameters,
    endpointTypes: [endpoint],
    pricing: { image: pricePerImage },
    unavailableTo: {},
  };
}

export const CATALOG: readonly CatalogModel[] = [
  textModel('acme/chat-large', 'Acme Chat Large', {
    contextLength: 128_000,
    supportedParameters: ['max_tokens', 'temperature', 'stream', 'stream_options', 'tools', 'tool_choice'],
    maxOutputTokens: 16_384,
    // Caches on its own (only reads are priced), as OpenAI's models: a quarter of the input price.
    pricing: { prompt: '0.00025', completion: '0.001', input_cache_read: '0.0000625' },
  }),
  // Takes images (through every interface).
  textModel('acme/chat-mini', 'Acme Chat Mini', {
    contextLength: 32_000,
    inputModalities: TEXT_AND_IMAGE,
    supportedParameters: ['temperature', 'stream', 'stream_options'],
    pricing: { prompt: '0.000015', completion: '0.00006' },
  }),
  // No `stream` in its parameters: clients must ask it without streaming (spec, Endpoints 5).
  // Its small context makes long conversations reach the limit quickly.
  textModel('acme/chat-basic', 'Acme Chat Basic', {
    contextLength: 4_000,
    supportedParameters: ['max_tokens', 'temperature'],
    pricing: { prompt: '0.000005', completion: '0.00002' },
  }),
  textModel('zeta/reasoner-pro', 'Zeta Reasoner Pro', {
    contextLength: 200_000,
    supportedParameters: ['max_tokens', 'stream', 'stream_options', 'reasoning_effort', 'tools', 'tool_choice'],
    // Caches only where asked (writes are priced), as Anthropic's models through OpenRouter.
    pricing: { prompt: '0.0015', completion: '0.006', input_cache_read: '0.00015', input_cache_write: '0.001875' },
    thinks: true,
    unavailableTo: { alpha: "Not included in this workspace's plan" },
  }),
  // Thinks as reasoning summaries.
  // Caches on its own: half the input price for what it reads.
  oneInterfaceModel('nova/responder', 'Nova Responder', 'responses', 64_000, { prompt: '0.0001', completion: '0.0004', input_cache_read: '0.00005' }),
  // Thinks in thinking blocks, sent back with tool calls. Anthropic's cache prices: writes 1.25×
  // the input price, reads 0.1×.
  oneInterfaceModel('mira/messenger', 'Mira Messenger', 'messages', 100_000, {
    prompt: '0.0003',
    completion: '0.0015',
    input_cache_read: '0.00003',
    input_cache_write: '0.000375',
  }),
  imageModel('pixel/image-gen', 'Pixel Image Generation', 'image-generation', ['text'], '8'),
  imageModel('pixel/image-edit', 'Pixel Image Edit', 'image-edit', TEXT_AND_IMAGE, '10'),
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
