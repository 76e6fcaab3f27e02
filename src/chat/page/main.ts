// Entry of the chat page (bundled to dist/webview.js). All state arrives from the host
// after the page says `ready`; nothing is inlined into the HTML. The page is built on the
// first message, which sets its language (session/init: VS Code's, which does not change while
// the page lives) for l10n.t and the formatter alike: every text is worded in it. A page fed a
// conversation straight away (a bench) speaks English.
import { setDisplayLanguage } from '../../platform/format/displayLanguage';
import { ChatApp } from './chatApp';
import { HostBridge } from './hostBridge';

const root = document.getElementById('app');
if (root) {
  const bridge = new HostBridge();
  let app: ChatApp | undefined;
  bridge.listen((message) => {
    if (!app) {
      if (message.type === 'session/init') setDisplayLanguage(message.language, message.l10n);
      app = new ChatApp(root, bridge);
      app.focus();
    }
    app.receive(message);
  });
  bridge.post({ type: 'ready' });
}
