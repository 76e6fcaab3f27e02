// What a chat message that starts with a slash command asks for: `/image <prompt>` asks for
// images instead of a text answer.
import * as l10n from '@vscode/l10n';

/** `/image a red fox` -> "a red fox"; undefined for any other message. */
export function imagePrompt(text: string): string | undefined {
  const match = /^\/image(?:\s+([\s\S]*))?$/.exec(text.trim());
  return match ? (match[1] ?? '').trim() : undefined;
}

/** What an empty `/image` is told. */
export const imageUsage = (): string => l10n.t('Describe the image after /image, e.g. "/image a flat icon of a red fox".');
