// The rendering benchmark's input: a 100 KB markdown reply (prose, lists, headings and
// highlighted code blocks, from the emulator's own reply generator) cut into 5,000 deltas
// of near-equal length, split anywhere (as model tokens are, mid-word and mid-fence).
import { generateReply } from '../../emulator/replies';

export const REPLY_BYTES = 100 * 1024;
export const DELTA_COUNT = 5_000;

export function benchReply(): { text: string; deltas: string[] } {
  const tokens = generateReply('Walk me through a TypeScript data pipeline, step by step. [[tokens:40000]]');
  let text = '';
  for (const token of tokens) {
    if (text.length >= REPLY_BYTES) break;
    text += token;
  }
  if ((text.match(/```/g)?.length ?? 0) % 2 === 1) text += '\n```\n';
  const deltas: string[] = [];
  for (let i = 0; i < DELTA_COUNT; i++) {
    deltas.push(text.slice(Math.round((i * text.length) / DELTA_COUNT), Math.round(((i + 1) * text.length) / DELTA_COUNT)));
  }
  return { text, deltas };
}
