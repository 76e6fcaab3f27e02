// The token estimate against a real tokenizer (o200k_base from gpt-tokenizer) on the corpus of
// Russian prose, English prose and code (test/support/tokenCorpus.ts): the error at the 90th
// percentile over 1,000-character passages, per language.
import { CORPUS_LANGUAGES, errorP90, measure, type CorpusLanguage } from '../support/tokenCorpus';

export interface EstimateBench {
  /** |estimate − real| / real at the 90th percentile, per language. */
  errorP90: Record<CorpusLanguage, number>;
  passages: Record<CorpusLanguage, number>;
}

export function runEstimateBench(log: (line: string) => void): EstimateBench {
  const result = { errorP90: {}, passages: {} } as EstimateBench;
  for (const language of CORPUS_LANGUAGES) {
    const measured = measure(language, 1_000);
    result.errorP90[language] = errorP90(measured);
    result.passages[language] = measured.length;
    log(`estimate: ${language}, ${measured.length} passages, error ${result.errorP90[language].toFixed(3)} at the 90th percentile`);
  }
  return result;
}
