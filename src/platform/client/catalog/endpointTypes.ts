// What a catalog entry's `supported_endpoint_types` mean. The spec names the field and two of
// its values (`image-generation`, `image-edit`); real gateways spell the rest their own way
// (docs/SERVICE.md, "Endpoint types"). One table maps every known spelling, matched without
// regard to case, to the interface it names; a name not in it is unknown, never an error.
import * as l10n from '@vscode/l10n';

/** An interface a catalog entry can say it serves. */
export type EndpointKind =
  'chat-completions' | 'responses' | 'messages' | 'image-generation' | 'image-edit' | 'embeddings' | 'rerank' | 'video' | 'gemini' | 'completions' | 'audio';

const KINDS: Record<string, EndpointKind> = {
  // The spec's own words and the emulator's.
  'chat-completions': 'chat-completions',
  responses: 'responses',
  messages: 'messages',
  'image-generation': 'image-generation',
  'image-edit': 'image-edit',
  // New API (QuantumNous/new-api, constant/endpoint_type.go) and its forks.
  openai: 'chat-completions',
  'openai-response': 'responses',
  'openai-response-compact': 'responses',
  anthropic: 'messages',
  gemini: 'gemini',
  'jina-rerank': 'rerank',
  embeddings: 'embeddings',
  'openai-video': 'video',
  'openai-image-edit': 'image-edit',
  'image-edits': 'image-edit',
  'openai-completions': 'completions',
  'openai-audio': 'audio',
  // Plain words other catalogs use.
  chat: 'chat-completions',
  chat_completions: 'chat-completions',
  completions: 'completions',
  embedding: 'embeddings',
  rerank: 'rerank',
  video: 'video',
  audio: 'audio',
};

export const TEXT_KINDS = ['chat-completions', 'responses', 'messages'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

const IMAGE_KINDS: readonly EndpointKind[] = ['image-generation', 'image-edit'];

/** What a person is told a model is for, by the interfaces it serves that carry no text chat. */
function purpose(kind: Exclude<EndpointKind, TextKind>): string {
  switch (kind) {
    case 'image-generation':
      return l10n.t({ message: 'image generation', comment: ['what a model serves'] });
    case 'image-edit':
      return l10n.t({ message: 'image editing', comment: ['what a model serves'] });
    case 'embeddings':
      return l10n.t({ message: 'embeddings', comment: ['what a model serves'] });
    case 'rerank':
      return l10n.t({ message: 'reranking', comment: ['what a model serves'] });
    case 'video':
      return l10n.t({ message: 'video', comment: ['what a model serves'] });
    case 'gemini':
      return l10n.t({ message: "Gemini's own interface", comment: ['what a model serves'] });
    case 'completions':
      return l10n.t({ message: 'legacy text completions', comment: ['what a model serves'] });
    case 'audio':
      return l10n.t({ message: 'audio', comment: ['what a model serves'] });
  }
}

const NON_TEXT_KINDS: ReadonlySet<EndpointKind> = new Set([
  'image-generation',
  'image-edit',
  'embeddings',
  'rerank',
  'video',
  'gemini',
  'completions',
  'audio',
]);

/** The interface `name` names, or undefined for a name no known gateway uses. */
export function endpointKind(name: string): EndpointKind | undefined {
  return KINDS[name.trim().toLowerCase()];
}

/** How a catalog entry's endpoint types read: the interfaces known, and whether any name was not. */
export interface EndpointReading {
  kinds: ReadonlySet<EndpointKind>;
  unknown: string[];
}

export function readEndpointTypes(types: readonly string[]): EndpointReading {
  const kinds = new Set<EndpointKind>();
  const unknown: string[] = [];
  for (const name of types) {
    const kind = endpointKind(name);
    if (kind) kinds.add(kind);
    else unknown.push(name);
  }
  return { kinds, unknown };
}

/** Whether the entry says it serves `kind` (image generation, image editing, or a text interface). */
export function servesEndpoint(types: readonly string[], kind: EndpointKind): boolean {
  return types.some((name) => endpointKind(name) === kind);
}

/** Whether the entry names an image interface (spec, Endpoints 2: such a model is not a text model). */
export function namesImageEndpoint(types: readonly string[]): boolean {
  return types.some((name) => IMAGE_KINDS.includes(endpointKind(name) as EndpointKind));
}

/** "embeddings and reranking": what a model that serves no text interface is for. */
export function purposeOf(kinds: Iterable<EndpointKind>): string {
  const purposes = [...kinds].filter((k): k is Exclude<EndpointKind, TextKind> => NON_TEXT_KINDS.has(k)).map(purpose);
  return purposes.join(l10n.t({ message: ' and ', comment: ['joins the last two of a list'] }));
}
