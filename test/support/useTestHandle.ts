// The extension's handle for an extension-host suite (test/extension): activated, then asked
// for with the harness token the host runner passed in.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from '#src/platform/manifest/ids';
import { TEST_HANDLE_COMMAND, type TestHandle } from '#src/testHandle';
import { suiteEnv } from '../extension/env';
import { lateBound } from './lateBound';

/** Activates the extension and asks it for its handle with the harness token. */
export async function testHandle(): Promise<TestHandle> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not loaded`);
  await extension.activate();
  const handle = await vscode.commands.executeCommand<TestHandle | undefined>(TEST_HANDLE_COMMAND, suiteEnv().handleToken);
  assert.ok(handle, 'the extension gave no handle for the harness token');
  return handle;
}

/** The handle for the enclosing describe(), fetched before its tests: `const api = useTestHandle();`. */
export function useTestHandle(): TestHandle {
  const handle = lateBound<TestHandle>("the extension's test handle");
  before(async () => handle.set(await testHandle()));
  return handle.value;
}
