import * as assert from 'node:assert/strict';
import { imageModels } from '#src/platform/client/modelCatalog';
import { ModelListSchema } from '#src/platform/client/catalog/schemas';
import { chooseImageModel } from '#src/images/common/imageModelChoice';

const list = (...entries: object[]) => ModelListSchema().parse({ object: 'list', data: entries });
const gen = (id: string, available = true, extra: object = {}) => ({
  id,
  available,
  supported_endpoint_types: ['image-generation'],
  architecture: { output_modalities: ['image'] },
  ...extra,
});
const text = { id: 'acme/chat-large', available: true, supported_endpoint_types: ['chat-completions'], architecture: { output_modalities: ['text'] } };

describe('image model choice: from the live catalog, and why not', () => {
  it('offers only the models serving the endpoint, the unavailable ones apart with their reason', () => {
    const models = imageModels(
      list(text, gen('pixel/b'), gen('pixel/a'), gen('pixel/pro', false, { unavailable_reason: 'Not included in this plan' })),
      'image-generation',
    );
    assert.deepEqual(
      models.usable.map((m) => m.id),
      ['pixel/a', 'pixel/b'],
    );
    assert.deepEqual(
      models.unusable.map((u) => [u.entry.id, u.reason]),
      [['pixel/pro', 'Not included in this plan']],
    );
    assert.deepEqual(imageModels(list(text, gen('pixel/a')), 'image-edit'), { usable: [], unusable: [] });
  });

  it('takes the only usable model without asking, and asks when there are several', () => {
    const one = imageModels(list(gen('pixel/a'), gen('pixel/pro', false)), 'image-generation');
    assert.deepEqual(chooseImageModel('image-generation', one), { kind: 'model', entry: one.usable[0] });
    assert.deepEqual(chooseImageModel('image-generation', imageModels(list(gen('pixel/a'), gen('pixel/b')), 'image-generation')), { kind: 'pick' });
  });

  it('says why there is nothing to use: no image model, only unavailable ones, or a named one that cannot be used', () => {
    assert.deepEqual(chooseImageModel('image-edit', { usable: [], unusable: [] }), {
      kind: 'none',
      message: 'No model that edits images is available to this workspace: ask your admin, or use another key.',
    });
    const onlyLocked = imageModels(list(gen('pixel/pro', false, { unavailable_reason: 'Not included in this plan' })), 'image-generation');
    assert.deepEqual(chooseImageModel('image-generation', onlyLocked), {
      kind: 'none',
      message: 'No model that generates images is available to this workspace (pixel/pro: Not included in this plan): ask your admin, or use another key.',
    });
    assert.deepEqual(chooseImageModel('image-generation', onlyLocked, 'pixel/pro'), {
      kind: 'none',
      message: 'pixel/pro cannot be used: Not included in this plan',
    });
    assert.deepEqual(chooseImageModel('image-generation', onlyLocked, 'pixel/zzz'), {
      kind: 'none',
      message: 'pixel/zzz cannot be used: the catalog has no model pixel/zzz that generates images.',
    });
  });
});
