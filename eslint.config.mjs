// Lint keeps the three layers honest (see CONTRIBUTING, "Lint layers"): src/core never
// touches the editor API, src/webview never touches Node.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';
import importPlugin from 'eslint-plugin-import';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', '.cache/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // zod's `z` object re-exports every locale and defeats tree-shaking (+370 KB per bundle).
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
          message: "Use `import * as z from 'zod'`: the `z` object defeats tree-shaking.",
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The layers by path (CONTRIBUTING, "Lint layers"), whatever the import's spelling.
    files: ['src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
      // The plugin reads the files an import leads to (for import/no-cycle) with the TypeScript parser.
      'import/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/core',
              from: ['./src/vscode', './src/webview', './src/extension.ts', './src/loader.ts'],
              message: 'src/core is the plain-TypeScript floor: it imports nothing above it.',
            },
            { target: './src/vscode', from: './src/webview', message: 'The host talks to the page through src/chat/common/protocol/protocol.ts only.' },
            {
              target: './src/vscode',
              from: './src/core',
              except: ['./index.ts'],
              message: 'src/vscode uses the core through its one door, src/core/index.ts: export what is needed there, with its TSDoc line.',
            },
            {
              target: './src/webview',
              from: ['./src/core', './src/vscode', './src/extension.ts', './src/loader.ts'],
              except: [
                './chat/protocol.ts',
                './chat/conversation.ts',
                './actions.ts',
                './reply/retryWait.ts',
                './format/localeFormat.ts',
                './format/displayLanguage.ts',
                './text/hiddenCharacters.ts',
                './text/lineRange.ts',
                './usage/usageReport.ts',
              ],
              message:
                'The page may import from core only the protocol, the conversation types, the action vocabulary, the wait line, the locale formatter and the display language, the hidden-character rule, the line-range wording and the usage report.',
            },
          ],
        },
      ],
      // No cycle between files: a cycle shows a vocabulary living in the wrong place.
      'import/no-cycle': 'error',
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'src/core is plain TypeScript: put editor code in src/vscode.' }],
        },
      ],
    },
  },
  {
    files: ['src/webview/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'The webview is browser code: talk to the host through src/chat/common/protocol/protocol.ts.' },
            ...nodeBuiltins.map((name) => ({ name, message: 'The webview is browser code: no Node built-ins.' })),
          ],
        },
      ],
    },
  },
  {
    // A plain CommonJS extension, loaded as it is (no build step).
    files: ['test/host/exportsProbe/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', exports: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '.ci/**', 'test/**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
  },
);
