import * as assert from 'node:assert/strict';
import { buildChatRequest } from '../../../../src/core/client/chatRequest';
import { ModelEntrySchema } from '../../../../src/core/client/schemas';

const model = (id: string, supported: string[]) =>
  ModelEntrySchema.parse({ id, available: true, architecture: { output_modalities: ['text'] }, supported_parameters: supported });

const messages = [{ role: 'user' as const, content: 'hi' }];

describe('core buildChatRequest', () => {
  it('Endpoints rule 5: sends each optional field only when the model lists it', () => {
    const large = model('acme/chat-large', ['max_tokens', 'temperature', 'stream', 'stream_options']);
    assert.deepEqual(buildChatRequest(large, messages, { maxTokens: 64, temperature: 0.2, includeUsage: true }), {
      model: 'acme/chat-large',
      messages,
      max_tokens: 64,
      temperature: 0.2,
      stream_options: { include_usage: true },
    });
  });

  it('Endpoints rule 5: never substitutes another field for a missing one', () => {
    const mini = model('acme/chat-mini', ['temperature']);
    const request = buildChatRequest(mini, messages, { maxTokens: 64, includeUsage: true });
    assert.deepEqual(request, { model: 'acme/chat-mini', messages });
    assert.equal(JSON.stringify(request).includes('max_completion_tokens'), false);
  });
});
