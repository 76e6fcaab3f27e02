// The composer's price before sending: the request built as sending builds it, priced by
// requestPrice, and split into the instructions, the history, the attachments and the message.
import * as assert from 'node:assert/strict';
import { SYSTEM_PROMPT } from '#src/chat/common/session/requestMessages';
import { draftPrice, knownCachedTokens } from '#src/chat/common/session/draftPrice';
import type { AssistantTurn, Turn, UserTurn } from '#src/chat/common/conversation/conversation';
import { ModelEntrySchema } from '#src/platform/client/catalog/schemas';
import { messageTokens } from '#src/platform/reply/tokenEstimate';
import { selection } from '../fixtures/contextItems';

const entry = (fields: Record<string, unknown> = {}) =>
  ModelEntrySchema().parse({
    id: 'acme/chat-large',
    available: true,
    context_length: 100_000,
    top_provider: { max_completion_tokens: 2_000 },
    pricing: { prompt: '0.001', completion: '0.004', input_cache_read: '0.0001' },
    ...fields,
  });
const at = '2026-11-28T10:00:00.000Z';
const user = (id: string, text: string): UserTurn => ({ id, role: 'user', text, mode: 'chat', context: [], createdAt: at });
const answer = (id: string, text: string, extra: Partial<AssistantTurn> = {}): AssistantTurn => ({
  id,
  role: 'assistant',
  text,
  status: 'done',
  createdAt: at,
  ...extra,
});
/** 100 short words: 100 tokens by the estimate, 104 as a message. */
const words = (n: number) => 'word '.repeat(n);
const round = (value: unknown): unknown =>
  typeof value === 'number'
    ? Math.round(value * 1e6) / 1e6
    : Array.isArray(value)
      ? value.map(round)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, round(v)]))
        : value;
const SYSTEM = messageTokens({ role: 'system', content: SYSTEM_PROMPT });

describe("draftPrice: the composer's price before sending", () => {
  const history: Turn[] = [user('u1', words(100)), answer('a1', words(100))];

  it('prices the whole request: instructions, history, attachments and the message, and bounds the answer', () => {
    const code = selection('def add(a, b):\n    return a + b');
    const priced = draftPrice({ turns: history, text: 'word word word', context: [code] }, { model: entry() });
    assert.ok(priced);
    // The message: 3 words and 4 for the message, at 0.001 RUB a token.
    assert.equal(round(priced.parts.message), 0.007);
    assert.equal(round(priced.parts.history), 0.208);
    assert.equal(round(priced.parts.instructions), SYSTEM / 1000);
    assert.ok(priced.parts.attachments > 0.01 && priced.parts.attachments < 0.05, `attachments ${priced.parts.attachments}`);
    const { history: h, attachments, instructions, message } = priced.parts;
    assert.equal(round(priced.sendRub), round(h + attachments + instructions + message));
    assert.equal(priced.answerUpToRub, 8);
  });

  it('counts the project instructions with the system prompt', () => {
    const instructions = { path: 'AGENTS.md', text: words(200) };
    const without = draftPrice({ turns: [], text: 'hi', context: [] }, { model: entry() });
    const withThem = draftPrice({ turns: [], text: 'hi', context: [] }, { model: entry(), instructions });
    assert.ok(without && withThem);
    assert.ok(withThem.parts.instructions - without.parts.instructions > 0.2);
  });

  it('prices the history as the context fit leaves it, and bounds the answer by max_tokens', () => {
    const long: Turn[] = [user('u1', words(1_000)), answer('a1', words(1_000)), user('u2', words(100)), answer('a2', words(100))];
    // 3,000 tokens of context, 500 for the answer: the first exchange does not fit and is not priced.
    const priced = draftPrice({ turns: long, text: 'word', context: [] }, { model: entry({ context_length: 3_000 }), maxTokens: 500 });
    assert.ok(priced);
    assert.equal(round(priced.parts.history), 0.208);
    assert.equal(priced.answerUpToRub, 2);
  });

  it('prices what the conversation is known to have cached at the cache-read price, for the model that answered', () => {
    const cachedAnswer = answer('a1', words(100), {
      model: 'acme/chat-large',
      usage: { prompt_tokens: 1_000, completion_tokens: 10, total_tokens: 1_010, prompt_tokens_details: { cached_tokens: 50 } },
    });
    const turns: Turn[] = [user('u1', words(100)), cachedAnswer];
    assert.equal(knownCachedTokens(turns, 'acme/chat-large'), 50);
    assert.equal(knownCachedTokens(turns, 'acme/other'), 0);
    const full = draftPrice({ turns: history, text: 'word', context: [] }, { model: entry() });
    const cached = draftPrice({ turns, text: 'word', context: [] }, { model: entry() });
    assert.ok(full && cached);
    // 50 tokens at a tenth of the price: the instructions first, then the history's oldest.
    assert.equal(SYSTEM, 41);
    assert.equal(round(full.sendRub - cached.sendRub), 0.045);
    assert.deepEqual(round([full.parts.instructions - cached.parts.instructions, full.parts.history - cached.parts.history]), [0.0369, 0.0081]);
  });

  it('prices an edit of the last message as replacing it, with its own attachments', () => {
    const code = selection('def add(a, b):\n    return a + b');
    const asked: UserTurn = { ...user('u2', words(100)), context: [code] };
    const turns: Turn[] = [...history, asked, answer('a2', words(100))];
    const edited = draftPrice({ turns, text: 'word', context: [], editing: 'u2' }, { model: entry() });
    const appended = draftPrice({ turns: history, text: 'word', context: [code] }, { model: entry() });
    assert.ok(edited && appended);
    // The edited message and its answer are not history: the rest is as if it were asked anew, with its chip.
    assert.deepEqual(round(edited), round(appended));
  });

  it('gives nothing with nothing to send, for /image, or without prices', () => {
    assert.equal(draftPrice({ turns: history, text: '  ', context: [] }, { model: entry() }), undefined);
    assert.equal(draftPrice({ turns: history, text: '/image a red fox', context: [] }, { model: entry() }), undefined);
    assert.equal(draftPrice({ turns: history, text: 'hi', context: [] }, { model: entry({ pricing: undefined }) }), undefined);
    // A chip alone is a message: it is priced.
    assert.notEqual(draftPrice({ turns: [], text: '', context: [selection('x = 1')] }, { model: entry() }), undefined);
  });

  it('counts an attached image at the most an image costs, and none for a model that does not take images', () => {
    const image = { ...selection(''), kind: 'image' as const, path: 'fox.png', file: '/tmp/fox.png', mimeType: 'image/png' as const };
    const seeing = draftPrice(
      { turns: [], text: 'What is this?', context: [image] },
      { model: entry({ architecture: { input_modalities: ['text', 'image'] } }) },
    );
    const blind = draftPrice({ turns: [], text: 'What is this?', context: [image] }, { model: entry() });
    assert.ok(seeing && blind);
    assert.ok(seeing.parts.attachments >= 1.6, `attachments ${seeing.parts.attachments}`);
    assert.ok(blind.parts.attachments < 0.05, `attachments ${blind.parts.attachments}`);
  });
});
