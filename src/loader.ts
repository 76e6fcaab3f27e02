// The extension's entry (dist/extension.js): runs the bundle of everything else (dist/main.js,
// from src/extension.ts) through V8's code cache, kept in the extension's global storage, so
// activation does not compile it afresh each time (src/platform/startup/codeCache.ts). The cache is
// written once the window has started, when there was none for this bundle.
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { loadWithCodeCache } from './platform/startup/codeCache';

type Main = typeof import('./extension');

/** After activation, out of the window's start-up. */
const SAVE_DELAY_MS = 2000;

let main: Main | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const storage = context.globalStorageUri;
  const loaded = loadWithCodeCache<Main>(path.join(__dirname, 'main.js'), storage.scheme === 'file' ? path.join(storage.fsPath, 'code-cache') : undefined);
  main = loaded.exports;
  main.activate(context);
  // A cache that cannot be written only costs the next activation its compile.
  if (!loaded.fromCache) setTimeout(() => void loaded.save().catch(() => undefined), SAVE_DELAY_MS).unref();
}

export function deactivate(): void {
  main?.deactivate();
}
