// Shared by the chat's extension-host suites: the activated extension's chat, a stand-in
// page attached to the real host (it speaks the protocol as the webview would), and a
// ready state (emulator address, fixture key, a chat model).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../../src/core/shell/ids';
import type { ChatApi } from '../../src/vscode/chat/registerChat';
import type { ShellApi } from '../../src/vscode/shellApi';
import { suiteEnv } from './env';
import { arrange } from './shellHarness';

export type ExtensionApi = ShellApi & { chat: ChatApi };

export async function extensionApi(): Promise<ExtensionApi> {
  const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not loaded`);
  return extension.activate();
}

export async function arrangeChat(api: ExtensionApi, model = 'acme/chat-large'): Promise<void> {
  const { baseUrl, apiKey } = suiteEnv();
  await arrange(api, { baseUrl, key: apiKey, model });
  await api.chat.host.session.settled();
  api.chat.host.session.newConversation();
}

/** A page attached to the real ChatHost: what it sends is validated and handled as a webview's. */
export class StandInPage {
  readonly received: unknown[] = [];
  private listener?: (message: unknown) => void;
  private readonly disposed = new vscode.EventEmitter<void>();

  constructor(api: ExtensionApi) {
    const webview = {
      onDidReceiveMessage: (listener: (message: unknown) => void) => {
        this.listener = listener;
        return { dispose: () => (this.listener = undefined) };
      },
      postMessage: (message: unknown) => {
        this.received.push(message);
        return Promise.resolve(true);
      },
    } as unknown as vscode.Webview;
    api.chat.host.attach(webview, (listener) => this.disposed.event(listener));
  }

  send(message: unknown): void {
    assert.ok(this.listener, 'the page is attached');
    this.listener(message);
  }

  types(): string[] {
    return this.received.map((m) => (m as { type: string }).type);
  }

  close(): void {
    this.disposed.fire();
    this.disposed.dispose();
  }
}
