// The page's end of the protocol: posts typed messages to the host, and passes on only
// host messages that pass validation (src/chat/common/protocol/protocol.ts); the rest are dropped and logged.
import { decodeToPage, type ToHost, type ToPage } from '../common/protocol/protocol';

interface WebviewApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): WebviewApi;

/** What the page keeps across its own reloads (the draft in the composer). */
interface PageState {
  draft?: string;
}

export class HostBridge {
  private readonly api = acquireVsCodeApi();

  post(message: ToHost): void {
    this.api.postMessage(message);
  }

  listen(handler: (message: ToPage) => void): void {
    window.addEventListener('message', (event: MessageEvent<unknown>) => {
      const decoded = decodeToPage(event.data);
      if (!decoded.ok) {
        console.warn(`Multi-Model AI chat: dropped a message from the host (${decoded.reason}).`);
        return;
      }
      handler(decoded.message);
    });
  }

  draft(): string {
    const state = this.api.getState() as PageState | undefined;
    return typeof state?.draft === 'string' ? state.draft : '';
  }

  saveDraft(draft: string): void {
    this.api.setState({ draft } satisfies PageState);
  }
}
