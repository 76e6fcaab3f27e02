// Command titles as the user sees them ("Multi-Model AI: Set API Key"), for texts that name a
// command. They come from the manifest's own table, so advice follows the titles and their
// translation: the host configures them at activation from the packageJSON VS Code translated;
// until then (unit tests) they are the English of package.nls.json.
import englishTexts from '../../../package.nls.json';
import { CONFIG_SECTION, type CommandId, Commands } from './ids';

/** A manifest text as the extension's packageJSON holds it: translated ones are `{ value, original }`. */
export type ManifestText = string | { value: string; original?: string };

/** One entry of packageJSON.contributes.commands, as far as titles go. */
export interface ManifestCommand {
  command: string;
  title: ManifestText;
  category?: ManifestText;
}

let shown: ReadonlyMap<string, string> | undefined;

/** The host, at activation: `vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.contributes.commands`. */
export function configureCommandTitles(commands: readonly ManifestCommand[]): void {
  shown = new Map(commands.map((entry) => [entry.command, fullTitle(entry)]));
}

/** "Multi-Model AI: Set API Key" in the display language, as the Command Palette lists it. */
export function commandTitle(id: CommandId): string {
  return (shown ?? englishTitles()).get(id) ?? id;
}

/**
 * The commands' titles from a package.nls table (`command.<name>.title`, `command.category`),
 * as VS Code would translate the manifest with it; package.nls.ru.json gives the Russian.
 */
export function manifestCommands(texts: Readonly<Record<string, string>>): ManifestCommand[] {
  return Object.values(Commands).map((command) => ({
    command,
    title: texts[`command.${command.slice(CONFIG_SECTION.length + 1)}.title`] ?? command,
    category: texts['command.category'],
  }));
}

let english: ReadonlyMap<string, string> | undefined;
function englishTitles(): ReadonlyMap<string, string> {
  english ??= new Map(manifestCommands(englishTexts).map((entry) => [entry.command, fullTitle(entry)]));
  return english;
}

function fullTitle({ title, category }: ManifestCommand): string {
  return category === undefined ? textOf(title) : `${textOf(category)}: ${textOf(title)}`;
}

const textOf = (text: ManifestText): string => (typeof text === 'string' ? text : text.value);
