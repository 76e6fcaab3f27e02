import * as assert from 'node:assert/strict';
import { ModelEntrySchema } from '#src/core/client/schemas';
import { checkToolRequired } from '#src/core/lm/toolMode';
import { SetupError } from '#src/core/client/modelConnection';

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
