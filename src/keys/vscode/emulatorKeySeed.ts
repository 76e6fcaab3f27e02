// Stores the demo's emulator key (see src/platform/startup/emulatorKeySeed.ts) in SecretStorage
// once, when none is stored yet. Never rejects: activation goes on either way.
import { type ClientLogger } from '../../platform/client/attempt/attempt';
import { decideKeySeed, EMULATOR_KEY_ENV } from '../../platform/startup/emulatorKeySeed';
import { maskKey } from '../../platform/client/http/keyMasking';
import type { ApiKeyStore } from '../../platform/keys/vscode/apiKeyStore';

export async function seedEmulatorKey(keys: ApiKeyStore, logger: ClientLogger, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const offered = env[EMULATOR_KEY_ENV];
  if (!offered) return;
  const decision = decideKeySeed(
    offered,
    await keys.has().then(
      (has) => has,
      () => false,
    ),
  );
  if (!decision.seed) {
    if (decision.reason) logger.info(decision.reason);
    return;
  }
  try {
    await keys.store(decision.key);
    logger.info(`Stored the demo's emulator key ${maskKey(decision.key)} from ${EMULATOR_KEY_ENV}.`);
  } catch (error) {
    logger.warn(`Could not store the demo's emulator key from ${EMULATOR_KEY_ENV}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
