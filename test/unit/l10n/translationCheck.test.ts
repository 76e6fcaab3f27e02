// The check behind npm run l10n:check, on small projects written into a temporary folder.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ruledOutWords, translationProblems } from '../../l10n/translationCheck';

const HOST_CODE = `import * as vscode from 'vscode';
export const saved = (name: string) => vscode.l10n.t('Saved {0}', name);
`;
const CORE_CODE = `import * as l10n from '@vscode/l10n';
export const retry = () => l10n.t({ message: 'Try again', comment: ['a button'] });
`;

/** A glossary as docs/TRANSLATION.md writes it: a row whose note rules words out, and one that rules none. */
const GLOSSARY = `# Translation

### Glossary

| English | Russian | note |
|---|---|---|
| chat, conversation | чат | one word: not «разговор», «переписка» |
| model | модель | \`1 модель\` |
`;

interface Project {
  files?: Record<string, string>;
  bundle?: object;
  bundleRu?: object | null;
  manifest?: object;
  nls?: object;
  nlsRu?: object | null;
}

let root: string;
beforeEach(() => (root = mkdtempSync(path.join(tmpdir(), 'l10n-check-'))));
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A complete project with two strings in code and one command title, changed by `change`. */
function write(change: Project = {}): void {
  const project: Required<Project> = {
    files: { 'src/vscode/host.ts': HOST_CODE, 'src/core/core.ts': CORE_CODE },
    bundle: { 'Saved {0}': 'Saved {0}', 'Try again/a button': { message: 'Try again', comment: ['a button'] } },
    bundleRu: { 'Saved {0}': 'Сохранено: {0}', 'Try again/a button': 'Повторить' },
    manifest: { contributes: { commands: [{ command: 'x.open', title: '%command.open.title%' }] } },
    nls: { 'command.open.title': 'Open' },
    nlsRu: { 'command.open.title': 'Открыть' },
    ...change,
  };
  const put = (file: string, contents: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), contents);
  };
  for (const [file, contents] of Object.entries(project.files)) put(file, contents);
  put('l10n/bundle.l10n.json', JSON.stringify(project.bundle));
  if (project.bundleRu) put('l10n/bundle.l10n.ru.json', JSON.stringify(project.bundleRu));
  put('package.json', JSON.stringify(project.manifest));
  put('package.nls.json', JSON.stringify(project.nls));
  if (project.nlsRu) put('package.nls.ru.json', JSON.stringify(project.nlsRu));
}

describe('npm run l10n:check', () => {
  it('finds nothing in a complete project: vscode.l10n.t and l10n.t strings, commented ones included', async () => {
    write();
    assert.deepEqual(await translationProblems(root), []);
  });

  it('finds a string in code missing from the English bundle, and an English entry no code uses', async () => {
    write({
      files: { 'src/vscode/host.ts': HOST_CODE.replace('Saved {0}', 'Saved to {0}'), 'src/core/core.ts': CORE_CODE },
    });
    assert.deepEqual(await translationProblems(root), [
      'l10n/bundle.l10n.json lacks "Saved to {0}", used in src/vscode/host.ts: run npm run l10n:export',
      'l10n/bundle.l10n.json keeps "Saved {0}", which no code uses: run npm run l10n:export',
    ]);
  });

  it('finds a missing Russian translation and a Russian entry left for a string that no longer exists', async () => {
    write({ bundleRu: { 'Saved {0}': 'Сохранено: {0}', 'Try again': 'Повторить' } });
    assert.deepEqual(await translationProblems(root), [
      'l10n/bundle.l10n.ru.json has no translation of "Try again/a button"',
      'l10n/bundle.l10n.ru.json keeps "Try again", which l10n/bundle.l10n.json no longer has',
    ]);
  });

  it('finds a translation that drops a placeholder, and a missing Russian bundle', async () => {
    write({ bundleRu: { 'Saved {0}': 'Сохранено', 'Try again/a button': 'Повторить' } });
    assert.deepEqual(await translationProblems(root), ['l10n/bundle.l10n.ru.json translates "Saved {0}" with placeholders none, the English has {0}']);
    rmSync(path.join(root, 'l10n/bundle.l10n.ru.json'));
    assert.deepEqual(await translationProblems(root), ['l10n/bundle.l10n.ru.json is missing: every language ships a translation of l10n/bundle.l10n.json']);
  });

  it('finds a variable passed to l10n.t, which extraction cannot read', async () => {
    write({ files: { 'src/core/core.ts': `${CORE_CODE}export const echo = (text: string) => l10n.t(text);\n`, 'src/vscode/host.ts': HOST_CODE } });
    assert.deepEqual(await translationProblems(root), ['src/core/core.ts:3: l10n.t needs a literal message, which extraction can read']);
  });

  it('finds manifest texts: a %key% without English, an unused English key, a missing and a stale Russian key', async () => {
    write({
      manifest: { contributes: { commands: [{ command: 'x.open', title: '%command.open.title%', category: '%command.category%' }] } },
      nls: { 'command.open.title': 'Open', 'command.close.title': 'Close' },
      nlsRu: { 'command.close.title': 'Закрыть', 'command.old.title': 'Старое' },
    });
    assert.deepEqual(await translationProblems(root), [
      'package.nls.json lacks "command.category", referenced in package.json',
      'package.nls.json keeps "command.close.title", which package.json does not reference',
      'package.nls.ru.json has no translation of "command.open.title"',
      'package.nls.ru.json keeps "command.old.title", which package.nls.json no longer has',
    ]);
  });

  describe('the glossary', () => {
    const withGlossary = (files: Record<string, string>) =>
      write({ files: { 'src/vscode/host.ts': HOST_CODE, 'src/core/core.ts': CORE_CODE, 'docs/TRANSLATION.md': GLOSSARY, ...files } });

    it('finds nothing when the Russian texts keep to it', async () => {
      withGlossary({ 'README.ru.md': 'История чатов и модели.\n' });
      assert.deepEqual(await translationProblems(root), []);
    });

    it('finds a word it rules out, in any form and case, in the bundles, the manifest texts, README.ru.md and the walkthrough', async () => {
      withGlossary({
        'README.ru.md': '# Чат\n\nПоиск по Разговорам и переписке.\n',
        'media/walkthrough/chat.nls.ru.md': 'Начните разговор.\n',
        'media/walkthrough/chat.md': 'A conversation (разговор) in English is not held.\n',
      });
      writeFileSync(
        path.join(root, 'l10n/bundle.l10n.ru.json'),
        JSON.stringify({ 'Saved {0}': 'Переписка сохранена: {0}', 'Try again/a button': 'Повторить' }),
      );
      writeFileSync(path.join(root, 'package.nls.ru.json'), JSON.stringify({ 'command.open.title': 'Открыть разговор' }));
      assert.deepEqual(await translationProblems(root), [
        'l10n/bundle.l10n.ru.json translates "Saved {0}" with «Переписка»: the glossary says «чат», not «переписка»',
        'package.nls.ru.json translates "command.open.title" with «разговор»: the glossary says «чат», not «разговор»',
        'README.ru.md:3: «Разговорам»: the glossary says «чат», not «разговор»',
        'README.ru.md:3: «переписке»: the glossary says «чат», not «переписка»',
        'media/walkthrough/chat.nls.ru.md:1: «разговор»: the glossary says «чат», not «разговор»',
      ]);
    });

    it("reads the project's own glossary: «чат» is the one word for a conversation, «ключ API» is not «API-ключ», «кэш» is not «кеш»", () => {
      const words = ruledOutWords(readFileSync(path.join(__dirname, '../../../docs/TRANSLATION.md'), 'utf8'));
      assert.deepEqual(
        words.map(({ word, term }) => `${term} | ${word}`),
        ['ключ API | API-ключ', 'чат | разговор', 'чат | переписка', 'чат | беседа', 'кэш, из кэша | кеш'],
      );
    });

    it('reads a word from its start only: one that holds it inside is another word', async () => {
      withGlossary({ 'README.ru.md': 'Неразговорчивый помощник.\n' });
      assert.deepEqual(await translationProblems(root), []);
    });
  });
});
