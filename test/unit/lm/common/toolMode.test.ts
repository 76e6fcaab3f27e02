import * as assert from 'node:assert/strict';
import { ModelEntrySchema } from '#src/platform/client/catalog/schemas';
import { checkToolRequired } from '#src/lm/common/toolMode';
import { SetupError } from '#src/platform/reply/modelConnection';

describe("VS Code's toolMode Required", () => {
  const entry = (supported: string[]) =>
    ModelEntrySchema().parse({ id: 'acme/chat-mini', available: true, architecture: { output_modalities: ['text'] }, supported_parameters: supported });

  it('is refused with what to do for a model that cannot be made to call a tool; taken by one that lists tools and tool_choice', () => {
    assert.throws(
      () => checkToolRequired(entry(['tools', 'stream'])),
      (error) =>
        error instanceof SetupError &&
        error.message === 'acme/chat-mini cannot be made to call a tool (the catalog does not list tool_choice for it): pick another model.',
    );
    assert.doesNotThrow(() => checkToolRequired(entry(['tools', 'tool_choice'])));
  });
});
