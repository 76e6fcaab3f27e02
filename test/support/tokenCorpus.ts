// The token estimate's measuring corpus (test/unit/platform/reply/fixtures/tokenCorpus): Russian
// prose, English prose and code, cut into passages the size of a message, each counted by a real
// tokenizer (o200k_base from gpt-tokenizer) and by the estimate. The unit test and the bench read
// the same figures from here.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { textTokens } from '#src/platform/reply/tokenEstimate';
import { PROJECT_ROOT } from '../host/paths';

export const CORPUS_LANGUAGES = ['russian', 'english', 'code'] as const;
export type CorpusLanguage = (typeof CORPUS_LANGUAGES)[number];

const FOLDER = path.join(PROJECT_ROOT, 'test', 'unit', 'platform', 'reply', 'fixtures', 'tokenCorpus');

/** The text in passages of whole lines, each at least `size` characters (the last may be shorter). */
export function passages(text: string, size: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    current += `${line}\n`;
    if (current.length >= size) {
      out.push(current);
      current = '';
    }
  }
  if (current.trim() !== '') out.push(current);
  return out;
}

export interface Measured {
  real: number;
  estimated: number;
}

/** Each passage of `language`'s text counted both ways. */
export function measure(language: CorpusLanguage, size: number): Measured[] {
  const text = readFileSync(path.join(FOLDER, `${language}.txt`), 'utf8');
  return passages(text, size).map((passage) => ({ real: encode(passage).length, estimated: textTokens(passage) }));
}

/** |estimate − real| / real at the 90th percentile over the passages (nearest rank). */
export function errorP90(measured: readonly Measured[]): number {
  const errors = measured.map(({ real, estimated }) => Math.abs(estimated - real) / real).sort((a, b) => a - b);
  return errors[Math.ceil(0.9 * errors.length) - 1]!;
}
