// Catalog entries as gateways publish them: one entry the client cannot read is listed as not
// usable with why, an entry without an id is left out, and the rest of the list is unaffected.
import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../../emulator/index';
import { useEmulator } from '../../../support/useEmulator';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { imageModels, usableTextModels, whyNotUsable } from '#src/platform/client/modelCatalog';
import { ModelListSchema } from '#src/platform/client/catalog/schemas';
import { chooseTransport } from '#src/platform/client/transports/index';

const good = {
  id: 'acme/chat-large',
  name: 'Acme Chat Large',
  available: true,
  architecture: { output_modalities: ['text'] },
  supported_parameters: ['max_tokens'],
  supported_endpoint_types: ['chat-completions'],
};

describe('catalog entries', () => {
  it('an entry whose architecture or supported_parameters has an odd type is listed as not usable, naming the field; the others are unaffected', () => {
    const list = ModelListSchema().parse({
      object: 'list',
      data: [
        good,
        { id: 'odd/arch', name: 'Odd Architecture', architecture: { output_modalities: 'text' } },
        { id: 'odd/params', supported_parameters: 'max_tokens,temperature' },
        { id: 'odd/available', available: 'yes' },
      ],
    });
    assert.deepEqual(
      list.data.map((e) => [e.id, e.name, whyNotUsable(e, {})]),
      [
        ['acme/chat-large', 'Acme Chat Large', undefined],
        ['odd/arch', 'Odd Architecture', 'Its catalog entry cannot be read (architecture.output_modalities is not a list): the service must correct it.'],
        ['odd/params', undefined, 'Its catalog entry cannot be read (supported_parameters is not a list): the service must correct it.'],
        ['odd/available', undefined, 'Its catalog entry cannot be read (available is not yes or no): the service must correct it.'],
      ],
    );
    assert.deepEqual(
      usableTextModels(list).map((e) => e.id),
      ['acme/chat-large'],
    );
  });

  it('entries without an id are left out and counted, for the log', () => {
    const list = ModelListSchema().parse({ object: 'list', data: [good, { name: 'No id' }, { id: '' }, 'not an entry', null] });
    assert.deepEqual(
      list.data.map((e) => e.id),
      ['acme/chat-large'],
    );
    assert.equal(list.dropped, 4);
  });

  it("New API's raw list (no available, no architecture, its endpoint-type names) gives usable text models and leaves out its image and embedding models for text", () => {
    const list = ModelListSchema().parse({
      success: true,
      object: 'list',
      data: [
        { id: 'gpt-4o', object: 'model', created: 1626777600, owned_by: 'openai', supported_endpoint_types: ['openai'] },
        { id: 'claude-sonnet-4', object: 'model', created: 1626777600, owned_by: 'anthropic', supported_endpoint_types: ['anthropic', 'openai'] },
        { id: 'gpt-image-1', object: 'model', created: 1626777600, owned_by: 'openai', supported_endpoint_types: ['image-generation'] },
        { id: 'text-embedding-3-small', object: 'model', created: 1626777600, owned_by: 'openai', supported_endpoint_types: ['embeddings'] },
      ],
    });
    const transports = usableTextModels(list).map((e) => {
      const choice = chooseTransport(e);
      return [e.id, choice.ok ? choice.transport.name : choice.message];
    });
    assert.deepEqual(transports, [
      ['gpt-4o', 'chat-completions'],
      ['claude-sonnet-4', 'chat-completions'],
    ]);
    assert.equal(whyNotUsable(list.data[3]!, {}), 'Serves only embeddings, not text chat: pick another model.');
  });

  it("OpenRouter's list (no object, no available) is read", () => {
    const list = ModelListSchema().parse({
      data: [
        {
          id: 'openai/gpt-4o',
          name: 'OpenAI: GPT-4o',
          architecture: { input_modalities: ['text', 'image'], output_modalities: ['text'] },
          supported_parameters: ['max_tokens', 'tools'],
          pricing: { prompt: '0.0000025', completion: '0.00001' },
        },
      ],
    });
    assert.deepEqual(
      usableTextModels(list).map((e) => [e.id, e.name]),
      [['openai/gpt-4o', 'OpenAI: GPT-4o']],
    );
  });
});

describe('catalogs in the shapes gateways publish, read by the client over HTTP', () => {
  const harness = useEmulator();
  const read = async (shape: 'new-api' | 'openrouter') => {
    await harness.control.setCatalogShape(shape);
    const list = await new ServiceClient({ baseUrl: harness.emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 }).listModels();
    return usableTextModels(list).map((e) => {
      const choice = chooseTransport(e);
      return [e.id, e.name, choice.ok ? choice.transport.name : choice.message];
    });
  };

  it("New API's raw list: its text models reached through chat completions, its image-edit model offered for Edit Image", async () => {
    assert.deepEqual(await read('new-api'), [
      ['acme/chat-large', undefined, 'chat-completions'],
      ['acme/chat-mini', undefined, 'chat-completions'],
      ['acme/chat-basic', undefined, 'chat-completions'],
      ['nova/responder', undefined, 'responses'],
      ['mira/messenger', undefined, 'messages'],
    ]);
    const list = await new ServiceClient({ baseUrl: harness.emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 }).listModels();
    assert.deepEqual(
      imageModels(list, 'image-edit').usable.map((e) => e.id),
      ['pixel/image-edit'],
    );
  });

  it("OpenRouter's list: every text model, with its display name, through chat completions (it names no endpoint types)", async () => {
    assert.deepEqual(await read('openrouter'), [
      ['acme/chat-large', 'Acme Chat Large', 'chat-completions'],
      ['acme/chat-mini', 'Acme Chat Mini', 'chat-completions'],
      ['acme/chat-basic', 'Acme Chat Basic', 'chat-completions'],
      ['nova/responder', 'Nova Responder', 'chat-completions'],
      ['mira/messenger', 'Mira Messenger', 'chat-completions'],
    ]);
  });
});
