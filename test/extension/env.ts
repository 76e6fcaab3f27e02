// What the host runner hands the suite through the extension host's
// environment (see test/host/runExtensionTests.ts and docs/TESTING.md).
import { HARNESS_TOKEN_ENV } from '#src/platform/startup/harnessToken';
/** The throwaway extension loaded beside the installed .vsix (test/host/exportsProbe). */
export const EXPORTS_PROBE_ID = 'multi-model-ai-tests.exports-probe';
/** Set for a run in another display language (--locale ru): the suite then runs only that language's files (index.ts). */
export const SUITE_LOCALE_ENV = 'MMAI_TEST_LOCALE';
/** Set for a run in a folder not trusted (--restricted): the suite then runs only its Restricted Mode files (index.ts). */
export const SUITE_RESTRICTED_ENV = 'MMAI_TEST_RESTRICTED';

export interface SuiteEnv {
  /** The service emulator's API base URL, e.g. http://127.0.0.1:PORT/v1. */
  baseUrl: string;
  /** A fixture key the emulator accepts (sk_test_alpha). */
  apiKey: string;
  /** The emulator's origin, for its control API (test/emulator/control.ts). */
  emulatorOrigin: string;
  /** The folder the extension under test must be loaded from (source folder or installed .vsix). */
  extensionDir: string;
  /** The host's user-data folder (the extension's global storage is under it). */
  userDataDir: string;
  /** The one-time token the extension wants before it gives the suite its handle (src/platform/startup/harnessToken.ts). */
  handleToken: string;
}

export function suiteEnv(): SuiteEnv {
  const read = (name: string): string => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set: run the suite with npm run test:extension (or test:vscode).`);
    return value;
  };
  return {
    baseUrl: read('MMAI_TEST_BASE_URL'),
    apiKey: read('MMAI_TEST_KEY'),
    emulatorOrigin: read('MMAI_EMULATOR_ORIGIN'),
    extensionDir: read('MMAI_TEST_EXTENSION_DIR'),
    userDataDir: read('MMAI_TEST_USER_DATA_DIR'),
    handleToken: read(HARNESS_TOKEN_ENV),
  };
}
