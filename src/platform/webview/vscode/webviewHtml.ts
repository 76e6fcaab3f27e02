// The pages' HTML (the chat, the usage page): one function, a strict CSP with a fresh nonce per
// load. Scripts run only by nonce, styles and fonts come only from the extension's dist folder,
// images only from the webview's local resources (dist, the folder of saved images) or data:
// URIs, never a remote address, and the page may connect nowhere: model output cannot fetch.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

export function newNonce(): string {
  return randomBytes(18).toString('base64url');
}

/** The folder of the page's own files. */
export function pageRoot(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist');
}

/**
 * The page loads its own files, and images: only the folder `/image` saves in (from
 * multiModelAI.imageFolder) and the attached images' folder, never the rest of the workspace.
 */
export function pageOptions(extensionUri: vscode.Uri, imageFolders: readonly string[]): vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    localResourceRoots: [pageRoot(extensionUri), ...imageFolders.map((folder) => vscode.Uri.file(folder))],
  };
}

export function chatHtml(webview: vscode.Webview, extensionUri: vscode.Uri, nonce = newNonce()): string {
  return pageHtml(webview, extensionUri, { title: vscode.l10n.t('Multi-Model AI Chat'), styles: ['codicon.css', 'webview.css'], script: 'webview.js' }, nonce);
}

/** One of the extension's pages (the chat, the usage page): the shared base.css, then its own stylesheets, and its script, from dist/, under the CSP above. */
export function pageHtml(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  page: { title: string; styles: string[]; script: string },
  nonce = newNonce(),
): string {
  const asset = (name: string) => webview.asWebviewUri(vscode.Uri.joinPath(pageRoot(extensionUri), name)).toString();
  const source = webview.cspSource;
  const csp = ["default-src 'none'", `script-src 'nonce-${nonce}'`, `style-src ${source}`, `font-src ${source}`, `img-src ${source} data:`].join('; ');
  return `<!DOCTYPE html>
<html lang="${vscode.env.language}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${['base.css', ...page.styles].map((name) => `<link rel="stylesheet" href="${asset(name)}">`).join('\n')}
<title>${page.title}</title>
</head>
<body>
<main id="app" aria-label="${page.title}"></main>
<script nonce="${nonce}" src="${asset(page.script)}"></script>
</body>
</html>`;
}
