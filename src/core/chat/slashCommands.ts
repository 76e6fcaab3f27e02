// What a chat message that starts with a slash command asks for: `/image <prompt>` asks for
// images instead of a text answer.

/** `/image a red fox` -> "a red fox"; undefined for any other message. */
export function imagePrompt(text: string): string | undefined {
  const match = /^\/image(?:\s+([\s\S]*))?$/.exec(text.trim());
  return match ? (match[1] ?? '').trim() : undefined;
}

export const IMAGE_USAGE = 'Describe the image after /image, e.g. "/image a flat icon of a red fox".';
