// Shared by the chat's extension-host suites: a stand-in
// page attached to the real host (it speaks the protocol as the webview would), and a
// ready state (emulator address, fixture key, a chat model).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AssistantTurn } from '#src/chat/common/conversation/conversation';
import type { TestHandle } from '#src/testHandle';
import { suiteEnv } from './env';
import { arrange } from './shellHarness';

/** The conversation's last turn, which must be the assistant's. */
export function lastReply(api: TestHandle): AssistantTurn {
  const turn = api.chat.host.session.current().turns.at(-1);
  assert.equal(turn?.role, 'assistant');
  return turn as AssistantTurn;
}

export async function arrangeChat(api: TestHandle, model = 'acme/chat-large'): Promise<void> {
  const { baseUrl, apiKey } = suiteEnv();
  await arrange(api, { baseUrl, key: apiKey, model });
  await api.chat.host.session.loaded;
  await api.chat.host.session.settled();
  api.chat.host.session.newConversation();
}

/** A page attached to the real ChatHost: what it sends is validated and handled as a webview's. */
export class StandInPage {
  readonly received: unknown[] = [];
  private listener?: (message: unknown) => void;
  private readonly disposed = new vscode.EventEmitter<void>();

  constructor(api: TestHandle) {
    const webview = {
      onDidReceiveMessage: (listener: (message: unknown) => void) => {
        this.listener = listener;
        return { dispose: () => (this.listener = undefined) };
      },
      postMessage: (message: unknown) => {
        this.received.push(message);
        return Promise.resolve(true);
      },
      // As a webview does: local files under its own resource origin.
      asWebviewUri: (uri: vscode.Uri) => vscode.Uri.parse(`https://file+.vscode-resource.vscode-cdn.net${uri.path}`),
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
