// The history benchmark's input: a stored conversation of 200 turns (100 questions, 100
// answers of about 10 KB of markdown with code from the emulator's reply generator: about
// 1 MB in all), and its first 10 turns as the short peer. Turns as the host stores them.
import { generateReply } from '../../emulator/replies';

export const LONG_TURNS = 200;
export const SHORT_TURNS = 10;
const ANSWER_CHARS = 10 * 1024;
const TOPICS = ['a TypeScript data pipeline', 'a Python CLI', 'a Rust parser', 'a Go HTTP server', 'SQL migrations', 'a React form'];

export interface StoredConversation {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  turns: object[];
  others?: object[];
}

function answer(question: string): string {
  let text = '';
  for (const token of generateReply(`${question} [[tokens:6000]]`)) {
    if (text.length >= ANSWER_CHARS) break;
    text += token;
  }
  return (text.match(/```/g)?.length ?? 0) % 2 === 1 ? `${text}\n\`\`\`\n` : text;
}

export function storedHistory(turnCount: number): StoredConversation {
  const createdAt = '2026-11-20T10:00:00.000Z';
  const turns: object[] = [];
  for (let i = 0; i < turnCount / 2; i++) {
    const question = `Question ${i + 1}: walk me through ${TOPICS[i % TOPICS.length]}, step ${i + 1}.`;
    turns.push({ id: `u${i}`, role: 'user', text: question, mode: 'chat', context: [], createdAt });
    turns.push({
      id: `a${i}`,
      role: 'assistant',
      text: answer(question),
      status: 'done',
      model: 'acme/chat-large',
      createdAt,
      usage: { prompt_tokens: 1200 + i, completion_tokens: 2500, total_tokens: 3700 + i },
      costRub: 0.02,
    });
  }
  return { id: `history-${turnCount}`, title: 'A long conversation', createdAt, updatedAt: createdAt, turns };
}

/**
 * `conversation` with each message in two branches (an edited copy beside it) and each answer
 * among three (two other models' answers beside it): the tree Ask Another Model and edits make.
 */
export function branchedHistory(conversation: StoredConversation): StoredConversation {
  const turns = conversation.turns as { id: string; role: string; text: string }[];
  const others: object[] = [];
  turns.forEach((turn, at) => {
    const parentId = turns[at - 1]?.id;
    if (turn.role === 'user') others.push({ ...turn, id: `e${turn.id}`, text: `${turn.text} (edited)`, ...(parentId && { parentId }) });
    else for (const model of ['mira/messenger', 'nova/responder']) others.push({ ...turn, id: `${model[0]}${turn.id}`, model, parentId });
  });
  return { ...conversation, id: `${conversation.id}-branched`, others };
}
