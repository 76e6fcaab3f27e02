// The check behind `npm run l10n:check`: every text the extension shows has an English entry
// and a translation into each language it ships, and no entry outlives its text.
// - Code: the strings @vscode/l10n-dev extracts from src (vscode.l10n.t, l10n.t) against
//   l10n/bundle.l10n.json, and that bundle against l10n/bundle.l10n.<lang>.json.
// - Manifest: the %key% references in package.json against package.nls.json, and that file
//   against package.nls.<lang>.json.
// - Glossary: a word the glossary of docs/TRANSLATION.md rules out ("not «…»") appears in no
//   Russian text, in any of its forms.
// docs/TRANSLATION.md describes the mechanism.
import { getL10nJson, type l10nJsonFormat } from '@vscode/l10n-dev';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

/** Languages the extension must ship whole, whether or not their files exist yet. */
export const REQUIRED_LANGUAGES = ['ru'];

const BUNDLE = 'l10n/bundle.l10n.json';
const MANIFEST_TEXTS = 'package.nls.json';
const EXPORT_HINT = 'run npm run l10n:export';

type Texts = Record<string, string>;

/** Every problem found under `root` (a project folder), as one line each; none when complete. */
export async function translationProblems(root: string): Promise<string[]> {
  return [...(await codeProblems(root)), ...manifestProblems(root), ...glossaryProblems(root)];
}

async function codeProblems(root: string): Promise<string[]> {
  const problems: string[] = [];
  const used = new Map<string, string>();
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    const contents = readFileSync(file, 'utf8');
    problems.push(...unreadableCalls(relative, contents));
    for (const key of Object.keys(await getL10nJson([{ contents, extension: '.ts' }]))) {
      if (!used.has(key)) used.set(key, relative);
    }
  }
  const english = messages(readJson<l10nJsonFormat>(root, BUNDLE) ?? {});
  for (const [key, file] of used) if (!(key in english)) problems.push(`${BUNDLE} lacks "${key}", used in ${file}: ${EXPORT_HINT}`);
  for (const key of Object.keys(english)) if (!used.has(key)) problems.push(`${BUNDLE} keeps "${key}", which no code uses: ${EXPORT_HINT}`);
  for (const language of languages(root, /^bundle\.l10n\.(.+)\.json$/, 'l10n')) {
    problems.push(...translationGaps(root, `l10n/bundle.l10n.${language}.json`, english, BUNDLE));
  }
  return problems;
}

/** The manifest's texts: package.json against package.nls.json, and that against each translation. */
export function manifestProblems(root: string): string[] {
  const problems: string[] = [];
  const english = readJson<Texts>(root, MANIFEST_TEXTS) ?? {};
  const referenced = new Set([...readFileSync(path.join(root, 'package.json'), 'utf8').matchAll(/"%([^"%]+)%"/g)].map(([, key]) => key!));
  for (const key of referenced) if (!(key in english)) problems.push(`${MANIFEST_TEXTS} lacks "${key}", referenced in package.json`);
  for (const key of Object.keys(english)) if (!referenced.has(key)) problems.push(`${MANIFEST_TEXTS} keeps "${key}", which package.json does not reference`);
  for (const language of languages(root, /^package\.nls\.(.+)\.json$/, '.')) {
    problems.push(...translationGaps(root, `package.nls.${language}.json`, english, MANIFEST_TEXTS));
  }
  return problems;
}

/** A translation file against its English: each key translated, with the same placeholders, and nothing more. */
function translationGaps(root: string, file: string, english: Texts, englishFile: string): string[] {
  const translated = readJson<Texts>(root, file);
  if (!translated) return [`${file} is missing: every language ships a translation of ${englishFile}`];
  const problems: string[] = [];
  for (const [key, message] of Object.entries(english)) {
    const translation = translated[key];
    if (typeof translation !== 'string' || translation.trim() === '') {
      problems.push(`${file} has no translation of "${key}"`);
    } else if (placeholders(translation) !== placeholders(message)) {
      problems.push(`${file} translates "${key}" with placeholders ${placeholders(translation) || 'none'}, the English has ${placeholders(message) || 'none'}`);
    }
  }
  for (const key of Object.keys(translated)) if (!(key in english)) problems.push(`${file} keeps "${key}", which ${englishFile} no longer has`);
  return problems;
}

const GLOSSARY = 'docs/TRANSLATION.md';
/** The Russian texts the glossary holds: what the extension shows, and the documents that name what it shows. */
const RUSSIAN_TEXTS = { bundles: ['l10n/bundle.l10n.ru.json', 'package.nls.ru.json'], documents: ['README.ru.md', 'media/walkthrough'] };

/** A word ruled out in the glossary: the word as written there, the term to use instead, and a pattern for its forms. */
interface RuledOut {
  word: string;
  term: string;
  forms: RegExp;
}

/**
 * The words the glossary rules out: in a row of its table whose note says `not «X», «Y»`, X and Y
 * (the row's Russian term is used instead). A word is matched in any of its forms: from its
 * start, with its last vowel (or й, ь) left off, so «переписка» finds «перепиской» too.
 */
export function ruledOutWords(glossary: string): RuledOut[] {
  const section = glossary.slice(glossary.indexOf('### Glossary'));
  const words: RuledOut[] = [];
  for (const row of section.split('\n').filter((line) => line.startsWith('|'))) {
    const [, , term, note] = row.split('|').map((cell) => cell.trim());
    const ruled = note && /\bnot ((?:«[^»]+»(?:,\s*|\s+or\s+)?)+)/.exec(note)?.[1];
    if (!term || !ruled) continue;
    for (const [, word] of ruled.matchAll(/«([^»]+)»/g)) {
      const stem = word!.replace(/[аяоеёыиуюьй]$/iu, '');
      words.push({ word: word!, term, forms: new RegExp(`(?<![\\p{L}\\p{N}-])${escapeRegExp(stem)}\\p{L}*`, 'giu') });
    }
  }
  return words;
}

/** Each Russian text that uses a word the glossary rules out: the bundles by key, the documents by line. */
export function glossaryProblems(root: string): string[] {
  const glossary = existsSync(path.join(root, GLOSSARY)) ? readFileSync(path.join(root, GLOSSARY), 'utf8') : '';
  const words = ruledOutWords(glossary);
  if (words.length === 0) return [];
  const found = (text: string) =>
    words.flatMap((rule) => [...text.matchAll(rule.forms)].map(([form]) => `«${form}»: the glossary says «${rule.term}», not «${rule.word}»`));
  const problems: string[] = [];
  for (const file of RUSSIAN_TEXTS.bundles) {
    for (const [key, text] of Object.entries(readJson<Texts>(root, file) ?? {}))
      problems.push(...found(text).map((problem) => `${file} translates "${key}" with ${problem}`));
  }
  for (const file of RUSSIAN_TEXTS.documents.flatMap((name) => russianDocuments(root, name))) {
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .forEach((line, at) => problems.push(...found(line).map((problem) => `${file}:${at + 1}: ${problem}`)));
  }
  return problems;
}

/** `name` when it is a file, else the Russian pages in that folder (`<page>.nls.ru.md`). */
function russianDocuments(root: string, name: string): string[] {
  const full = path.join(root, name);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [name];
  return readdirSync(full)
    .filter((file) => file.endsWith('.nls.ru.md'))
    .sort()
    .map((file) => `${name}/${file}`);
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The extraction reads only literal messages: a variable passed to l10n.t would be left untranslated. */
function unreadableCalls(file: string, contents: string): string[] {
  return [...contents.matchAll(/\bl10n\.t\(\s*([^\s])/g)]
    .filter(([, first]) => !`'"\`{`.includes(first!))
    .map((match) => `${file}:${contents.slice(0, match.index).split('\n').length}: l10n.t needs a literal message, which extraction can read`);
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .sort()
    .map((name) => path.join(dir, name));
}

function languages(root: string, pattern: RegExp, folder: string): string[] {
  const dir = path.join(root, folder);
  const found = existsSync(dir) ? readdirSync(dir).flatMap((name) => pattern.exec(name)?.[1] ?? []) : [];
  return [...new Set([...REQUIRED_LANGUAGES, ...found])].sort();
}

/** A bundle's entries are a message or { message, comment }; translations are plain strings. */
function messages(bundle: l10nJsonFormat): Texts {
  return Object.fromEntries(Object.entries(bundle).map(([key, value]) => [key, typeof value === 'string' ? value : value.message]));
}

const placeholders = (message: string): string => [...new Set(message.match(/\{\d+\}/g) ?? [])].sort().join(' ');

function readJson<T>(root: string, file: string): T | undefined {
  const full = path.join(root, file);
  return existsSync(full) ? (JSON.parse(readFileSync(full, 'utf8')) as T) : undefined;
}
