// Entry of the chat page (bundled to dist/webview.js). All state arrives from the host
// after the page says `ready`; nothing is inlined into the HTML. The page is built on the
// first message, which sets its language (session/init): every text is worded in it.
import { ChatApp } from './chatApp';
import { HostBridge } from './hostBridge';
import { setPageLanguage } from './pageLanguage';

const root = document.getElementById('app');
if (root) {
  const bridge = new HostBridge();
  let app: ChatApp | undefined;
  bridge.listen((message) => {
    if (!app) {
      if (message.type === 'session/init') setPageLanguage(message.l10n, message.language);
      app = new ChatApp(root, bridge);
      app.focus();
    }
    app.receive(message);
  });
  bridge.post({ type: 'ready' });
}
