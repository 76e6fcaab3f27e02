// The host's end of one chat page. Messages from the page are validated against the
// protocol (unknown or malformed ones are dropped and logged); messages to it are checked,
// stripped of what the page must not see, and queued until the page says `ready`.
import * as vscode from 'vscode';
import { Disposable } from '../../platform/vscode/lifecycle';
import { type ClientLogger } from '../../platform/client/attempt/attempt';
import { decodeToHost, encodeToPage, type ToHost, type ToPage, type ToPageInput, withImageSources } from '../common/protocol/protocol';

/**
 * Replaced by the state the page receives on `ready`; anything else waits in the queue (a
 * notice, a retry wait's countdown: the state holds neither).
 */
const STATE_TYPES: ReadonlySet<ToPage['type']> = new Set([
  'session/init',
  'conversation/show',
  'conversation/earlier',
  'history/set',
  'context/set',
  'model/set',
  'turn/append',
  'turn/remove',
  'reply/model',
  'reply/delta',
  'reply/reasoning',
  'reply/notice',
  'reply/end',
]);

export class PageBridge extends Disposable {
  private ready = false;
  private queue: ToPage[] = [];

  constructor(
    readonly webview: vscode.Webview,
    private readonly logger: ClientLogger,
    private readonly handle: (message: ToHost, bridge: PageBridge) => void,
  ) {
    super();
    this.register(webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)));
  }

  /** Validates and handles one message from the page. */
  receive(raw: unknown): void {
    const decoded = decodeToHost(raw);
    if (!decoded.ok) {
      this.logger.warn(`Chat: dropped a message from the chat page (${decoded.reason}).`);
      return;
    }
    if (decoded.message.type !== 'ready') {
      this.handle(decoded.message, this);
      return;
    }
    // A (re)loaded page gets the whole state first (the handler posts it); queued state
    // messages are stale by then, the rest (notices) follow it.
    const kept = this.queue.filter((m) => !STATE_TYPES.has(m.type));
    this.queue = [];
    this.ready = true;
    this.handle(decoded.message, this);
    for (const message of kept) void this.webview.postMessage(message);
  }

  post(message: ToPageInput): void {
    const encoded = encodeToPage(withImageSources(message, (file) => this.webview.asWebviewUri(vscode.Uri.file(file)).toString()));
    if (this.ready) void this.webview.postMessage(encoded);
    else this.queue.push(encoded);
  }
}
