// A ModelConnection to one of the emulator's models through a real client over loopback, for
// the unit suites that stream one feature's reply (refactoring, commit message).
import { FIXTURE_KEYS } from '../emulator/index';
import { ServiceClient } from '#src/core/client/serviceClient';
import type { ModelConnection } from '#src/core/client/modelConnection';

export async function emulatorConnection(baseUrl: string, modelId = 'acme/chat-large', maxTokens = 2000): Promise<ModelConnection> {
  const client = new ServiceClient({ baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 });
  const model = (await client.listModels()).data.find((m) => m.id === modelId);
  if (!model) throw new Error(`the emulator lists no ${modelId}`);
  return { client, model, maxTokens };
}
