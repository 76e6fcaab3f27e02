// Builds every bundle the extension ships, plus the extension-host test bundle.
//   node esbuild.mjs               development build (sourcemaps)
//   node esbuild.mjs --production  minified, no sourcemaps (what the .vsix holds)
//   node esbuild.mjs --watch       rebuild on change
//   node esbuild.mjs --tests       also the extension-host suite (out/test/extension/)
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const tests = process.argv.includes('--tests');

const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  logLevel: 'info',
  legalComments: production ? 'none' : 'inline',
};

/** Resolves `undici` to dist/undici.js at run time instead of bundling it. */
const undiciBesideTheBundle = {
  name: 'undici-beside-the-bundle',
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, () => ({ path: './undici.js', external: true }));
  },
};

/** Resolves the HTML libraries of a `#url` page to dist/htmlLibrary.js at run time instead of bundling them. */
const htmlLibraryBesideTheBundle = {
  name: 'html-library-beside-the-bundle',
  setup(build) {
    build.onResolve({ filter: /\/htmlLibrary$/ }, () => ({ path: './htmlLibrary.js', external: true }));
  },
};

/**
 * Every `import * as vscode from 'vscode'` shares one namespace object. Left to itself, esbuild
 * gives each importing module its own copy of the API object (__toESM copies every property as
 * a getter): 30 copies of several hundred properties, ~10 ms of activation in a profile.
 */
const oneVscodeNamespace = {
  name: 'one-vscode-namespace',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-api' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-api' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-api' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

/** @type {esbuild.BuildOptions[]} */
const targets = [
  {
    // The entry the manifest names: it runs dist/main.js through V8's code cache (src/loader.ts).
    ...common,
    entryPoints: ['src/loader.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
  },
  {
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/main.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    plugins: [undiciBesideTheBundle, htmlLibraryBesideTheBundle, oneVscodeNamespace],
  },
  {
    // node-html-markdown and node-html-parser, with their entity tables: loaded on the first `#url` page only.
    ...common,
    entryPoints: ['src/chat/common/attachments/webPage/htmlLibrary.ts'],
    outfile: 'dist/htmlLibrary.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  },
  {
    // undici is half the extension's code and only needed once a request is made:
    // its own file keeps it out of what the host parses at activation.
    ...common,
    entryPoints: ['node_modules/undici/index.js'],
    outfile: 'dist/undici.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  },
  {
    // The chat page: browser code, loaded by the webview under its CSP.
    ...common,
    entryPoints: ['src/chat/page/main.ts'],
    outfile: 'dist/webview.js',
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
  },
  {
    // The usage page (Show Usage), under the same CSP.
    ...common,
    entryPoints: ['src/usage/page/main.ts'],
    outfile: 'dist/usage.js',
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
  },
];

// The pages' stylesheets (the base both share, each page's own) and icon font, served from dist/ (the webview's only resource root).
function copyPageAssets() {
  mkdirSync('dist', { recursive: true });
  copyFileSync('media/base.css', 'dist/base.css');
  copyFileSync('media/chat.css', 'dist/webview.css');
  copyFileSync('media/usage.css', 'dist/usage.css');
  copyFileSync('node_modules/@vscode/codicons/dist/codicon.css', 'dist/codicon.css');
  copyFileSync('node_modules/@vscode/codicons/dist/codicon.ttf', 'dist/codicon.ttf');
}
copyPageAssets();

if (tests) {
  // One bundle per test file beside index.js, which finds them at run time;
  // mocha stays external so both hosts load it from node_modules, and so does the npm proxy
  // package: an ES module that reads its own package.json through import.meta, which a CJS bundle lacks.
  const testFiles = readdirSync('test/extension')
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `test/extension/${f}`);
  // index.js runs every *.test.js it finds: drop bundles of deleted tests.
  rmSync('out/test/extension', { recursive: true, force: true });
  targets.push({
    ...common,
    minify: false,
    sourcemap: true,
    // otherWindow.ts: the tests entry of the second window some suites open (secondWindow.ts).
    entryPoints: ['test/extension/index.ts', 'test/extension/otherWindow.ts', ...testFiles],
    outdir: 'out/test/extension',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', 'mocha', 'proxy'],
  });
}

if (watch) {
  const contexts = await Promise.all(targets.map((t) => esbuild.context(t)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(targets.map((t) => esbuild.build(t)));
}
