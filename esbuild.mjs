// Builds every bundle the extension ships, plus the extension-host test bundle.
//   node esbuild.mjs               development build (sourcemaps)
//   node esbuild.mjs --production  minified, no sourcemaps (what the .vsix holds)
//   node esbuild.mjs --watch       rebuild on change
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  logLevel: 'info',
  legalComments: production ? 'none' : 'inline',
};

/** @type {esbuild.BuildOptions[]} */
const targets = [
  {
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
  },
  {
    // The chat page: browser code, loaded by the webview under its CSP.
    ...common,
    entryPoints: ['src/webview/main.ts'],
    outfile: 'dist/webview.js',
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
  },
];

// The page's stylesheet and icon font, served from dist/ (the webview's only resource root).
function copyPageAssets() {
  mkdirSync('dist', { recursive: true });
  copyFileSync('media/chat.css', 'dist/webview.css');
  copyFileSync('node_modules/@vscode/codicons/dist/codicon.css', 'dist/codicon.css');
  copyFileSync('node_modules/@vscode/codicons/dist/codicon.ttf', 'dist/codicon.ttf');
}
copyPageAssets();

if (watch) {
  const contexts = await Promise.all(targets.map((t) => esbuild.context(t)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(targets.map((t) => esbuild.build(t)));
}
