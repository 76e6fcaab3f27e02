// Entry of the usage page (bundled to dist/usage.js). The host sends the report after the page
// says `ready` (usage/init, with VS Code's language and bundle) and again for a chosen range.
import { setDisplayLanguage } from '../../platform/format/displayLanguage';
import type { UsageFromPage, UsageToPage } from '../common/usageReport';
import { UsagePage } from './usagePage';

declare function acquireVsCodeApi(): { postMessage(message: UsageFromPage): void };

const root = document.getElementById('app');
if (root) {
  const api = acquireVsCodeApi();
  let page: UsagePage | undefined;
  window.addEventListener('message', (event: MessageEvent<UsageToPage>) => {
    const message = event.data;
    if (message?.type === 'usage/init') {
      setDisplayLanguage(message.language, message.l10n);
      page = new UsagePage(root, message.language, (m) => api.postMessage(m));
    }
    if (page && (message?.type === 'usage/init' || message?.type === 'usage/report')) page.show(message.report);
  });
  api.postMessage({ type: 'ready' });
}
