// Deterministic replies: the same prompt always gives the same markdown (a paragraph, a
// list and a fenced code block in the prompt's language), as long as `[[tokens:N]]` asks.
import { languageOf, LANGUAGES, NAMED_IN_PROSE } from './codeSamples';

const LENGTH_DIRECTIVE = /\[\[tokens:(\d+)\]\]/;
const MAX_REQUESTED_TOKENS = 2_000_000;
const PACE_DIRECTIVE = /\[\[pace:(\d+)\]\]/;
const MAX_PACE_MS = 1_000;
const FENCE = /```([^\s`]*)[^\n]*\n([\s\S]*?)```/;

/** Splits text into deltas: a word with its trailing whitespace. Joining them gives the text back. */
export function tokenize(text: string): string[] {
  if (text.length === 0) return [];
  return text.match(/\s*\S+\s*/g) ?? [text];
}

export function countTokens(text: string): number {
  return tokenize(text).length;
}

export function requestedLength(prompt: string): number | undefined {
  const match = LENGTH_DIRECTIVE.exec(prompt);
  return match ? Math.min(Number(match[1]), MAX_REQUESTED_TOKENS) : undefined;
}

/** `[[pace:MS]]`: a streamed reply waits MS ms before each delta, as a model makes one token at a time. */
export function requestedPace(prompt: string): number {
  const match = PACE_DIRECTIVE.exec(prompt);
  return match ? Math.min(Number(match[1]), MAX_PACE_MS) : 0;
}

/** FNV-1a, then mulberry32: a small seeded generator so choices depend on the prompt only. */
function seededRandom(text: string): () => number {
  let seed = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) seed = Math.imul(seed ^ text.charCodeAt(i), 0x01000193);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const OPENINGS = ['Here is a short answer about', 'Let us look at', 'A practical take on', 'Some notes on'];
const POINTS = [
  'Keep the input validated at the boundary.',
  'Prefer small functions with one job each.',
  'Name values after what they hold.',
  'Handle the empty case first.',
  'Return early instead of nesting conditions.',
  'Write a test for the edge you just fixed.',
  'Keep side effects at the edges of the program.',
  'Measure before optimising anything.',
];
const CLOSINGS = ['That should cover it.', 'Adapt the names to your code base.', 'Run the tests after applying it.'];
const FUNCTION_NAMES = ['sumAbove', 'totalOver', 'collectLarge', 'addPositive', 'keepAndSum'];

/** The language to answer in: a fenced block's tag, else a language named in the prose, else TypeScript. */
function chooseLanguage(prompt: string): { tag: string; code?: string } {
  const fence = FENCE.exec(prompt);
  if (fence) return { tag: fence[1] || 'typescript', code: fence[2] ?? '' };
  let best: { tag: string; at: number } | undefined;
  for (const name of NAMED_IN_PROSE) {
    const escaped = name.replace(/[+#]/g, (c) => `\\${c}`);
    const at = new RegExp(`(?<![\\w#+])${escaped}(?![\\w#+])`, 'i').exec(prompt)?.index;
    if (at !== undefined && (!best || at < best.at)) best = { tag: name, at };
  }
  return { tag: best ? (languageOf(best.tag)?.aliases[0] ?? best.tag) : 'typescript' };
}

function topicOf(prompt: string): string {
  const words = prompt
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(LENGTH_DIRECTIVE, ' ')
    .replace(PACE_DIRECTIVE, ' ')
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);
  return words.length > 0 ? words.join(' ') : 'your request';
}

function codeBlock(tag: string, random: () => number, part: number, promptCode?: string): string {
  const language = languageOf(tag) ?? LANGUAGES.typescript!;
  const body =
    promptCode !== undefined
      ? `${language.comment} Refactored: same behaviour, tidier layout.\n${promptCode.replace(/[ \t]+$/gm, '').trimEnd()}\n`
      : language.sample(`${pick(random, FUNCTION_NAMES)}${part > 0 ? part : ''}`, Math.floor(random() * 100));
  return `\`\`\`${tag}\n${body}\`\`\`\n\n`;
}

function section(prompt: string, random: () => number, part: number): string {
  const { tag, code } = chooseLanguage(prompt);
  const promptCode = part === 0 && code !== undefined && code.trim().length > 0 ? code : undefined;
  const heading = part > 0 ? `### Part ${part + 1}\n\n` : '';
  const points = [0, 1, 2].map(() => `- ${pick(random, POINTS)}\n`).join('');
  const lead = promptCode
    ? `Below is your ${tag} code with a tidier layout; its behaviour is unchanged.`
    : `The example below is written in ${tag}; it filters the values and adds up what is left.`;
  return (
    heading +
    `${pick(random, OPENINGS)} "${topicOf(prompt)}". ${lead}\n\n` +
    `${points}\n` +
    codeBlock(tag, random, part, promptCode) +
    `${pick(random, CLOSINGS)}\n\n`
  );
}

/** The reply's deltas for a prompt: the same prompt always yields the same deltas. */
export function generateReply(prompt: string): string[] {
  const random = seededRandom(prompt);
  const wanted = requestedLength(prompt);
  const first = section(prompt, random, 0);
  if (wanted === undefined) return tokenize(`${first.trimEnd()}\n`);
  const tokens = tokenize(first);
  // Sections start with a word and end with whitespace, so tokenising them one by one
  // gives the same deltas as tokenising the whole text.
  for (let part = 1; tokens.length < wanted; part++) tokens.push(...tokenize(section(prompt, random, part)));
  return truncate(tokens, wanted);
}

/** Exactly n deltas; a code fence left open by the cut is closed inside the last delta. */
function truncate(tokens: string[], n: number): string[] {
  if (tokens.length <= n) return tokens;
  const kept = tokens.slice(0, n);
  const fences = kept.reduce((count, t) => count + (t.match(/```/g)?.length ?? 0), 0);
  if (fences % 2 === 1) {
    const last = kept[n - 1]!;
    kept[n - 1] = `${last}${last.endsWith('\n') ? '' : '\n'}\`\`\`\n`;
  }
  return kept;
}
