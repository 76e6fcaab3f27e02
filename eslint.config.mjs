// Lint keeps the three layers honest (see README, "Layout"): src/core never
// touches the editor API, src/webview never touches Node.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];


export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', '.cache/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // zod's `z` object re-exports every locale and defeats tree-shaking (+370 KB per bundle).
      'no-restricted-syntax': ['error', {
        selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
        message: "Use `import * as z from 'zod'`: the `z` object defeats tree-shaking.",
      }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'src/core is plain TypeScript: put editor code in src/vscode.' }],
      }],
    },
  },
  {
    files: ['src/webview/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: 'vscode', message: 'The webview is browser code: talk to the host through src/core/protocol.ts.' },
          ...nodeBuiltins.map((name) => ({ name, message: 'The webview is browser code: no Node built-ins.' })),
        ],
      }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '.ci/**', 'test/**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
  },
);
