// activate() gives other extensions nothing. The one way in is for the test harness: when it
// starts the host it puts a random one-time token in the host's environment and hands the
// same token to its suite, which must present it. Settings and stored state play no part,
// so nothing a person or a workspace configures can open this path.
// process.env is no proof: every extension in the host shares it, and one that runs before
// ours could write a token of its own there. So an installed build (ExtensionMode.Production,
// as in the .vsix tier) reads the token from the environment the host process started with
// (Linux: /proc/self/environ, which later writes to process.env do not change; elsewhere there
// is none, so no handle). Only in ExtensionMode.Test, where the host was started with this very
// folder and a tests path, is process.env taken as it is.
import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const HARNESS_TOKEN_ENV = 'MMAI_TEST_HANDLE_TOKEN';
/** The harness writes 64 hex characters; anything much shorter is not its token. */
const MIN_TOKEN_LENGTH = 32;

export type Environment = Readonly<Record<string, string | undefined>>;

/** What the decision reads: all of it set by whoever started the host, none of it a setting. */
export interface HostStart {
  /** process.env as it is now: read only in ExtensionMode.Test. */
  env: Environment;
  /** The environment the host process started with, or undefined where it cannot be read. */
  startEnv(): Environment | undefined;
  /** Whether this extension runs in ExtensionMode.Test. */
  testMode: boolean;
}

/** The harness token of this host, or undefined when the harness did not start it. */
export function harnessToken(host: HostStart): string | undefined {
  const token = host.testMode ? host.env[HARNESS_TOKEN_ENV] : host.startEnv()?.[HARNESS_TOKEN_ENV];
  return token !== undefined && /^[0-9a-f]+$/.test(token) && token.length >= MIN_TOKEN_LENGTH ? token : undefined;
}

/** This process's start-up environment (Linux); undefined where there is no /proc. */
export function processStartEnv(file = '/proc/self/environ'): Environment | undefined {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const env: Record<string, string> = {};
  for (const entry of raw.split('\0')) {
    const equals = entry.indexOf('=');
    if (equals > 0) env[entry.slice(0, equals)] = entry.slice(equals + 1);
  }
  return env;
}

/** Whether `offered` is exactly `token` (compared in constant time). */
export function tokenMatches(offered: unknown, token: string): boolean {
  if (typeof offered !== 'string' || offered.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(offered), Buffer.from(token));
}
