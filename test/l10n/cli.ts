// npm run l10n:check: exits 1 with one line per problem when a text lacks its English entry or a
// translation, a translation outlives its text, or a Russian text uses a word the glossary rules
// out (translationCheck.ts).
import * as path from 'node:path';
import { translationProblems } from './translationCheck';

void translationProblems(path.resolve(__dirname, '../..')).then((problems) => {
  for (const problem of problems) console.error(problem);
  console.log(
    problems.length === 0
      ? 'l10n: every text has its English entry and its translations, and the Russian keeps to the glossary.'
      : `l10n: ${problems.length} problem(s).`,
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
});
