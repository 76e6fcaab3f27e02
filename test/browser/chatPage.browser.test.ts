// The chat page itself (fixtures/chatPageServer.ts) in headless Chromium under the webview's
// CSP, at a side bar's width, fed what the host sends. Hostile answers a person met: a 200 KB
// unbroken word, and Trojan Source direction controls. The page's timing is reported, not
// asserted (this machine is shared); what is asserted is the structure that keeps frames short
// and the text in its true order.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useChatPage } from '../support/useChatPage';

const GIANT_CHARS = 200_000;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const giantWord = (): string => Array.from({ length: GIANT_CHARS }, (_, i) => ALPHABET[(i * 7919) % ALPHABET.length]).join('');

interface StreamFigures {
  longestFrameMs: number;
  longTasksMs: number[];
  totalMs: number;
  /** How far the transcript's end was below the view once the answer was complete (px). */
  belowViewPx: number;
}

/** Streams `text` into a new answer as the host does (40-character deltas), then ends it; frames and long tasks are watched throughout. */
function streamAnswer(page: Page, text: string): Promise<StreamFigures> {
  return page.evaluate(async (text) => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const post = (message: object) => window.postMessage(message, '*');
    const longTasksMs: number[] = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => longTasksMs.push(Math.round(e.duration)))).observe({ type: 'longtask' });
    const frames: number[] = [];
    let watching = true;
    const watch = (time: number) => {
      if (!watching) return;
      frames.push(time);
      requestAnimationFrame(watch);
    };
    const turn = { id: 'a1', role: 'assistant', text: '', status: 'streaming', model: 'acme/chat-large', createdAt: new Date().toISOString() };
    post({ type: 'conversation/show', conversation: { id: 'c1', title: 'Odd answers', turns: [], earlier: 0 }, busy: false });
    post({ type: 'turn/append', turn });
    await nextFrame();
    requestAnimationFrame(watch);
    const start = performance.now();
    for (let i = 0; i < text.length; i += 40) {
      post({ type: 'reply/delta', turnId: 'a1', text: text.slice(i, i + 40) });
      // The host's messages arrive over time, not in one task.
      if (i % 4000 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    post({ type: 'reply/end', turn: { ...turn, text, status: 'done' } });
    // What arrived in a burst is shown over the next frames; the answer says when it is complete.
    const body = () => document.querySelector('[data-turn-id="a1"] .markdown-body');
    for (let i = 0; i < 1000 && body()?.getAttribute('aria-busy') !== 'false'; i++) await nextFrame();
    for (let i = 0; i < 2; i++) await nextFrame();
    watching = false;
    let longestFrameMs = 0;
    for (let i = 1; i < frames.length; i++) longestFrameMs = Math.max(longestFrameMs, frames[i]! - frames[i - 1]!);
    const transcript = document.querySelector('.transcript')!;
    const belowViewPx = transcript.scrollHeight - transcript.scrollTop - transcript.clientHeight;
    return { longestFrameMs: Math.round(longestFrameMs), longTasksMs, totalMs: Math.round(performance.now() - start), belowViewPx };
  }, text);
}

describe('the chat page in Chromium, hostile answers', () => {
  const { page, errors } = useChatPage();
  before(() => assert.deepEqual(errors(), []));

  it('a 200 KB unbroken word is laid out in pieces, stays selectable and copies as it came', async () => {
    const word = giantWord();
    const figures = await streamAnswer(page, `Here it is: ${word} and after.`);
    console.log(
      `      info: ${GIANT_CHARS / 1000} KB word streamed in ${figures.totalMs} ms; longest frame ${figures.longestFrameMs} ms; long tasks ${JSON.stringify(figures.longTasksMs)}`,
    );
    const shown = await page.evaluate(() => {
      const body = document.querySelector('[data-turn-id="a1"] .markdown-body')!;
      const pieces = Array.from(body.querySelectorAll('.long-run'));
      const range = document.createRange();
      range.selectNodeContents(body);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      const selected = selection.toString();
      selection.removeAllRanges();
      return {
        pieceLengths: pieces.map((p) => p.textContent!.length),
        display: pieces[0] ? getComputedStyle(pieces[0]).display : '',
        joined: pieces.map((p) => p.textContent).join(''),
        selected: selected.trim(),
      };
    });
    // The structure that keeps each frame short: the word in 1,000-character inline blocks.
    assert.equal(shown.pieceLengths.length, GIANT_CHARS / 1000);
    assert.ok(shown.pieceLengths.every((length) => length === 1000));
    assert.equal(shown.display, 'inline-block');
    assert.equal(shown.joined, word);
    assert.equal(shown.selected, `Here it is: ${word} and after.`, 'selecting it copies exactly the answer');
    // Most of it was shown after the reply ended (a backlog, over the next frames): the view followed it to the end.
    assert.ok(figures.belowViewPx < 2, `the view stopped ${figures.belowViewPx} px above the answer's end`);
  });

  it('the same word in a code block: in pieces, not highlighted, the block as it came', async () => {
    const word = giantWord();
    const figures = await streamAnswer(page, '```ts\n' + word + '\n```\n');
    console.log(
      `      info: in a code block, streamed in ${figures.totalMs} ms; longest frame ${figures.longestFrameMs} ms; long tasks ${JSON.stringify(figures.longTasksMs)}`,
    );
    const code = await page.evaluate(() => {
      const element = document.querySelector('[data-turn-id="a1"] pre code')!;
      return { text: element.textContent, pieces: element.querySelectorAll('.long-run').length, tokens: element.querySelectorAll('[class^="hljs-"]').length };
    });
    assert.equal(code.text, `${word}\n`);
    assert.equal(code.pieces, GIANT_CHARS / 1000);
    assert.equal(code.tokens, 0, 'a line this long is not highlighted');
  });

  it('Trojan Source: direction controls are shown as marks, and text reads in its true order', async () => {
    const reply = [
      '```ts',
      '/*\u202E } \u2066if (isAdmin)\u2069 \u2066 begin admins only */',
      '```',
      '',
      'See [invoice\u202Etxt.exe](https://example.com/invoice) for details, and is\u200BAdmin.',
    ].join('\n');
    await streamAnswer(page, reply);
    const shown = await page.evaluate(() => {
      const body = document.querySelector('[data-turn-id="a1"] .markdown-body')!;
      const link = body.querySelector('p a')!;
      // Where "invoice" and "txt" are drawn: reversed text would put "txt" first.
      const box = (node: Node, from: number, to: number) => {
        const range = document.createRange();
        range.setStart(node, from);
        range.setEnd(node, to);
        return range.getBoundingClientRect();
      };
      const [before, after] = Array.from(link.childNodes).filter((n) => n.nodeType === 3);
      const tail = link.nextSibling!;
      return {
        marks: Array.from(body.querySelectorAll('.hidden-char'), (m) => m.textContent),
        markTitle: body.querySelector('p .hidden-char')?.getAttribute('title'),
        text: body.textContent!,
        linkIsolated: getComputedStyle(link).unicodeBidi,
        invoiceLeft: box(before!, 0, 7).left,
        txtLeft: box(after!, 0, 3).left,
        linkRight: link.getBoundingClientRect().right,
        tailLeft: box(tail, 1, 4).left,
        tailTop: box(tail, 1, 4).top,
        linkTop: link.getBoundingClientRect().top,
        codeText: body.querySelector('pre code')!.textContent,
      };
    });
    assert.deepEqual(shown.marks, ['U+202E', 'U+2066', 'U+2069', 'U+2066', 'U+202E', 'U+200B']);
    assert.equal(shown.markTitle, 'U+202E RIGHT-TO-LEFT OVERRIDE: a hidden character in the answer, shown here, not copied');
    assert.ok(!/[\u200b\u202a-\u202e\u2066-\u2069]/.test(shown.text), 'no hidden character is in the page');
    assert.equal(shown.codeText, '/*U+202E } U+2066if (isAdmin)U+2069 U+2066 begin admins only */\n');
    assert.equal(shown.linkIsolated, 'isolate');
    assert.ok(shown.invoiceLeft < shown.txtLeft, `"invoice" is drawn before "txt" (${shown.invoiceLeft} < ${shown.txtLeft})`);
    if (shown.tailTop === shown.linkTop) assert.ok(shown.tailLeft >= shown.linkRight, 'the prose after the link follows it');
  });

  it('the view follows streamed reasoning to its end, and stops following once the person scrolls up', async () => {
    const result = await page.evaluate(async () => {
      const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      const send = (data: object) => window.dispatchEvent(new MessageEvent('message', { data }));
      const transcript = document.querySelector('.transcript')!;
      const belowView = () => Math.round(transcript.scrollHeight - transcript.scrollTop - transcript.clientHeight);
      const turn = { id: 'r1', role: 'assistant', text: '', status: 'streaming', model: 'acme/reasoner', createdAt: '2026-11-20T10:00:00.000Z' };
      send({ type: 'conversation/show', conversation: { id: 'c-reasoning', title: 'Reasoning', turns: [], earlier: 0 }, busy: false });
      send({ type: 'turn/append', turn });
      for (let i = 0; i < 60; i++) send({ type: 'reply/reasoning', turnId: 'r1', text: `Step ${i}: weighing the next option.\n` });
      await afterPaint();
      const followed = { below: belowView(), tall: transcript.scrollHeight > 2 * transcript.clientHeight };
      transcript.scrollTop = 0;
      await afterPaint();
      for (let i = 60; i < 80; i++) send({ type: 'reply/reasoning', turnId: 'r1', text: `Step ${i}: still weighing.\n` });
      await afterPaint();
      const scrolledUp = transcript.scrollTop;
      send({ type: 'reply/end', turn: { ...turn, status: 'done', text: 'Done.', reasoning: 'Steps.' } });
      return { followed, scrolledUp };
    });
    assert.ok(result.followed.tall, 'the reasoning is taller than the view');
    assert.ok(result.followed.below < 2, `the view stopped ${result.followed.below} px above the reasoning's end`);
    assert.equal(result.scrolledUp, 0, 'a person who scrolled up stays where they are');
  });

  it('a long conversation opens with the latest turns the host sends first, asks for the earlier ones once that is painted, and adds them; older answers render near the view, equal to a full render, and find and copy see them before', async () => {
    const result = await page.evaluate(async () => {
      const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      // Dispatched, not posted: the page handles it before this function goes on.
      const send = (data: object) => window.dispatchEvent(new MessageEvent('message', { data }));
      const toHost = (window as unknown as { toHost: { type: string }[] }).toHost;
      const asked = () => toHost.splice(0).filter((m) => m.type === 'conversation/earlier');
      const createdAt = '2026-11-20T10:00:00.000Z';
      const turns = Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? { id: `u${i}`, role: 'user', text: `Question ${i}`, mode: 'chat', context: [], createdAt }
          : {
              id: `a${i}`,
              role: 'assistant',
              status: 'done',
              model: 'acme/chat-large',
              createdAt,
              costRub: 0.5,
              usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
              text:
                `## Answer ${i}\n\nSee [docs][d] and the word needle${i}${i === 5 ? ' with \u202Ea hidden control' : ''}.\n\n\`\`\`ts\nconst n${i} = ${i};\n\`\`\`\n\n[d]: https://example.com/docs\n` +
                'More prose. '.repeat(60),
            },
      );
      // What the host sends first: the latest 20 turns (FIRST_TURNS), and how many came before.
      const conversation = { id: 'long', title: 'Long', turns: turns.slice(20), earlier: 20 };
      const earlierReply = { type: 'conversation/earlier', id: 'long', before: 'u20', turns: turns.slice(0, 20) };
      const transcript = document.querySelector<HTMLElement>('.transcript')!;
      const list = () => transcript.querySelector('.turns')!;
      const ids = () => Array.from(list().children, (e) => (e as HTMLElement).dataset.turnId);
      const meter = () => document.querySelector('.usage-meter')!.textContent;

      // A full render: every turn appended, each rendered at once.
      send({ type: 'conversation/show', conversation: { ...conversation, turns: [], earlier: 0 }, busy: false });
      for (const turn of turns) send({ type: 'turn/append', turn });
      await nextFrame();
      const full = list().innerHTML;

      // Opened and, before any frame, opened again with another conversation: the first one's
      // earlier turns are not asked for, and sent anyway they do not join the second.
      asked();
      send({ type: 'conversation/show', conversation, busy: false });
      send({ type: 'conversation/show', conversation: { id: 'short', title: 'Short', turns: turns.slice(0, 2), earlier: 0 }, busy: false });
      await afterPaint();
      await afterPaint();
      const askedAfterReopen = asked();
      send(earlierReply);
      const afterReopen = ids();
      // Shown again by the host from another turn (its latest 20 changed): the reply to the
      // first request is not added, the second one is.
      send({ type: 'conversation/show', conversation, busy: false });
      send({ type: 'conversation/show', conversation: { ...conversation, turns: turns.slice(22), earlier: 22 }, busy: false });
      await afterPaint();
      const askedAgain = asked();
      send(earlierReply);
      const staleReply = ids().length;

      send({ type: 'conversation/show', conversation, busy: false });
      const firstWrite = ids();
      const meterAtOpen = meter();
      await afterPaint();
      const askedAtOpen = asked();
      send(earlierReply);
      const meterComplete = meter();
      const atEnd = transcript.scrollHeight - transcript.scrollTop - transcript.clientHeight < 2;
      const pendingAtOpen = list().querySelectorAll('.turn-pending').length;
      const renderedAtOpen = Array.from(list().querySelectorAll('.turn-assistant:not(.turn-pending)'), (e) => (e as HTMLElement).dataset.turnId);
      const questionsAtOpen = list().querySelectorAll('.turn-user .user-text').length;
      const headAtOpen = list().querySelector('[data-turn-id="a1"] .turn-head .who')?.textContent;
      const hiddenShown = list().querySelector('[data-turn-id="a5"]')?.querySelector('.hidden-char')?.textContent;
      const rawHidden = list().textContent!.includes('\u202E');

      const firstPending = () => list().querySelector<HTMLElement>('[data-turn-id="a1"]')!.classList.contains('turn-pending');
      const pendingBeforeFind = firstPending();
      // Wrapping around, as the webview's find widget does: the search starts from the view, at the end.
      const found = (window as unknown as { find(text: string, caseSensitive: boolean, backwards: boolean, wrap: boolean): boolean }).find(
        'needle1.',
        false,
        false,
        true,
      );
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      const range = document.createRange();
      range.selectNodeContents(list());
      selection.addRange(range);
      const copied = selection.toString();
      selection.removeAllRanges();

      // Every turn brought into view in turn, until none waits.
      for (let round = 0; round < 200 && list().querySelector('.turn-pending'); round++) {
        list().querySelector<HTMLElement>('.turn-pending')!.scrollIntoView();
        await nextFrame();
        await nextFrame();
      }
      return {
        askedAfterReopen,
        afterReopen,
        askedAgain,
        staleReply,
        firstWrite: [firstWrite.length, firstWrite[0], firstWrite.at(-1)],
        meterAtOpen,
        askedAtOpen,
        meterComplete,
        atEnd,
        pendingAtOpen,
        renderedAtOpen,
        questionsAtOpen,
        headAtOpen,
        hiddenShown,
        rawHidden,
        pendingBeforeFind,
        found,
        copiedFirst: copied.includes('needle1.'),
        copiedQuestion: copied.includes('Question 0'),
        pendingAtEnd: list().querySelectorAll('.turn-pending').length,
        equal: list().innerHTML === full,
      };
    });
    assert.deepEqual(result, {
      askedAfterReopen: [],
      afterReopen: ['u0', 'a1'],
      askedAgain: [{ type: 'conversation/earlier', id: 'long', before: 'u22' }],
      staleReply: 18,
      firstWrite: [20, 'u20', 'a39'],
      // The conversation's cost is said once all of its turns are here (the context share needs a model).
      meterAtOpen: '',
      askedAtOpen: [{ type: 'conversation/earlier', id: 'long', before: 'u20' }],
      meterComplete: '≈ 10.00 ₽ this chat',
      atEnd: true,
      pendingAtOpen: 19,
      renderedAtOpen: ['a39'],
      questionsAtOpen: 20,
      headAtOpen: 'acme/chat-large',
      hiddenShown: 'U+202E',
      rawHidden: false,
      pendingBeforeFind: true,
      found: true,
      copiedFirst: true,
      copiedQuestion: true,
      pendingAtEnd: 0,
      equal: true,
    });
  });
});
