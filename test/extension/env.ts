// What the host runner hands the suite through the extension host's
// environment (see test/host/runExtensionTests.ts and docs/TESTING.md).
export interface SuiteEnv {
  /** The service emulator's API base URL, e.g. http://127.0.0.1:PORT/v1. */
  baseUrl: string;
  /** A fixture key the emulator accepts (sk_test_alpha). */
  apiKey: string;
  /** The emulator's origin, for its control API (test/emulator/control.ts). */
  emulatorOrigin: string;
  /** The folder the extension under test must be loaded from (source folder or installed .vsix). */
  extensionDir: string;
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
  };
}
