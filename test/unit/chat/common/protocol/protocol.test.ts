import * as assert from 'node:assert/strict';
import { newConversation, type ContextItem, type UserTurn } from '#src/chat/common/conversation/conversation';
import { conversationView, turnsBefore } from '#src/chat/common/protocol/firstTurns';
import { decodeToHost, decodeToPage, encodeToPage, MAX_MESSAGE_CHARS, ToHostSchemas, ToPageSchemas } from '#src/chat/common/protocol/protocol';
import { selection } from '../fixtures/contextItems';

/** The person asking "why" about what they attached. */
const askingWhy = (context: ContextItem[], createdAt: string): UserTurn => ({ id: 'u1', role: 'user', text: 'why', mode: 'chat', context, createdAt });

describe('chat page protocol', () => {
  it('names every message area/verb (or ready)', () => {
    for (const type of [...Object.keys(ToHostSchemas), ...Object.keys(ToPageSchemas)]) {
      assert.match(type, /^(ready|[a-z]+\/[a-z][A-Za-z]*)$/, type);
    }
  });

  it('decodes valid messages of both directions', () => {
    assert.deepEqual(decodeToHost({ type: 'chat/send', text: 'hi' }), { ok: true, message: { type: 'chat/send', text: 'hi' } });
    assert.deepEqual(decodeToHost({ type: 'ready' }), { ok: true, message: { type: 'ready' } });
    assert.deepEqual(decodeToPage({ type: 'reply/delta', turnId: 'a_1', text: 'x' }), {
      ok: true,
      message: { type: 'reply/delta', turnId: 'a_1', text: 'x' },
    });
  });

  it('drops unknown types, prototype keys and non-objects, saying why', () => {
    assert.deepEqual(decodeToHost({ type: 'chat/explode' }), { ok: false, reason: 'unknown type "chat/explode"' });
    assert.deepEqual(decodeToHost({ type: 'toString' }), { ok: false, reason: 'unknown type "toString"' });
    assert.deepEqual(decodeToHost('ready'), { ok: false, reason: 'not an object' });
    assert.deepEqual(decodeToHost(null), { ok: false, reason: 'not an object' });
    assert.equal(decodeToPage({ type: 'ready' }).ok, false, 'a page message is not a host message');
  });

  it('drops malformed payloads', () => {
    for (const raw of [
      { type: 'chat/send', text: '' },
      { type: 'chat/send', text: 'x'.repeat(MAX_MESSAGE_CHARS + 1) },
      { type: 'chat/send', text: 42 },
      { type: 'history/open' },
      { type: 'error/action', action: 'retry' },
      { type: 'error/action', action: 'runAnything' },
      { type: 'code/insert', code: 'x' },
    ]) {
      const decoded = decodeToHost(raw);
      assert.equal(decoded.ok, false, JSON.stringify(raw));
      assert.match(!decoded.ok ? decoded.reason : '', /^malformed /);
    }
  });

  it('takes an empty draft to price, and a price in roubles that is never negative', () => {
    assert.deepEqual(decodeToHost({ type: 'composer/draft', text: '', seq: 3 }), { ok: true, message: { type: 'composer/draft', text: '', seq: 3 } });
    assert.equal(decodeToHost({ type: 'composer/draft', text: 'x'.repeat(MAX_MESSAGE_CHARS + 1), seq: 3 }).ok, false);
    const parts = { history: 0.3, attachments: 0, instructions: 0.04, message: 0.03 };
    assert.deepEqual(decodeToPage({ type: 'composer/estimate', seq: 3, estimate: { sendRub: 0.37, parts } }), {
      ok: true,
      message: { type: 'composer/estimate', seq: 3, estimate: { sendRub: 0.37, parts } },
    });
    assert.deepEqual(decodeToPage({ type: 'composer/estimate', seq: 3 }), { ok: true, message: { type: 'composer/estimate', seq: 3 } });
    assert.equal(decodeToPage({ type: 'composer/estimate', seq: 3, estimate: { sendRub: -1, parts } }).ok, false);
  });

  it('strips unknown fields from what it passes on', () => {
    assert.deepEqual(decodeToHost({ type: 'chat/stop', extra: '<script>' }), { ok: true, message: { type: 'chat/stop' } });
  });

  it('never hands the page the text of attached code, only its chip', () => {
    const item = selection('secret_code()');
    const conversation = newConversation();
    conversation.turns.push(askingWhy([item], conversation.createdAt));
    const shown = encodeToPage({ type: 'conversation/show', conversation: conversationView(conversation), busy: false });
    assert.ok(!JSON.stringify(shown).includes('secret_code'));
    const earlier = encodeToPage({ type: 'conversation/earlier', id: conversation.id, before: 'a1', turns: conversation.turns });
    assert.ok(!JSON.stringify(earlier).includes('secret_code'));
    const chips = encodeToPage({ type: 'context/set', chips: [item] });
    assert.ok(!JSON.stringify(chips).includes('secret_code'));
    assert.equal(chips.type === 'context/set' && chips.chips[0]?.fileName, 'sum.py');
  });

  it("a sent turn with chips, as the host encodes it, passes the page's own check with its chips", () => {
    const turn = askingWhy([selection('secret_code()')], '2026-11-20T10:00:00.000Z');
    const posted = JSON.parse(JSON.stringify(encodeToPage({ type: 'turn/append', turn }))) as unknown;
    const onPage = decodeToPage(posted);
    assert.ok(onPage.ok && onPage.message.type === 'turn/append' && onPage.message.turn.role === 'user');
    assert.deepEqual(
      onPage.message.turn.context.map((chip) => [chip.fileName, 'text' in chip]),
      [['sum.py', false]],
    );
  });

  it('sends a conversation with its latest 20 turns first, and how many came before them', () => {
    const conversation = newConversation();
    for (let i = 0; i < 23; i++)
      conversation.turns.push({ id: `u${i}`, role: 'user', text: `q${i}`, mode: 'chat', context: [], createdAt: conversation.createdAt });
    const view = conversationView(conversation);
    assert.deepEqual([view.earlier, view.turns.length, view.turns[0]?.id, view.turns.at(-1)?.id], [3, 20, 'u3', 'u22']);
    conversation.turns.length = 20;
    assert.deepEqual([conversationView(conversation).earlier, conversationView(conversation).turns.length], [0, 20]);
  });

  it('gives the turns before a turn the page names, or none when there is no such turn', () => {
    const turns = [{ id: 'u0' }, { id: 'a1' }, { id: 'u2' }];
    assert.deepEqual(turnsBefore(turns, 'u2'), [{ id: 'u0' }, { id: 'a1' }]);
    assert.deepEqual(turnsBefore(turns, 'u0'), []);
    assert.equal(turnsBefore(turns, 'gone'), undefined);
  });

  it("hands the page its language with the state: the bundle, the display language, the commands' titles and the slash commands, all required", () => {
    const conversation = newConversation();
    const commandTitles = {
      explainSelection: 'Multi-Model AI: Объяснить выделенный фрагмент',
      addSelectionToChat: 'Multi-Model AI: Добавить выделенный фрагмент в чат',
    };
    const state = {
      conversation: conversationView(conversation),
      history: [],
      context: [],
      model: { options: [], loading: false },
      busy: false,
      commandTitles,
      slashCommands: [{ name: 'image', description: 'Чтобы создать изображение, начните сообщение с /image.', placeholder: 'или /image и описание' }],
    };
    const init = encodeToPage({ type: 'session/init', ...state, l10n: { 'New Chat': 'Новый чат' }, language: 'ru' });
    assert.deepEqual(init.type === 'session/init' && [init.l10n, init.language], [{ 'New Chat': 'Новый чат' }, 'ru']);
    assert.equal(decodeToPage(init).ok, true);
    for (const wrong of [
      { language: 'ru' },
      { l10n: {} },
      { l10n: { 'New Chat': 42 }, language: 'ru' },
      { l10n: {}, language: '' },
      { l10n: {}, language: 'ru', commandTitles: { explainSelection: 'Explain' } },
      { l10n: {}, language: 'ru', slashCommands: undefined },
      { l10n: {}, language: 'ru', slashCommands: [{ name: '/image', description: '', placeholder: '' }] },
      { l10n: {}, language: 'ru', slashCommands: [{ name: 'image', description: 'Make an image' }] },
    ]) {
      const decoded = decodeToPage({ type: 'session/init', ...state, ...wrong });
      assert.match(!decoded.ok ? decoded.reason : 'passed', /^malformed session\/init/, JSON.stringify(wrong));
    }
  });

  it('refuses to post an invalid message', () => {
    assert.throws(() => encodeToPage({ type: 'reply/delta', turnId: '', text: 'x' }), /invalid message/);
  });
});
