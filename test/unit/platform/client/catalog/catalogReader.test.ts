import * as assert from 'node:assert/strict';
import { modelEntryReader, modelListReader } from '#src/platform/client/catalog/catalogReader';

describe('catalogReader', () => {
  it('keeps the fields it does not use, defaults the ones a catalog may leave out, and reads an optional field of another type as absent', () => {
    const list = modelListReader.parse({
      object: 'list',
      success: true,
      data: [
        {
          id: 'acme/chat-large',
          name: 7,
          architecture: { output_modalities: ['text'], input_modalities: 'image', tokenizer: 'acme' },
          context_length: 0,
          pricing: { prompt: '0.00025' },
        },
      ],
    });
    assert.deepEqual(list, {
      object: 'list',
      success: true,
      data: [
        {
          id: 'acme/chat-large',
          available: true,
          name: undefined,
          architecture: { output_modalities: ['text'], input_modalities: undefined, tokenizer: 'acme' },
          supported_parameters: [],
          supported_endpoint_types: [],
          context_length: undefined,
          pricing: { prompt: '0.00025' },
        },
      ],
    });
  });

  it('names the first field of an entry it cannot read, in the order the entry is read', () => {
    const [entry] = modelListReader.parse({ data: [{ id: 'odd/one', supported_parameters: ['tools', 3], supported_endpoint_types: 'chat' }] }).data;
    assert.equal(entry?.unreadable, 'Its catalog entry cannot be read (supported_parameters.1 is not a string): the service must correct it.');
  });

  it('refuses a list that is not an object with a data array, and an entry read on its own without an id', () => {
    for (const body of [null, [], { data: 'x' }, { object: 3, data: [] }]) assert.equal(modelListReader.safeParse(body).success, false, JSON.stringify(body));
    assert.equal(modelEntryReader.safeParse({ name: 'No id' }).success, false);
    assert.throws(() => modelEntryReader.parse({ id: 'odd/arch', architecture: [] }), /architecture is not object/);
  });
});
