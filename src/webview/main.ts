// Entry of the chat page (bundled to dist/webview.js). All state arrives from the host
// after the page says `ready`; nothing is inlined into the HTML.
import { ChatApp } from './chatApp';
import { HostBridge } from './hostBridge';

const root = document.getElementById('app');
if (root) new ChatApp(root, new HostBridge()).start();
