// Generate Commit Message: the request that asks for a message for the given changes, in the
// repository's own style (its recent subjects as examples) and the person's extra instructions.
// In English, like every text sent to a model.
import type { TextMessage } from '../../platform/client/transports/textRequest';
import type { FittedDiff } from '../../platform/git/fitDiff';

export interface CommitPromptInput {
  /** The subjects of the repository's latest commits, newest first. */
  subjects: readonly string[];
  /** multiModelAI.commitMessage.instructions. */
  instructions?: string;
  /** The changes are the working tree's (nothing was staged), not the index's. */
  allChanges: boolean;
  /** New files git does not track yet, named only (their content is in no diff). */
  untracked: readonly string[];
}

export function commitSystemPrompt(input: CommitPromptInput): string {
  const lines = [
    'You write git commit messages. Reply with the commit message only: no code fences, no quotes, no explanation before or after it.',
    'The first line is a subject of at most 72 characters, in the imperative mood, saying what the change does. If more is worth saying, add a blank line and a short body that says why, wrapped at 72 characters.',
    'Describe only what the diff shows; do not invent changes.',
  ];
  if (input.subjects.length > 0) lines.push('Follow the style of the repository: its latest commit subjects are', ...input.subjects.map((s) => `- ${s}`));
  const extra = input.instructions?.trim();
  if (extra) lines.push(`Also follow these instructions: ${extra}`);
  return lines.join('\n');
}

export function buildCommitMessages(input: CommitPromptInput, fitted: FittedDiff): TextMessage[] {
  const which = input.allChanges ? 'all uncommitted changes (nothing is staged)' : 'the staged changes';
  const user = [`Write the commit message for ${which}.`, '', 'Files:', fitted.summary || '(none)'];
  if (input.untracked.length > 0) user.push(...input.untracked.map((path) => `A ${path} (new file, content not sent)`));
  if (fitted.cutFiles > 0)
    user.push('', `The diff was cut to fit: ${fitted.cutFiles} file(s) above are not shown in full. Describe them from their names and sizes.`);
  if (fitted.diff) user.push('', 'Diff:', fitted.diff);
  return [
    { role: 'system', content: commitSystemPrompt(input) },
    { role: 'user', content: user.join('\n') },
  ];
}

/** The message as it goes into the box: without a fence or quotes a model may add, trailing spaces trimmed. */
export function commitMessageFrom(reply: string): string {
  let text = reply.trim();
  // The fence's opening line goes as soon as it arrives (the progress shows the message streaming), its closing one at the end.
  const open = /^(`{3,}|~{3,})[^\n]*(\n|$)/.exec(text);
  if (open)
    text = text
      .slice(open[0].length)
      .replace(new RegExp(`\\n?${open[1]}\\s*$`), '')
      .trim();
  if (/^"[^"]*"$/.test(text)) text = text.slice(1, -1);
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}
