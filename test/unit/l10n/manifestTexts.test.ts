// package.json shows no text of its own: every title and description is a %key% that
// package.nls.json words in English and package.nls.<lang>.json in each other language.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifestProblems } from '../../l10n/translationCheck';

const root = join(__dirname, '../../..');
const readJson = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as unknown;
const manifest = readJson('package.json') as {
  description: string;
  contributes: {
    commands: { command: string; title: string; category: string }[];
    walkthroughs: { steps: { media: { markdown: string } }[] }[];
  };
};
const languages = readdirSync(root).flatMap((name) => /^package\.nls\.(.+)\.json$/.exec(name)?.[1] ?? []);
const texts = (language?: string) => readJson(language ? `package.nls.${language}.json` : 'package.nls.json') as Record<string, string>;

/** The properties whose strings VS Code shows to the user. */
const SHOWN = new Set([
  'title',
  'description',
  'markdownDescription',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'patternErrorMessage',
  'category',
  'name',
  'contextualTitle',
  'displayName',
  'label',
  'altText',
]);

function shownTexts(value: unknown, where: string, found: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) value.forEach((item, i) => shownTexts(item, `${where}[${i}]`, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (SHOWN.has(key) && typeof item === 'string') found.push([`${where}.${key}`, item]);
      else if (SHOWN.has(key) && Array.isArray(item)) item.forEach((text, i) => found.push([`${where}.${key}[${i}]`, String(text)]));
      else shownTexts(item, `${where}.${key}`, found);
    }
  }
  return found;
}

const key = (reference: string) => /^%(.+)%$/.exec(reference)?.[1] ?? reference;

describe('manifest texts (package.nls.json and its translations)', () => {
  it('ships Russian', () => assert.ok(languages.includes('ru'), String(languages)));

  it('every title and description in package.json is a %key%', () => {
    const literal = shownTexts(manifest.contributes, 'contributes').filter(([, text]) => !/^%[^%]+%$/.test(text));
    assert.deepEqual(literal, []);
    assert.match(manifest.description, /^%[^%]+%$/);
  });

  it('every %key% has its English and its translations, and no key is left over', () => {
    assert.deepEqual(manifestProblems(root), []);
  });

  for (const language of [undefined, ...languages]) {
    const words = texts(language);
    const titleOf = new Map(manifest.contributes.commands.map((c) => [c.command, words[key(c.title)]!]));
    const fullTitles = new Set(manifest.contributes.commands.map((c) => `${words[key(c.category)]}: ${words[key(c.title)]}`));
    const all = Object.values(words).join('\n');

    it(`${language ?? 'English'}: a command quoted as **Category: Title** is named by its title in that language`, () => {
      const category = words[key(manifest.contributes.commands[0]!.category)]!;
      const quoted = [...all.matchAll(/\*\*([^*]+)\*\*/g)].map(([, name]) => name!).filter((name) => name.startsWith(`${category}: `));
      assert.ok(quoted.length > 0);
      for (const name of quoted) assert.ok(fullTitles.has(name), name);
    });

    it(`${language ?? 'English'}: a command link in the walkthrough is labelled with that command's title`, () => {
      const links = [...all.matchAll(/\[([^\]]+)\]\(command:([\w.]+)\)/g)];
      assert.equal(links.length, 4);
      for (const [, label, command] of links) assert.equal(label, titleOf.get(command!)?.replace(/…$/, ''), command);
    });
  }

  it('every walkthrough page has a translation beside it (VS Code reads <page>.nls.<lang>.md), naming the same commands', () => {
    const titles = (language?: string) => manifest.contributes.commands.map((c) => `**${texts(language)[key(c.title)]!.replace(/…$/, '')}**`);
    const english = titles();
    let named = 0;
    for (const step of manifest.contributes.walkthroughs.flatMap((w) => w.steps)) {
      const quoted = english.flatMap((title, i) => (readFileSync(join(root, step.media.markdown), 'utf8').includes(title) ? [i] : []));
      named += quoted.length;
      for (const language of languages) {
        const page = step.media.markdown.replace(/\.md$/, `.nls.${language}.md`);
        assert.ok(existsSync(join(root, page)), page);
        const translated = readFileSync(join(root, page), 'utf8');
        for (const i of quoted) assert.ok(translated.includes(titles(language)[i]!), `${page} names ${titles(language)[i]}`);
      }
    }
    assert.ok(named >= 5, `${named} command names in the pages`);
  });
});
