// activate() gives other extensions nothing. The one way in is for the test harness: when it
// starts the host it puts a random one-time token in the host's environment and hands the
// same token to its suite, which must present it. Settings and stored state play no part,
// so nothing a person or a workspace configures can open this path.
import { timingSafeEqual } from 'node:crypto';

export const HARNESS_TOKEN_ENV = 'MMAI_TEST_HANDLE_TOKEN';
/** The harness writes 64 hex characters; anything much shorter is not its token. */
const MIN_TOKEN_LENGTH = 32;

/** The harness token of this host, or undefined when the harness did not start it. */
export function harnessToken(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const token = env[HARNESS_TOKEN_ENV];
  return token !== undefined && /^[0-9a-f]+$/.test(token) && token.length >= MIN_TOKEN_LENGTH ? token : undefined;
}

/** Whether `offered` is exactly `token` (compared in constant time). */
export function tokenMatches(offered: unknown, token: string): boolean {
  if (typeof offered !== 'string' || offered.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(offered), Buffer.from(token));
}
