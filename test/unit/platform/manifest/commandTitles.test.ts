import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandTitle, configureCommandTitles, manifestCommands } from '#src/platform/manifest/commandTitles';
import { Commands } from '#src/platform/manifest/ids';

const root = join(__dirname, '../../../..');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(root, file), 'utf8')) as T;

describe('commandTitles', () => {
  afterEach(() => configureCommandTitles(manifestCommands(readJson('package.nls.json'))));

  it('names a command in English until the host configures the titles', () => {
    assert.equal(commandTitle(Commands.setApiKey), 'Multi-Model AI: Set API Key');
    assert.equal(commandTitle(Commands.selectModel), 'Multi-Model AI: Select Model');
  });

  it('reads the titles VS Code translated, whether plain strings or { value, original }', () => {
    configureCommandTitles([
      {
        command: Commands.setApiKey,
        title: { value: 'Задать ключ API', original: 'Set API Key' },
        category: { value: 'Multi-Model AI', original: 'Multi-Model AI' },
      },
      { command: Commands.showLog, title: 'Показать журнал', category: 'Multi-Model AI' },
    ]);
    assert.equal(commandTitle(Commands.setApiKey), 'Multi-Model AI: Задать ключ API');
    assert.equal(commandTitle(Commands.showLog), 'Multi-Model AI: Показать журнал');
  });

  it('builds the Russian titles from package.nls.ru.json', () => {
    configureCommandTitles(manifestCommands(readJson('package.nls.ru.json')));
    assert.equal(commandTitle(Commands.setApiKey), 'Multi-Model AI: Задать ключ API');
  });

  it('package.json names each command title by the key manifestCommands reads', () => {
    const commands = readJson<{ contributes: { commands: { command: string; title: string; category: string }[] } }>('package.json').contributes.commands;
    const expected = manifestCommands({}).map(({ command }) => command);
    assert.deepEqual(commands.map(({ command }) => command).sort(), [...expected].sort());
    for (const { command, title, category } of commands) {
      assert.equal(title, `%command.${command.replace('multiModelAI.', '')}.title%`);
      assert.equal(category, '%command.category%');
    }
  });
});
