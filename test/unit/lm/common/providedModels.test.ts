import * as assert from 'node:assert/strict';
import { ModelEntrySchema } from '#src/platform/client/catalog/schemas';
import { providedModel } from '#src/lm/common/providedModels';

const entry = (fields: Record<string, unknown>) =>
  ModelEntrySchema().parse({
    id: 'acme/chat-large',
    available: true,
    architecture: { output_modalities: ['text'], input_modalities: ['text'] },
    supported_parameters: ['stream'],
    ...fields,
  });

describe("the models offered to VS Code's language-model API", () => {
  it('reads the limits from context_length and max_output_tokens, capabilities from tools and input modalities', () => {
    assert.deepEqual(
      providedModel(
        entry({
          name: 'Acme Chat Large',
          context_length: 128_000,
          max_output_tokens: 16_384,
          supported_parameters: ['tools'],
          architecture: { output_modalities: ['text'], input_modalities: ['text', 'image'] },
        }),
      ),
      {
        id: 'acme/chat-large',
        name: 'Acme Chat Large',
        family: 'acme',
        version: 'acme/chat-large',
        detail: 'Multi-Model AI · context 128,000',
        tooltip:
          'Acme Chat Large (acme/chat-large) through Multi-Model AI, over its chat completions interface. Context: 128,000 tokens. ' +
          'The catalog gives no price. Answers without thinking. Takes images. Calls tools (agent mode).',
        maxInputTokens: 111_616,
        maxOutputTokens: 16_384,
        capabilities: { toolCalling: true, imageInput: true },
      },
    );
  });

  it('uses the documented defaults (32 000 context, 4 096 out) and the widely used top_provider field; no tools, no images', () => {
    const plain = providedModel(entry({}));
    assert.deepEqual(
      [plain.name, plain.maxInputTokens, plain.maxOutputTokens, plain.capabilities],
      ['acme/chat-large', 27_904, 4_096, { toolCalling: false, imageInput: false }],
    );
    const top = providedModel(entry({ context_length: 8_000, top_provider: { max_completion_tokens: 1_000 } }));
    assert.deepEqual([top.maxInputTokens, top.maxOutputTokens], [7_000, 1_000]);
  });
});
