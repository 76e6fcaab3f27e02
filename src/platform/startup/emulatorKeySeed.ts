// `npm run demo` hands the emulator's fixture key to the extension through the
// environment (MMAI_EMULATOR_KEY), so the demo workbench can chat at once. Only
// emulator fixture keys (sk_test_…) are ever taken, and never over a stored key.
export const EMULATOR_KEY_ENV = 'MMAI_EMULATOR_KEY';
const EMULATOR_KEY_PREFIX = 'sk_test_';

export type KeySeedDecision = { seed: true; key: string } | { seed: false; reason?: string };

export function decideKeySeed(offered: string | undefined, hasStoredKey: boolean): KeySeedDecision {
  const key = offered?.trim();
  if (!key) return { seed: false };
  if (!key.startsWith(EMULATOR_KEY_PREFIX)) {
    return { seed: false, reason: `${EMULATOR_KEY_ENV} is ignored: it takes only emulator fixture keys (${EMULATOR_KEY_PREFIX}…).` };
  }
  if (hasStoredKey) return { seed: false, reason: `${EMULATOR_KEY_ENV} is ignored: an API key is already stored.` };
  return { seed: true, key };
}
