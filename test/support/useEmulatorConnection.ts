// The emulator plus a ModelConnection to one of its models through a real client over loopback,
// for the unit suites that stream one feature's reply (refactoring, commit message).
import { FIXTURE_KEYS } from '../emulator/index';
import { ServiceClient } from '#src/platform/client/serviceClient';
import type { ModelConnection } from '#src/platform/reply/modelConnection';
import { lateBound } from './lateBound';
import { useEmulator, type EmulatorSuite } from './useEmulator';

export interface EmulatorConnectionSuite extends EmulatorSuite {
  /** A plain object once set, so a test can spread it to change one field: `{ ...connection, maxTokens: 9 }`. */
  readonly connection: ModelConnection;
}

/**
 * Starts an emulator for the enclosing describe() (as useEmulator does) and connects to `modelId`
 * with the alpha key and no retries: `const { control, connection } = useEmulatorConnection();`.
 */
export function useEmulatorConnection(modelId = 'acme/chat-large', maxTokens = 2000): EmulatorConnectionSuite {
  const suite = useEmulator();
  const connection = lateBound<ModelConnection>('the model connection');
  before(async () => {
    const client = new ServiceClient({ baseUrl: suite.emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 });
    const model = (await client.listModels()).data.find((m) => m.id === modelId);
    if (!model) throw new Error(`the emulator lists no ${modelId}`);
    connection.set({ client, model, maxTokens });
  });
  return { ...suite, connection: connection.value };
}
