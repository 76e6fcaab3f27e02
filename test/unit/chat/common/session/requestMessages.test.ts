import * as assert from 'node:assert/strict';
import type { Turn } from '#src/chat/common/conversation/conversation';
import { requestMessages, SYSTEM_PROMPT } from '#src/chat/common/session/requestMessages';
import { selection } from '../fixtures/contextItems';

const at = '2025-01-01T10:00:00.000Z';
const user = (id: string, text: string, extra: Partial<Extract<Turn, { role: 'user' }>> = {}): Turn => ({
  id,
  role: 'user',
  text,
  mode: 'chat',
  context: [],
  createdAt: at,
  ...extra,
});
const reply = (id: string, text: string, status: Extract<Turn, { role: 'assistant' }>['status']): Turn => ({
  id,
  role: 'assistant',
  text,
  status,
  createdAt: at,
});

describe('requestMessages', () => {
  it('starts with the system prompt and alternates user messages with their answers', () => {
    const messages = requestMessages([user('u1', 'hi'), reply('a1', 'hello', 'done'), user('u2', 'more')]);
    assert.deepEqual(messages, [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
      { role: 'user', content: 'more' },
    ]);
  });

  it('leaves out failed and interrupted answers, keeps a stopped one, and uses only the last answer', () => {
    const messages = requestMessages([
      user('u1', 'a'),
      reply('a1', 'cut', 'interrupted'),
      reply('a2', 'full', 'done'),
      user('u2', 'b'),
      reply('a3', '', 'failed'),
      user('u3', 'c'),
      reply('a4', 'half', 'stopped'),
      user('u4', 'd'),
    ]);
    assert.deepEqual(
      messages.slice(1).map((m) => `${m.role}:${m.content}`),
      ['user:a', 'assistant:full', 'user:b', 'user:c', 'assistant:half', 'user:d'],
    );
  });

  it('puts attached code before the question, each piece named and fenced', () => {
    const [, message] = requestMessages([user('u1', 'Why?', { context: [selection('x = 1'), selection('a = [1]\nb = 2', { kind: 'file', path: 'b.py' })] })]);
    assert.equal(message?.content, 'src/sum.py, line 3 (python):\n```python\nx = 1\n```\n\nFile b.py (python):\n```python\na = [1]\nb = 2\n```\n\nWhy?');
  });

  it('sends the explain prompt for an explain message', () => {
    const [, message] = requestMessages([user('u1', 'Explain sum.py:3', { mode: 'explain', context: [selection('x = 1')] })]);
    assert.match(message?.content ?? '', /^Explain the following python code from src\/sum\.py \(line 3\)/);
  });
});
