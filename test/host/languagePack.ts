// A display language for a test code-server (docs/TESTING.md, "A Russian VS Code"). A locale
// alone resolves to English: the server needs an installed language pack for it. The real
// packs live on marketplaces this machine cannot reach, and the extension's own texts need
// none of their contents, so a pack of our own with an empty translation of the workbench
// stands in. The server reads the installed packs from languagepacks.json in the user data
// folder (--install-extension does not register one), so that file is written here too.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CodeServerDirs } from './codeServer';

/** The display languages a test host can start in, beside the default English. */
export const TEST_LOCALES = ['ru'] as const;
export type TestLocale = (typeof TEST_LOCALES)[number];

const LABELS: Record<TestLocale, { name: string; localizedName: string }> = {
  ru: { name: 'Russian', localizedName: 'русский' },
};

const PUBLISHER = 'multi-model-ai-tests';
const VERSION = '0.0.1';

/** `--locale ru` on the command line, or undefined for English. */
export function parseLocale(argv: string[]): TestLocale | undefined {
  const at = argv.indexOf('--locale');
  if (at === -1) return undefined;
  const locale = argv[at + 1];
  if (!TEST_LOCALES.includes(locale as TestLocale)) throw new Error(`--locale takes one of ${TEST_LOCALES.join(', ')}, got "${locale ?? ''}".`);
  return locale as TestLocale;
}

/** Writes the pack into the run folder and registers it in the user data folder; returns the pack's folder. */
export function installLanguagePack(dirs: CodeServerDirs, locale: TestLocale): string {
  const name = `language-pack-${locale}`;
  const packDir = path.join(dirs.runDir, name);
  const translations = path.join(packDir, 'translations', 'main.i18n.json');
  mkdirSync(path.dirname(translations), { recursive: true });
  const { name: languageName, localizedName } = LABELS[locale];
  writeJson(path.join(packDir, 'package.json'), {
    name,
    publisher: PUBLISHER,
    version: VERSION,
    engines: { vscode: '^1.100.0' },
    contributes: {
      localizations: [
        { languageId: locale, languageName, localizedLanguageName: localizedName, translations: [{ id: 'vscode', path: './translations/main.i18n.json' }] },
      ],
    },
  });
  // An empty translation: the workbench's own texts stay English, the extension's follow the locale.
  writeJson(translations, { version: '1.0.0', contents: {} });
  writeJson(path.join(dirs.userDataDir, 'languagepacks.json'), {
    [locale]: {
      hash: `${name}-${VERSION}`,
      extensions: [{ extensionIdentifier: { id: `${PUBLISHER}.${name}` }, version: VERSION }],
      translations: { vscode: translations },
      label: localizedName,
    },
  });
  return packDir;
}

function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}
