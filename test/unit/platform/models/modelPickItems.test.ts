import * as assert from 'node:assert/strict';
import { textNeedsFor } from '#src/platform/client/modelCatalog';
import { buildModelPickItems, shortModelName } from '#src/platform/models/modelPickItems';
import { ModelListSchema } from '#src/platform/client/catalog/schemas';

const TEXT = { architecture: { output_modalities: ['text'] }, supported_endpoint_types: ['chat-completions', 'responses', 'messages'] };
const catalog = (reasonerAvailable: boolean) =>
  ModelListSchema().parse({
    object: 'list',
    data: [
      {
        id: 'zeta/reasoner-pro',
        available: reasonerAvailable,
        unavailable_reason: reasonerAvailable ? undefined : "Not included in this workspace's plan",
        supported_parameters: ['max_tokens', 'stream'],
        ...TEXT,
      },
      { id: 'acme/chat-mini', available: true, supported_parameters: ['temperature', 'stream'], ...TEXT },
      { id: 'acme/chat-large', available: true, supported_parameters: ['max_tokens', 'temperature', 'stream'], ...TEXT },
      { id: 'pixel/image-gen', available: true, architecture: { output_modalities: ['image'] }, supported_endpoint_types: ['image-generation'] },
      { id: 'pixel/image-edit', available: true, architecture: { output_modalities: ['image'] }, supported_endpoint_types: ['image-edit'] },
    ],
  });

const summary = (items: ReturnType<typeof buildModelPickItems>) =>
  items.map((i) => (i.kind === 'separator' ? `-- ${i.label}` : `${i.current ? '* ' : ''}${i.modelId} [${i.description}]${i.reason ? ` ! ${i.reason}` : ''}`));

describe('buildModelPickItems', () => {
  it('workspace alpha: usable models by vendor, the unavailable one apart with its reason, no image models', () => {
    assert.deepEqual(summary(buildModelPickItems(catalog(false), { currentModelId: 'acme/chat-mini' })), [
      '-- acme',
      'acme/chat-large [max_tokens · temperature · stream]',
      '* acme/chat-mini [temperature · stream]',
      '-- Not available here',
      "zeta/reasoner-pro [max_tokens · stream] ! Not included in this workspace's plan",
    ]);
  });

  it('workspace beta: every text model usable, each vendor its own group', () => {
    assert.deepEqual(summary(buildModelPickItems(catalog(true))), [
      '-- acme',
      'acme/chat-large [max_tokens · temperature · stream]',
      'acme/chat-mini [temperature · stream]',
      '-- zeta',
      'zeta/reasoner-pro [max_tokens · stream]',
    ]);
  });

  it('with a token limit set, a model without max_tokens is listed apart with how to use it', () => {
    const items = buildModelPickItems(catalog(true), { needs: textNeedsFor({ maxTokens: 100 }) });
    assert.deepEqual(summary(items).slice(-2), [
      '-- Not available here',
      'acme/chat-mini [temperature · stream] ! Does not accept max_tokens, which your settings ask for: clear multiModelAI.maxTokens to use it.',
    ]);
  });

  it("the catalog's display name stands beside the id, before what the model accepts; a name equal to the id is not repeated", () => {
    const list = ModelListSchema().parse({
      object: 'list',
      data: [
        { id: 'openai/gpt-4o', name: 'OpenAI: GPT-4o', supported_parameters: ['max_tokens', 'tools'], ...TEXT },
        { id: 'acme/plain', name: 'acme/plain', supported_parameters: ['max_tokens'], ...TEXT },
        { id: 'acme/nameless', name: '  ', supported_parameters: [], ...TEXT },
      ],
    });
    const items = buildModelPickItems(list);
    assert.deepEqual(summary(items), [
      '-- acme',
      'acme/nameless [no optional parameters]',
      'acme/plain [max_tokens]',
      '-- openai',
      'openai/gpt-4o [OpenAI: GPT-4o — max_tokens · tools]',
    ]);
    assert.deepEqual(
      items.map((i) => (i.kind === 'model' ? i.name : undefined)),
      [undefined, undefined, undefined, undefined, 'OpenAI: GPT-4o'],
    );
  });
});

describe('shortModelName', () => {
  it('drops the vendor', () => {
    assert.equal(shortModelName('acme/chat-large'), 'chat-large');
    assert.equal(shortModelName('plain'), 'plain');
  });
});
