// The chat page's HTML: one function, a strict CSP with a fresh nonce per load. Scripts run
// only by nonce, styles and fonts come only from the extension's dist folder, images only
// from the webview's local resources (dist, the folder of saved images) or data: URIs, never a remote
// address, and the page may connect nowhere: model output cannot fetch.
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
 * The page loads its own files, and the images `/image` saved: only the folder they are saved
 * in (`imageFolder`, from multiModelAI.imageFolder), never the rest of the workspace.
 */
export function pageOptions(extensionUri: vscode.Uri, imageFolder: string | undefined): vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    localResourceRoots: [pageRoot(extensionUri), ...(imageFolder ? [vscode.Uri.file(imageFolder)] : [])],
  };
}

/** The pages' Content-Security-Policy: scripts by `nonce` only, styles, fonts and images from `source` (the webview's resources). */
export function pageCsp(source: string, nonce: string): string {
  return ["default-src 'none'", `script-src 'nonce-${nonce}'`, `style-src ${source}`, `font-src ${source}`, `img-src ${source} data:`].join('; ');
}

export function chatHtml(webview: vscode.Webview, extensionUri: vscode.Uri, nonce = newNonce()): string {
  const asset = (name: string) => webview.asWebviewUri(vscode.Uri.joinPath(pageRoot(extensionUri), name)).toString();
  const title = vscode.l10n.t('Multi-Model AI Chat');
  const csp = pageCsp(webview.cspSource, nonce);
  return `<!DOCTYPE html>
<html lang="${vscode.env.language}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${asset('codicon.css')}">
<link rel="stylesheet" href="${asset('webview.css')}">
<title>${title}</title>
</head>
<body>
<main id="app" aria-label="${title}"></main>
<script nonce="${nonce}" src="${asset('webview.js')}"></script>
</body>
</html>`;
}
