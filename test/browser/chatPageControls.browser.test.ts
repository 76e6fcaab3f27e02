// The chat page's controls in Chromium, fed what the host sends: what the page posts back, and
// where keyboard focus goes. Each case is a defect a person met.
import * as assert from 'node:assert/strict';
import { decodeToHost } from '#src/chat/common/protocol/protocol';
import { useChatPage } from '../support/useChatPage';
import { installColourMath, focusRing } from './fixtures/contrast';
import { applyTheme, loadTheme, THEMES } from './fixtures/themes/themes';

const createdAt = '2026-11-20T10:00:00.000Z';
const question = (id: string, text: string) => ({ id, role: 'user', text, mode: 'chat', context: [], createdAt });
const answer = (id: string, fields: object) => ({ id, role: 'assistant', text: '', status: 'done', createdAt, ...fields });
const show = (id: string, turns: object[], busy = false) => ({ type: 'conversation/show', conversation: { id, title: id, turns, earlier: 0 }, busy });

describe('the chat page in Chromium, its controls', () => {
  const { page } = useChatPage({ initScript: installColourMath });

  beforeEach(async () => {
    await page.reload();
    await page.locator('textarea.composer-input').waitFor();
  });

  // Dispatched, not posted: the page handles it before the test goes on.
  const send = (...messages: object[]) =>
    page.evaluate((messages) => messages.forEach((data) => window.dispatchEvent(new MessageEvent('message', { data }))), messages);
  /** The page's messages to the host since the last call, of the given kinds. */
  const sent = (prefix: string) =>
    page.evaluate((prefix) => (window as unknown as { toHost: { type: string }[] }).toHost.splice(0).filter((m) => m.type.startsWith(prefix)), prefix);
  const focused = () =>
    page.evaluate(() => {
      const active = document.activeElement!;
      const row = active.closest<HTMLElement>('[data-conversation-id]');
      return `${active.tagName.toLowerCase()}.${active.className}${row ? ` in ${row.dataset.conversationId}` : ''}`;
    });
  const input = () => page.locator('textarea.composer-input');

  it('a message over the protocol limit stays in the box, saying the limit and what to do; near it, the length is counted', async () => {
    const note = page.locator('.length-note');
    await input().fill('x'.repeat(89_999));
    const below = await note.isVisible();
    await input().fill('x'.repeat(90_000));
    const near = await note.textContent();
    await input().fill('x'.repeat(100_001));
    await input().press('Enter');
    const over = {
      sent: await sent('chat/'),
      kept: (await input().inputValue()).length,
      count: await note.locator('.length-count').textContent(),
      alert: await note.locator('[role="alert"]').textContent(),
    };
    await input().press('Backspace');
    await input().press('Enter');
    const atLimit = (await sent('chat/')).map((m) => ({ type: m.type, ok: decodeToHost(m).ok }));
    assert.deepEqual(
      { below, near, over, atLimit, after: await input().inputValue(), hidden: await note.isHidden() },
      {
        below: false,
        near: '90,000 / 100,000 characters',
        over: {
          sent: [],
          kept: 100_001,
          count: '100,001 / 100,000 characters',
          alert:
            'Too long to send: a message holds at most 100,000 characters. Shorten it, or attach the file as context (Add Active File, Add Selection) instead of pasting it.',
        },
        atLimit: [{ type: 'chat/send', ok: true }],
        after: '',
        hidden: true,
      },
    );
  });

  it("another answer's tab, first opened by keyboard, asks the host for its text once and shows it in its panel", async () => {
    const full = {
      a1: answer('a1', { text: 'Red', model: 'acme/chat-large' }),
      b1: answer('b1', { text: 'Green', model: 'mira/messenger' }),
      c1: answer('c1', { text: 'Blue', model: 'nova/responder' }),
    };
    const tab = ({ text: _text, ...rest }: { text: string }) => rest;
    await send(show('c1', [question('u1', 'Name a colour'), { ...full.a1, answers: [full.a1, full.b1, full.c1].map(tab) }]));
    const panel = (id: string) => page.locator(`[role="tabpanel"][id="panel-${id}"]`);
    await page.locator('[role="tab"]').first().focus();
    await page.keyboard.press('ArrowRight');
    const asked = {
      sent: await sent('conversation/'),
      busy: await panel('b1').getAttribute('aria-busy'),
      rendered: await panel('b1').locator('.turn').count(),
    };
    await send({ type: 'conversation/answer', id: 'c1', turn: full.b1 });
    const shown = { visible: await page.locator('[role="tabpanel"]:visible .markdown-body').textContent(), busy: await panel('b1').getAttribute('aria-busy') };
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    const again = await sent('conversation/');
    // An answer of a conversation no longer shown is not put in its tab.
    await send({ type: 'conversation/answer', id: 'c2', turn: full.c1 });
    assert.deepEqual(
      { asked, shown, again, other: await panel('c1').locator('.turn').count() },
      {
        asked: { sent: [{ type: 'conversation/answer', id: 'c1', answerId: 'b1' }], busy: 'true', rendered: 0 },
        shown: { visible: 'Green\n', busy: null },
        again: [{ type: 'conversation/answer', id: 'c1', answerId: 'c1' }],
        other: 0,
      },
    );
  });

  it('opening another conversation leaves edit mode: the next message is sent, not an edit of that conversation', async () => {
    await send(show('c1', [question('u1', 'first question'), answer('a1', { text: 'ok' })]));
    await page.locator('.turn-user .edit').click();
    const editing = await page.locator('.editing-note').isVisible();
    await send(show('c2', [question('u2', 'other question'), answer('a2', { text: 'valuable answer' })]));
    const after = await page.locator('.editing-note').isVisible();
    await input().fill('a new question');
    await input().press('Enter');
    assert.deepEqual({ editing, after, sent: await sent('chat/') }, { editing: true, after: false, sent: [{ type: 'chat/send', text: 'a new question' }] });
  });

  it("a message's answers are tabs the keyboard moves between; Continue With This Answer and the branch arrows ask the host", async () => {
    const answers = [
      answer('a1', {
        text: 'Red',
        model: 'acme/chat-large',
        usage: { prompt_tokens: 10, completion_tokens: 98, total_tokens: 108 },
        costRub: 4.1,
        firstTokenMs: 1200,
      }),
      answer('b1', { text: 'Green', model: 'mira/messenger' }),
      answer('c1', { text: 'Blue', model: 'nova/responder' }),
    ];
    const branched = { ...question('u1', 'Name a colour'), branch: { at: 2, of: 3, previous: 'u0', next: 'u2' } };
    await send(show('c1', [branched, { ...answers[0], answers }]));
    const tabs = page.locator('[role="tab"]');
    const state = async () => ({
      selected: await page.locator('[role="tab"][aria-selected="true"]').textContent(),
      focused: await page.evaluate(() => document.activeElement?.textContent),
      visible: await page.locator('[role="tabpanel"]:visible .markdown-body').textContent(),
    });
    const labels = await tabs.allTextContents();
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    const right = await state();
    await page.keyboard.press('End');
    const end = await state();
    await page.keyboard.press('ArrowRight');
    const wrapped = await state();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Tab');
    const tabbedTo = await page.evaluate(() => document.activeElement?.closest('[role="tabpanel"]')?.id);
    await page.locator('[role="tabpanel"]:visible button.continue').click();
    await page.locator('button[aria-label="Next Branch"]').click();
    assert.deepEqual(
      {
        labels,
        right,
        end: end.selected,
        wrapped: wrapped.selected,
        tabbedTo,
        place: await page.locator('.branch-arrows').getAttribute('aria-label'),
        sent: await sent('chat/'),
      },
      {
        labels: ['acme/chat-large · 1.2 s · tokens: 98 · ≈ 4.10 ₽', 'mira/messenger', 'nova/responder'],
        right: { selected: 'mira/messenger', focused: 'mira/messenger', visible: 'Green\n' },
        end: 'nova/responder',
        wrapped: 'acme/chat-large · 1.2 s · tokens: 98 · ≈ 4.10 ₽',
        tabbedTo: 'panel-c1',
        place: 'Branch 2 of 3',
        sent: [
          { type: 'chat/choose', id: 'c1' },
          { type: 'chat/choose', id: 'u2' },
        ],
      },
    );
  });

  it('a branch arrow pressed by keyboard keeps focus on the arrows of the branch it shows, the other arrow at the first branch', async () => {
    const branch = (id: string, text: string, at: number, previous?: string, next?: string) => ({
      ...question(id, text),
      branch: { at, of: 3, previous, next },
    });
    const shownBranch = (user: object, reply: string) =>
      show('c1', [question('u0', 'Hello'), answer('a0', { text: 'Hi.' }), user, answer(`a-${reply}`, { text: reply })]);
    await send(shownBranch(branch('u2', 'Name a colour', 2, 'u1', 'u3'), 'Green'));
    await page.locator('button[aria-label="Previous Branch"]').focus();
    await page.keyboard.press('Enter');
    await send(shownBranch(branch('u1', 'Name a fruit', 1, undefined, 'u2'), 'Pear'));
    const atFirst = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await page.keyboard.press('Enter');
    await send(shownBranch(branch('u2', 'Name a colour', 2, 'u1', 'u3'), 'Green'));
    assert.deepEqual(
      { atFirst, atSecond: await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), sent: await sent('chat/') },
      {
        atFirst: 'Next Branch',
        atSecond: 'Next Branch',
        sent: [
          { type: 'chat/choose', id: 'u1' },
          { type: 'chat/choose', id: 'u2' },
        ],
      },
    );
  });

  it('while other answers to a message still stream, the end of one keeps Stop and holds Send; Stop asks once, and the last end frees Send', async () => {
    const streaming = (id: string, model: string) => answer(id, { status: 'streaming', model });
    const answers = [answer('a1', { text: 'Red', model: 'acme/chat-large' }), streaming('b1', 'mira/messenger'), streaming('c1', 'nova/responder')];
    await send(show('c1', [question('u1', 'Name a colour'), { ...answers[0], answers }], true));
    const state = async () => ({
      stop: await page.locator('button.stop').isVisible(),
      sendDisabled: await page.locator('button.send').isDisabled(),
      askOthers: await page.locator('button.ask-others:visible').count(),
    });
    await send({ type: 'reply/end', turn: { ...answers[1], text: 'Green', status: 'done' }, busy: true });
    const oneEnded = await state();
    await input().fill('go on');
    await input().press('Enter');
    const sentWhileBusy = await sent('chat/');
    await page.locator('button.stop').focus();
    await page.keyboard.press('Enter');
    const stopped = await sent('chat/');
    await send({ type: 'reply/end', turn: { ...answers[2], text: 'Bl', status: 'stopped' }, busy: false });
    const allEnded = await state();
    await input().press('Enter');
    assert.deepEqual(
      { oneEnded, sentWhileBusy, stopped, allEnded, sent: await sent('chat/') },
      {
        oneEnded: { stop: true, sendDisabled: true, askOthers: 0 },
        sentWhileBusy: [],
        stopped: [{ type: 'chat/stop' }],
        allEnded: { stop: false, sendDisabled: false, askOthers: 1 },
        sent: [{ type: 'chat/send', text: 'go on' }],
      },
    );
  });

  it('Send and Stop hand keyboard focus to the message box when they go away', async () => {
    const streaming = answer('a1', { status: 'streaming' });
    await send(show('c1', []));
    await input().fill('hi');
    await page.locator('button.send').focus();
    await page.keyboard.press('Enter');
    await send({ type: 'turn/append', turn: question('u1', 'hi') }, { type: 'turn/append', turn: streaming });
    const afterSend = await focused();
    await page.locator('button.stop').focus();
    await page.keyboard.press('Enter');
    await send({ type: 'reply/end', turn: { ...streaming, text: 'partial', status: 'stopped' } });
    assert.deepEqual(
      { afterSend, afterStop: await focused(), sent: await sent('chat/') },
      {
        afterSend: 'textarea.composer-input',
        afterStop: 'textarea.composer-input',
        sent: [{ type: 'chat/send', text: 'hi' }, { type: 'chat/stop' }],
      },
    );
  });

  /** The host lists conversations One and Two (One open), and the history is shown; returns the items sent. */
  const showHistoryOfTwo = async () => {
    const items = [
      { id: 'c1', title: 'One', updatedAt: createdAt },
      { id: 'c2', title: 'Two', updatedAt: createdAt },
    ];
    await send({ type: 'history/set', items, activeId: 'c1' });
    await page.locator('button[aria-label="Show Chat History"]').click();
    return items;
  };

  it('the history list, rebuilt by the host, gives keyboard focus back to the same control of the same conversation', async () => {
    const items = await showHistoryOfTwo();
    await page.locator('[data-conversation-id="c2"] .history-open').focus();
    // Mid-stream the list comes again, another conversation first.
    await send({ type: 'history/set', items: [{ id: 'c3', title: 'Three', updatedAt: createdAt }, ...items], activeId: 'c1' });
    const open = await focused();
    await page.locator('button[aria-label="Delete \\"Two\\""]').focus();
    await send({ type: 'history/set', items, activeId: 'c1' });
    const del = await page.evaluate(() => document.activeElement!.getAttribute('aria-label'));
    // Opened, the list goes away: the message box takes focus.
    await page.locator('[data-conversation-id="c2"] .history-open').focus();
    await page.keyboard.press('Enter');
    await send(show('c2', []));
    assert.deepEqual(
      { open, del, opened: await focused(), sent: await sent('history/') },
      {
        open: 'button.history-open in c2',
        del: 'Delete "Two"',
        opened: 'textarea.composer-input',
        sent: [{ type: 'history/open', id: 'c2' }],
      },
    );
  });

  it('the history search asks the host as the person types, shows what it found for the text in the box, and a row exports its conversation', async () => {
    const items = await showHistoryOfTwo();
    const box = page.locator('input.history-search');
    await box.pressSequentially('tw');
    const asked = await sent('history/');
    // A late answer for an older text is not shown; the answer for what the box holds is.
    await send({ type: 'history/found', query: 't', items });
    await send({ type: 'history/found', query: 'tw', items: [items[1]] });
    const rows = await page.locator('[data-conversation-id]').evaluateAll((found) => found.map((row) => (row as HTMLElement).dataset.conversationId));
    await send({ type: 'history/found', query: 'tw', items: [] });
    const none = await page.locator('.history-empty').textContent();
    await send({ type: 'history/found', query: 'tw', items: [items[1]] });
    await page.locator('button[aria-label="Export \\"Two\\" as Markdown"]').click();
    assert.deepEqual(
      { asked, rows, none, exported: await sent('history/') },
      {
        asked: [
          { type: 'history/search', query: 't' },
          { type: 'history/search', query: 'tw' },
        ],
        rows: ['c2'],
        none: 'No conversation holds that text.',
        exported: [{ type: 'history/export', id: 'c2' }],
      },
    );
    for (const message of [...asked, { type: 'history/export', id: 'c2' }]) assert.ok(decodeToHost(message).ok, 'the host accepts it');
  });

  it('the history list says once above the rows how many conversations could not be read, with Show Folder, and marks a conversation kept after its deletion elsewhere', async () => {
    const items = [
      { id: 'c1', title: 'One', updatedAt: createdAt, keptAfterDeletion: true },
      { id: 'c2', title: 'Two', updatedAt: createdAt },
    ];
    await send({ type: 'history/set', items, activeId: 'c1', unreadable: 1 });
    await page.locator('button[aria-label="Show Chat History"]').click();
    const one = await page.locator('.history-unreadable').textContent();
    const kept = await page
      .locator('.history-kept')
      .evaluateAll((found) => found.map((mark) => [mark.closest<HTMLElement>('[data-conversation-id]')!.dataset.conversationId, mark.textContent]));
    await send({ type: 'history/set', items, activeId: 'c1', unreadable: 3 });
    const three = await page.locator('.history-unreadable').textContent();
    await page.locator('.history-unreadable button').click();
    const asked = await sent('history/');
    await send({ type: 'history/set', items, activeId: 'c1' });
    assert.deepEqual(
      { one, three, kept, asked, after: await page.locator('.history-unreadable').isVisible() },
      {
        one: '1 conversation could not be read:Show Folder',
        three: '3 conversations could not be read:Show Folder',
        kept: [['c1', 'Kept after it was deleted in another window']],
        asked: [{ type: 'history/showUnreadable' }],
        after: false,
      },
    );
    assert.ok(decodeToHost(asked[0]).ok, 'the host accepts it');
  });

  it('a code block whose info string is long (a language and a path) sends its language word with its actions', async () => {
    const text = '```tsx:' + 'src/components/'.repeat(10) + 'App.tsx\nexport const App = 1;\n```\n';
    await send(show('c1', [question('u1', 'code'), answer('a1', { text })]));
    await page.locator('[data-turn-id="a1"] [data-code-action="code/copy"]').click();
    const [copy] = await sent('code/');
    assert.deepEqual(
      { copy, ok: decodeToHost(copy).ok, label: await page.locator('[data-turn-id="a1"] .code-lang').textContent() },
      {
        copy: { type: 'code/copy', code: 'export const App = 1;\n', lang: 'tsx' },
        ok: true,
        label: 'TypeScript',
      },
    );
  });

  it('Retry is offered on the last answer only, not while answering; the other actions stay on every card', async () => {
    const failed = (id: string) => answer(id, { status: 'failed', error: { message: 'The service is busy.', actions: ['retry', 'showLog'] } });
    await send(show('c1', [question('u1', 'first'), failed('a1'), question('u2', 'second'), failed('a2')]));
    // The older answer is rendered once near the view.
    await page.locator('[data-turn-id="a1"] .error-card').waitFor();
    const buttons = () =>
      page.evaluate(() =>
        Array.from(
          document.querySelectorAll<HTMLElement>('.error-card button'),
          (b) => `${b.closest<HTMLElement>('[data-turn-id]')!.dataset.turnId} ${b.textContent}${b.checkVisibility() ? '' : ' (hidden)'}`,
        ),
      );
    const idle = await buttons();
    await send({ type: 'turn/append', turn: answer('a3', { status: 'streaming' }) });
    const busy = await buttons();
    assert.deepEqual(
      { idle, busy },
      {
        idle: ['a1 Retry (hidden)', 'a1 Show Log', 'a2 Retry', 'a2 Show Log'],
        busy: ['a1 Retry (hidden)', 'a1 Show Log', 'a2 Retry (hidden)', 'a2 Show Log'],
      },
    );
  });

  /** What has keyboard focus, by role and accessible name ("button Send"). */
  const focusedControl = () =>
    page.evaluate(() => {
      const active = document.activeElement as HTMLElement;
      const role = active.getAttribute('role') ?? active.tagName.toLowerCase();
      const name = active.getAttribute('aria-label') ?? active.textContent!.trim().replace(/\s+/g, ' ');
      return `${role} ${name}`;
    });

  // A conversation with every kind of control: a link and a code block in an answer, a
  // failed answer's card, a chip on the next message.
  const everyControl = [
    {
      type: 'context/set',
      chips: [{ id: 'k1', kind: 'selection', fileName: 'util.ts', path: 'src/util.ts', languageId: 'typescript', startLine: 1, endLine: 3 }],
    },
    show('c1', [
      question('u1', 'Double them'),
      answer('a1', { text: 'See [the docs](https://example.com/docs):\n\n```ts\nconst doubled = values.map((value) => value * 2);\n```\n' }),
      question('u2', 'Again'),
      answer('a2', { status: 'failed', error: { message: 'The service is busy.', actions: ['retry', 'showLog'], requestId: 'req_1' } }),
    ]),
  ];
  const TAB_ORDER = [
    'select Model',
    'button Reload the model list',
    'button New Chat',
    'button Show Chat History',
    'button Edit and resend',
    'link the docs',
    'button Copy',
    'button Insert at Cursor',
    'button Apply to Editor (shows a diff first)',
    'button New File with This Code',
    'region Code, TypeScript',
    'button Copy answer',
    'button Ask Another Model',
    'button Edit and resend',
    'button Retry',
    'button Show Log',
    'button Copy request id',
    'button Ask Another Model',
    'button Remove util.ts:1-3',
    'textarea Message',
    'button Attach Files or Images (#)',
    'button Add Selection',
    'button Add Active File',
    'button Send',
  ];

  for (const { name, file } of THEMES) {
    it(`${name}: Tab and Shift+Tab reach every control in order, each named, its focus ring at least 3:1 on both sides`, async () => {
      await applyTheme(page, loadTheme(file));
      await send(...everyControl);
      // From the last control, Tab leaves the page; the next one comes back to its first.
      await page.locator('button.send').focus();
      await page.keyboard.press('Tab');
      const forward: string[] = [];
      const faint: string[] = [];
      for (let i = 0; i < TAB_ORDER.length; i++) {
        await page.keyboard.press('Tab');
        forward.push(await focusedControl());
        const ring = await focusRing(page);
        if (!ring.sides || Math.min(...ring.sides) < 3) faint.push(`${ring.element}: ${ring.sides?.join(' / ') ?? 'no ring'}`);
      }
      const backward: string[] = [];
      for (let i = 1; i < TAB_ORDER.length; i++) {
        await page.keyboard.press('Shift+Tab');
        backward.push(await focusedControl());
      }
      assert.deepEqual({ forward, backward, faint }, { forward: TAB_ORDER, backward: TAB_ORDER.slice(0, -1).reverse(), faint: [] });
    });
  }

  it('New Chat and Retry keep keyboard focus on the page: on New Chat, and in the message box once the retried card is gone', async () => {
    await send(...everyControl);
    await page.locator('button[aria-label="New Chat"]').focus();
    await page.keyboard.press('Enter');
    await send(show('c2', []));
    const afterNew = await focusedControl();
    await send(...everyControl);
    await page.locator('[data-turn-id="a2"] [data-action="retry"]').focus();
    await page.keyboard.press('Enter');
    await send({ type: 'turn/remove', turnId: 'a2' }, { type: 'turn/append', turn: answer('a3', { status: 'streaming' }) });
    assert.deepEqual(
      { afterNew, afterRetry: await focusedControl(), sent: await sent('chat/') },
      {
        afterNew: 'button New Chat',
        afterRetry: 'textarea Message',
        sent: [{ type: 'chat/new' }, { type: 'chat/retry' }],
      },
    );
  });

  it('the budget card works by keyboard: Send Anyway asks again without the check, Change Budget runs its action; an older card has no Send Anyway', async () => {
    const held = (id: string) =>
      answer(id, { status: 'failed', error: { message: 'Budget reached: 300 ₽ of 300 ₽ today.', actions: ['sendAnyway', 'changeBudget'] } });
    await send(show('c1', [question('u1', 'first'), held('a1'), question('u2', 'second'), held('a2')]));
    const visible = (id: string) => page.locator(`[data-turn-id="${id}"] .card-actions button:visible`).allTextContents();
    const older = await visible('a1');
    await page.locator('[data-turn-id="a2"] [data-action="sendAnyway"]').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const next = await focusedControl();
    await page.keyboard.press('Space');
    assert.deepEqual(
      { older, last: await visible('a2'), next, sent: (await sent('')).filter((m) => m.type === 'chat/retry' || m.type === 'error/action') },
      {
        older: ['Change Budget'],
        last: ['Send Anyway', 'Change Budget'],
        next: 'button Change Budget',
        sent: [
          { type: 'chat/retry', anyway: true },
          { type: 'error/action', action: 'changeBudget' },
        ],
      },
    );
  });

  it('an answer pending before its first token is busy and said once; its first token ends the wait', async () => {
    await send(show('c1', [question('u1', 'hi')]), { type: 'turn/append', turn: answer('a1', { status: 'streaming' }) });
    const status = () => page.locator('[role="status"][aria-live="polite"]').textContent();
    const busy = () => page.locator('[data-turn-id="a1"]').getAttribute('aria-busy');
    const pending = { busy: await busy(), said: await status() };
    await send({ type: 'reply/reasoning', turnId: 'a1', text: 'Thinking it over.' });
    const thinking = await busy();
    await send({ type: 'reply/delta', turnId: 'a1', text: 'Hello' });
    const answering = await busy();
    await send({ type: 'reply/end', turn: answer('a1', { text: 'Hello.' }) });
    assert.deepEqual(
      { pending, thinking, answering, done: { busy: await busy(), said: await status() } },
      {
        pending: { busy: 'true', said: 'Answering…' },
        thinking: 'true',
        answering: null,
        done: { busy: null, said: 'Answer complete.' },
      },
    );
  });

  it("the usage meter gives the context used as English writes a share, with the window grouped, and the chat's cost", async () => {
    const usage = { prompt_tokens: 1204, completion_tokens: 81, total_tokens: 1285 };
    await send(show('c1', [question('u1', 'Double each number'), answer('a1', { text: 'Use map.', model: 'acme/chat-large', usage, costRub: 8 })]), {
      type: 'model/set',
      model: { current: 'acme/chat-large', options: [{ id: 'acme/chat-large', description: 'Large', contextLength: 128_000 }], loading: false },
    });
    assert.equal(await page.locator('.usage-meter').textContent(), 'Context 1% of 128,000 · ≈ 8.00 ₽ this chat');
  });

  it('the usage meter adds what the prompt cache saved over the chat, and says nothing of it where nothing was saved', async () => {
    const usage = { prompt_tokens: 19_200, completion_tokens: 81, total_tokens: 19_281, prompt_tokens_details: { cached_tokens: 18_200 } };
    const model = { current: 'acme/chat-large', options: [{ id: 'acme/chat-large', description: 'Large', contextLength: 128_000 }], loading: false };
    await send(
      show('c1', [
        question('u1', 'Double each number'),
        answer('a1', { text: 'Use map.', usage, costRub: 1, savedRub: 4.1 }),
        question('u2', 'And halve them?'),
        answer('a2', { text: 'Divide.', usage, costRub: 1.2, savedRub: -0.05 }),
      ]),
      { type: 'model/set', model },
    );
    assert.equal(await page.locator('.usage-meter').textContent(), 'Context 15% of 128,000 · ≈ 2.20 ₽ this chat · saved ≈ 4.05 ₽');
    await send(show('c2', [question('u1', 'hi'), answer('a1', { text: 'Hello.', usage, costRub: 1, savedRub: -0.05 })]));
    assert.equal(await page.locator('.usage-meter').textContent(), 'Context 15% of 128,000 · ≈ 1.00 ₽ this chat');
  });

  it('an answer cut at its length limit says so with the button that opens the setting, live and when the chat is opened again', async () => {
    const notice = 'The answer stopped at its length limit: send "continue" for the rest, or raise the setting Multi Model AI: Max Tokens.';
    await send(show('c1', [question('u1', 'Count to six')]), { type: 'turn/append', turn: answer('a1', { status: 'streaming' }) });
    await send({ type: 'reply/notice', turnId: 'a1', text: notice, actions: ['openMaxTokensSetting'] });
    const live = {
      notice: await page.locator('[data-turn-id="a1"] .turn-notice').textContent(),
      buttons: await page.locator('[data-turn-id="a1"] .notice-actions button').allTextContents(),
    };
    sent('');
    await page.locator('[data-turn-id="a1"] .notice-actions button').click();
    const clicked = await sent('error/');
    await send(show('c1', [question('u1', 'Count to six'), answer('a1', { text: 'one two three', notice, noticeActions: ['openMaxTokensSetting'] })]));
    const restored = await page.locator('[data-turn-id="a1"] .notice-actions button').allTextContents();
    assert.deepEqual(
      { live, clicked, restored },
      {
        live: { notice, buttons: ['Open Max Tokens Setting'] },
        clicked: [{ type: 'error/action', action: 'openMaxTokensSetting' }],
        restored: ['Open Max Tokens Setting'],
      },
    );
  });
});
