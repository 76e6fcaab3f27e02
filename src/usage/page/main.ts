// Entry of the usage page (bundled to dist/usage.js). The host sends the report after the page
// says `ready` (usage/init, with VS Code's language and bundle) and again for a chosen range.
import { setDisplayLanguage } from '../../platform/format/displayLanguage';
import { decodeToUsagePage, type UsageToHost } from '../common/usageProtocol';
import { UsagePage } from './usagePage';

declare function acquireVsCodeApi(): { postMessage(message: UsageToHost): void };

const root = document.getElementById('app');
if (root) {
  const api = acquireVsCodeApi();
  let page: UsagePage | undefined;
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const decoded = decodeToUsagePage(event.data);
    if (!decoded.ok) {
      console.warn(`Multi-Model AI usage: dropped a message from the host (${decoded.reason}).`);
      return;
    }
    const message = decoded.message;
    if (message.type === 'usage/init') {
      setDisplayLanguage(message.language, message.l10n);
      page = new UsagePage(root, message.language, (m) => api.postMessage(m));
    }
    page?.show(message.report);
  });
  api.postMessage({ type: 'ready' });
}
