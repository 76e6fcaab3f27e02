// Puts the core in a display language for a test, as the host does at activation: the bundle
// l10n.t reads, the locale numbers are formatted for, and the command titles advice quotes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setDisplayLanguage } from '#src/platform/format/displayLanguage';
import { configureCommandTitles, manifestCommands } from '#src/platform/manifest/commandTitles';

const root = join(__dirname, '../../..');
const readJson = (file: string): Record<string, string> => JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, string>;

export function useRussian(): void {
  setDisplayLanguage('ru', readJson('l10n/bundle.l10n.ru.json'));
  configureCommandTitles(manifestCommands(readJson('package.nls.ru.json')));
}

/** Back to what the core is without a host: English. */
export function useEnglish(): void {
  setDisplayLanguage('en', undefined);
  configureCommandTitles(manifestCommands(readJson('package.nls.json')));
}
