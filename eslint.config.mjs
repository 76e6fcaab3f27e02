// Lint keeps the rooms and floors honest (see CONTRIBUTING, "Lint layers"): a feature is reached
// through its door, the platform imports no feature, plain code never touches the editor API, and
// page code never touches Node.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';
import importPlugin from 'eslint-plugin-import';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
// The features, each src/<name>/ with common/, vscode/ and page/ floors and one door, index.ts.
const FEATURES = ['chat', 'commit', 'fix', 'images', 'keys', 'lm', 'models', 'onboarding', 'refactor', 'usage'];
// The top floor: activation, the loader, the suite's handle and the features' doors.
const TOP_FLOOR = ['src/extension.ts', 'src/loader.ts', 'src/testHandle.ts', 'src/*/index.ts'];
// What page code may import of the plain floor (relative to src).
const PAGE_SHARED = [
  './chat/common/protocol/protocol.ts',
  './chat/common/conversation/conversation.ts',
  './platform/actions/actions.ts',
  './platform/reply/retryWait.ts',
  './platform/reply/priceLine.ts',
  './platform/reply/fallbackNote.ts',
  './platform/format',
  './platform/protocol',
  './platform/text/hiddenCharacters.ts',
  './platform/text/lineRange.ts',
  './usage/common/usageReport.ts',
  './usage/common/usageProtocol.ts',
];

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
    // Rooms and floors by path (CONTRIBUTING, "Lint layers"), whatever the import's spelling.
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
              target: './src/platform',
              from: FEATURES.map((feature) => `./src/${feature}`),
              message: 'src/platform is what the features share: it imports no feature.',
            },
            // A feature is reached from outside only through its door.
            ...FEATURES.map((feature) => ({
              target: [`./src/!(${feature})/**/*`, './src/*.ts'],
              from: `./src/${feature}`,
              except: ['./index.ts'],
              message: `Use src/${feature}/index.ts, the feature's door: export what is needed there.`,
            })),
            {
              target: './src/**/page/**/*',
              from: './src',
              except: [...PAGE_SHARED, './chat/page', './usage/page', './platform/page'].filter((place) => !place.includes('/vscode')),
              message:
                'Page code imports page folders and, of the plain floor, only the protocols, the conversation types, the action vocabulary, the wait line, the price line, the fallback note, the formatter and display language, the hidden-character rule, the line-range wording and the usage report.',
            },
          ],
        },
      ],
      // No cycle between files: a cycle shows a vocabulary living in the wrong place. Type-only
      // imports and folders are checked by test/lint/importCycles.mts.
      'import/no-cycle': 'error',
    },
  },
  {
    // The plain floor: everything outside a vscode/ or page/ folder, tested in Node.
    files: ['src/**/*.ts'],
    ignores: ['src/**/vscode/**', 'src/**/page/**', ...TOP_FLOOR],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'Plain code never imports vscode: put editor code in a vscode/ folder.' }],
          patterns: [{ regex: '(^|/)(vscode|page)(/|$)', message: 'The plain floor imports no vscode/ or page/ folder.' }],
        },
      ],
    },
  },
  {
    files: ['src/**/vscode/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)page(/|$)', message: 'The host talks to a page only through its protocol, in the plain floor.' }] },
      ],
    },
  },
  {
    files: ['src/**/page/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'Page code is browser code: talk to the host through the page protocol.' },
            ...nodeBuiltins.map((name) => ({ name, message: 'Page code is browser code: no Node built-ins.' })),
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
