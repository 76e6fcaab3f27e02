import * as assert from 'node:assert/strict';
import { imageModels, isTextModel, modelUsability, textNeedsFor, unavailableReason, usableTextModels } from '#src/platform/client/modelCatalog';
import { ModelListSchema } from '#src/platform/client/catalog/schemas';
import { chooseTransport } from '#src/platform/client/transports/index';

const TEXT_ENDPOINTS = ['chat-completions', 'responses', 'messages'];
const list = ModelListSchema().parse({
  object: 'list',
  data: [
    {
      id: 'acme/chat-large',
      available: true,
      architecture: { output_modalities: ['text'] },
      supported_parameters: ['max_tokens', 'temperature'],
      supported_endpoint_types: TEXT_ENDPOINTS,
      pricing: { in: 1 },
    },
    {
      id: 'acme/chat-mini',
      available: true,
      architecture: { output_modalities: ['text'] },
      supported_parameters: ['temperature'],
      supported_endpoint_types: TEXT_ENDPOINTS,
    },
    {
      id: 'zeta/reasoner-pro',
      available: false,
      unavailable_reason: "Not included in this workspace's plan",
      architecture: { output_modalities: ['text'] },
      supported_parameters: ['max_tokens'],
      supported_endpoint_types: TEXT_ENDPOINTS,
    },
    { id: 'pixel/image-gen', available: true, architecture: { output_modalities: ['image'] }, supported_endpoint_types: ['image-generation'] },
    { id: 'pixel/captioner', available: true, architecture: { output_modalities: ['text', 'image'] }, supported_endpoint_types: ['image-edit'] },
  ],
});
const ids = (entries: { id: string }[]) => entries.map((e) => e.id);

describe('core model catalog helpers', () => {
  it('Endpoints rule 2: keeps available text models without image endpoint types', () => {
    assert.deepEqual(ids(usableTextModels(list)), ['acme/chat-large', 'acme/chat-mini']);
    assert.deepEqual(ids(usableTextModels(list.data)), ['acme/chat-large', 'acme/chat-mini']);
  });

  it('Endpoints rule 2: keeps only models that support every required parameter', () => {
    assert.deepEqual(ids(usableTextModels(list, { requiredParameters: ['max_tokens'] })), ['acme/chat-large']);
    assert.deepEqual(ids(usableTextModels(list, { requiredParameters: ['max_tokens', 'seed'] })), []);
  });

  it('isTextModel: text output and no image-generation / image-edit endpoint', () => {
    assert.deepEqual(list.data.map(isTextModel), [true, true, true, false, false]);
  });

  it('Payload rule: unknown entry fields are kept, missing lists default to empty', () => {
    assert.deepEqual((list.data[0] as Record<string, unknown>).pricing, { in: 1 });
    assert.deepEqual(list.data[3]?.supported_parameters, []);
  });

  it('Authentication rule 9: unavailableReason reads the reason whatever its field name, else explains', () => {
    assert.equal(unavailableReason(list.data[2]!), "Not included in this workspace's plan");
    const base = { id: 'x/y', available: false, architecture: { output_modalities: ['text'] }, supported_parameters: [], supported_endpoint_types: [] };
    assert.equal(unavailableReason({ ...base, availability_reason: 'Plan limit' }), 'Plan limit');
    assert.equal(unavailableReason({ ...base, availability: { reason: 'Region' } }), 'Region');
    assert.equal(unavailableReason(base), 'This model is not available to your workspace.');
  });
});

describe('usability rules', () => {
  it('textNeedsFor: max_tokens only when a limit is set (Endpoints rule 5), and the transport the settings force', () => {
    assert.deepEqual(textNeedsFor({}), { requiredParameters: [], transport: 'auto' });
    assert.deepEqual(textNeedsFor({ maxTokens: 1, transport: 'messages' }), { requiredParameters: ['max_tokens'], transport: 'messages' });
  });

  it('a transport the settings force leaves out the models it cannot reach, saying why (Endpoints 1)', () => {
    const served = (id: string, endpoints: string[]) => ({
      id,
      available: true,
      architecture: { output_modalities: ['text'] },
      supported_endpoint_types: endpoints,
    });
    const byInterface = ModelListSchema().parse({
      object: 'list',
      data: [
        served('acme/chat-large', TEXT_ENDPOINTS),
        served('nova/responder', ['responses']),
        served('mira/messenger', ['messages']),
        served('odd/embedder', ['embeddings']),
      ],
    });
    const usable = (transport: 'auto' | 'chat-completions' | 'messages') => ids(usableTextModels(byInterface, { transport }));
    assert.deepEqual(
      [usable('auto'), usable('chat-completions'), usable('messages')],
      [['acme/chat-large', 'nova/responder', 'mira/messenger'], ['acme/chat-large'], ['acme/chat-large', 'mira/messenger']],
    );
    assert.deepEqual(
      [modelUsability(byInterface, 'nova/responder', { transport: 'chat-completions' }).unusable, modelUsability(byInterface, 'odd/embedder', {}).unusable],
      [
        'Does not serve the chat completions interface that multiModelAI.transport forces (it serves Responses): set multiModelAI.transport to "auto", or pick another model.',
        'Serves only embeddings, not text chat: pick another model.',
      ],
    );
  });

  it('modelUsability: the entry of a usable model, and no reason', () => {
    const usability = modelUsability(list, 'acme/chat-large', { requiredParameters: ['max_tokens'] });
    assert.equal(usability.entry?.id, 'acme/chat-large');
    assert.equal(usability.unusable, undefined);
  });

  it('modelUsability: why the others cannot be used (Authentication 9, Endpoints 2 and 5)', () => {
    const reasons = ['zeta/reasoner-pro', 'pixel/image-gen', 'gone/model'].map((id) => modelUsability(list, id, {}).unusable);
    assert.deepEqual(reasons, [
      "Not included in this workspace's plan",
      'This is not a text model: pick one that writes text.',
      'This model is not in the catalog any more: pick another.',
    ]);
    assert.equal(
      modelUsability(list, 'acme/chat-mini', { requiredParameters: ['max_tokens'] }).unusable,
      'Does not accept max_tokens, which your settings ask for: clear multiModelAI.maxTokens to use it.',
    );
  });
});

describe('endpoint-type names as real gateways publish them', () => {
  const served = (id: string, endpoints: string[], outputs = ['text']) => ({
    id,
    available: true,
    architecture: { output_modalities: outputs },
    supported_endpoint_types: endpoints,
  });
  // New API (constant/endpoint_type.go) and its forks, the spec's names, and a plain `chat`.
  const gateway = ModelListSchema().parse({
    object: 'list',
    data: [
      served('openai/gpt-4o', ['openai']),
      served('openai/o3', ['openai-response']),
      served('anthropic/claude', ['anthropic', 'openai']),
      served('anthropic/claude-native', ['Anthropic']),
      served('local/llama', ['chat']),
      served('odd/new-kind', ['sparkle-chat']),
      served('jina/reranker', ['jina-rerank']),
      served('google/gemini', ['gemini']),
      served('acme/embed', ['embeddings']),
      served('sora/video', ['openai-video'], ['video']),
      served('fork/dalle', ['image-generation'], ['image']),
      served('fork/edit-a', ['openai-image-edit'], ['image']),
      served('fork/edit-b', ['image-edits'], ['image', 'text']),
    ],
  });
  const transportOf = (id: string, setting: 'auto' | 'chat-completions' | 'responses' | 'messages' = 'auto') => {
    const choice = chooseTransport(
      gateway.data.find((m) => m.id === id)!,
      setting,
    );
    return choice.ok ? [choice.transport.name, choice.assumedFrom ?? []] : choice.message;
  };

  it("every text model of a New API catalog is usable, through the interface its names mean (spec, 'What the service does' 1)", () => {
    assert.deepEqual(ids(usableTextModels(gateway)), [
      'openai/gpt-4o',
      'openai/o3',
      'anthropic/claude',
      'anthropic/claude-native',
      'local/llama',
      'odd/new-kind',
    ]);
    assert.deepEqual(
      ['openai/gpt-4o', 'openai/o3', 'anthropic/claude', 'anthropic/claude-native', 'local/llama', 'odd/new-kind'].map((id) => transportOf(id)),
      [
        ['chat-completions', []],
        ['responses', []],
        ['chat-completions', []],
        ['messages', []],
        ['chat-completions', []],
        ['chat-completions', ['sparkle-chat']],
      ],
    );
  });

  it('a forced interface is matched by its gateway names too', () => {
    assert.deepEqual(
      [transportOf('anthropic/claude', 'messages'), transportOf('openai/o3', 'responses')],
      [
        ['messages', []],
        ['responses', []],
      ],
    );
    assert.equal(
      transportOf('acme/embed', 'chat-completions'),
      'Does not serve the chat completions interface that multiModelAI.transport forces (it serves only embeddings): set multiModelAI.transport to "auto", or pick another model.',
    );
  });

  it('a model that serves only non-text interfaces says what it is for', () => {
    assert.deepEqual(
      ['jina/reranker', 'google/gemini', 'acme/embed'].map((id) => modelUsability(gateway, id, {}).unusable),
      [
        'Serves only reranking, not text chat: pick another model.',
        "Serves only Gemini's own interface, not text chat: pick another model.",
        'Serves only embeddings, not text chat: pick another model.',
      ],
    );
  });

  it("image models under the forks' names are image models (Endpoints 2), offered for editing", () => {
    assert.deepEqual(
      gateway.data.filter((m) => !isTextModel(m)).map((m) => m.id),
      ['sora/video', 'fork/dalle', 'fork/edit-a', 'fork/edit-b'],
    );
    assert.deepEqual(ids(imageModels(gateway, 'image-edit').usable), ['fork/edit-a', 'fork/edit-b']);
    assert.deepEqual(ids(imageModels(gateway, 'image-generation').usable), ['fork/dalle']);
  });
});
