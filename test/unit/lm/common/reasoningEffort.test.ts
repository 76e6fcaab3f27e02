import * as assert from 'node:assert/strict';
import { ModelEntrySchema } from '#src/platform/client/catalog/schemas';
import { configurationSchema, pickedOptions } from '#src/lm/common/reasoningEffort';

const entry = (supported_parameters: string[]) => ModelEntrySchema().parse({ id: 'nova/responder', supported_parameters });

describe("reasoning effort in VS Code's chat", () => {
  it('is offered, without a default, only to a model whose catalog entry lists reasoning_effort', () => {
    assert.deepEqual(configurationSchema(entry(['stream', 'reasoning_effort'])), {
      properties: {
        reasoningEffort: {
          type: 'string',
          title: 'Reasoning effort',
          enum: ['low', 'medium', 'high'],
          enumItemLabels: ['Low', 'Medium', 'High'],
          enumDescriptions: ['Thinks briefly: faster and cheaper.', 'Thinks at moderate length.', 'Thinks at length: slower, more output tokens.'],
        },
      },
    });
    assert.equal(configurationSchema(entry(['stream', 'reasoning'])), undefined);
  });

  it('what VS Code hands back becomes reasoning_effort; anything else sends nothing', () => {
    assert.deepEqual([{ reasoningEffort: 'high' }, { reasoningEffort: 'extreme' }, { reasoningEffort: 2 }, {}, undefined, null, 'high'].map(pickedOptions), [
      { reasoning_effort: 'high' },
      {},
      {},
      {},
      {},
      {},
      {},
    ]);
  });
});
