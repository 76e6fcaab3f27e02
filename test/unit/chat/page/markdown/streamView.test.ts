import * as assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';
import { renderMarkdown } from '#src/chat/page/markdown/markdownRenderer';
import { createSanitizer } from '#src/chat/page/markdown/sanitizer';
import { MIN_SHOW_INTERVAL_MS, SECTION_BLOCKS, StreamView } from '#src/chat/page/markdown/streamView';
import { replies } from '../fixtures/replies';

describe('StreamView', () => {
  const dom = new JSDOM('<!doctype html><body></body>');
  const document = dom.window.document;
  const sanitizer = createSanitizer(dom.window);
  let frames: ((time: number) => void)[];
  let frameTime: number;
  let container: HTMLElement;
  let view: StreamView;

  /** Runs the requested frames at the next frame time, `step` ms on: by default, one that may show text. */
  const runFrames = (step = MIN_SHOW_INTERVAL_MS) => {
    const pending = frames;
    frames = [];
    frameTime += step;
    for (const frame of pending) frame(frameTime);
  };
  /** Runs frames until none is requested; returns how many ran. */
  const runAllFrames = (step?: number) => {
    let count = 0;
    for (; frames.length > 0; count++) runFrames(step);
    return count;
  };
  const blocks = () => Array.from(container.querySelectorAll(':scope > .md-section > .md-block, :scope > .md-tail'));
  const shownHtml = () =>
    blocks()
      .map((child) => child.innerHTML)
      .join('');

  beforeEach(() => {
    frames = [];
    frameTime = 0;
    container = document.createElement('div');
    view = new StreamView(container, { sanitizer, requestFrame: (callback) => frames.push(callback) });
  });

  it('in a hidden part of the page (another answer tab) shows nothing until that part is shown, then what arrived meanwhile', () => {
    const panel = document.createElement('div');
    panel.hidden = true;
    panel.append(container);
    document.body.append(panel);
    view.append('Hello ');
    runFrames();
    view.append('**world**');
    runFrames();
    const hidden = { html: shownHtml(), waiting: frames.length };
    panel.hidden = false;
    runFrames();
    panel.remove();
    assert.deepEqual({ hidden, shown: shownHtml() }, { hidden: { html: '', waiting: 1 }, shown: '<p>Hello <strong>world</strong></p>\n' });
  });

  it('batches deltas into one DOM update per frame', () => {
    view.append('Hello ');
    view.append('**world**');
    assert.equal(frames.length, 1);
    assert.equal(shownHtml(), '', 'nothing is shown before the frame');
    assert.equal(container.getAttribute('aria-busy'), 'true');
    runFrames();
    assert.equal(shownHtml(), '<p>Hello <strong>world</strong></p>\n');
    view.append('!');
    assert.equal(frames.length, 1);
  });

  it('at 60 Hz, shows streamed text on every other frame, the first text at once, and says when it showed some', () => {
    const shownAt: string[] = [];
    const onShownView = new StreamView(container, { sanitizer, requestFrame: (callback) => frames.push(callback), onShown: () => shownAt.push(shownHtml()) });
    const sixtyHz = 1000 / 60;
    const seen: string[] = [];
    for (const word of ['one', 'two', 'three', 'four']) {
      onShownView.append(` ${word}`);
      runFrames(sixtyHz);
      seen.push(shownHtml());
    }
    assert.deepEqual(seen, ['<p>one</p>\n', '<p>one</p>\n', '<p>one two three</p>\n', '<p>one two three</p>\n']);
    runFrames(sixtyHz);
    assert.equal(shownHtml(), '<p>one two three four</p>\n');
    assert.equal(frames.length, 0, 'no frame is asked for once everything is shown');
    assert.deepEqual(
      shownAt,
      ['<p>one</p>\n', '<p>one two three</p>\n', '<p>one two three four</p>\n'],
      'once after each frame that showed text, after the DOM changed',
    );
    onShownView.append(' five');
    onShownView.finish();
    onShownView.setText('Restored.');
    runFrames();
    assert.equal(shownAt.length, 3, 'not for what finish() and setText() show at once');
  });

  it('inserts committed blocks once and ends with the full render, sanitised', () => {
    const text = replies.explanation!;
    const firstBlocks: Element[] = [];
    for (let i = 0; i < text.length; i += 7) {
      view.append(text.slice(i, i + 7));
      runFrames();
      if (firstBlocks.length === 0 && blocks().length > 3) firstBlocks.push(...blocks().slice(0, 3));
    }
    view.finish();
    assert.equal(container.getAttribute('aria-busy'), 'false');
    assert.deepEqual(blocks().slice(0, 3), firstBlocks, 'the same nodes, never re-created');
    assert.equal(shownHtml(), sanitizer.sanitize(renderMarkdown(text).html));
    assert.equal(view.text(), text);
  });

  const budgetedView = (charsPerFrame: number) => new StreamView(container, { sanitizer, requestFrame: (callback) => frames.push(callback), charsPerFrame });

  it('shows a burst bigger than the frame budget over the next frames, a budget on every frame', () => {
    const budgeted = budgetedView(64);
    const text = replies.explanation!;
    budgeted.append(text);
    runFrames(1000 / 60);
    assert.equal(shownHtml(), sanitizer.sanitize(renderMarkdown(text.slice(0, 64)).html), 'the first frame renders one budget');
    // At 60 Hz: on every frame while more than a budget waits; the last budget, as text that
    // keeps up, on the frame after next.
    assert.equal(1 + runAllFrames(1000 / 60), Math.ceil(text.length / 64) + 1);
    assert.equal(shownHtml(), sanitizer.sanitize(renderMarkdown(text).html));
    assert.equal(budgeted.text(), text);
  });

  it('without a fixed budget, a frame renders what fits in about 4 ms of script: half as much after a slow frame, twice after a fast one', () => {
    let clock = 0;
    let frameMs = 8;
    const view = new StreamView(container, {
      sanitizer,
      requestFrame: (callback) => frames.push(callback),
      // A frame reads the clock before and after rendering: frameMs pass between them.
      now: () => (clock += frameMs),
    });
    const text = 'word '.repeat(1000);
    view.append(text);
    const shownAfterEachFrame: number[] = [];
    for (const ms of [8, 8, 1, 1]) {
      frameMs = ms;
      runFrames();
      const shown = [1024, 1536, 1792, 2304].find((n) => shownHtml() === sanitizer.sanitize(renderMarkdown(text.slice(0, n)).html));
      shownAfterEachFrame.push(shown ?? -1);
    }
    assert.deepEqual(shownAfterEachFrame, [1024, 1536, 1792, 2304]);
  });

  it('never splits a surrogate pair at a frame budget', () => {
    const budgeted = budgetedView(3);
    budgeted.append('😀😀😀');
    assert.equal(budgeted.text(), '😀😀😀');
    runFrames();
    assert.equal(shownHtml(), '<p>😀</p>\n');
    budgeted.finish();
    runFrames();
    assert.equal(shownHtml(), '<p>😀😀</p>\n');
    runFrames();
    assert.equal(shownHtml(), '<p>😀😀😀</p>\n');
    assert.equal(container.getAttribute('aria-busy'), 'false');
  });

  it('finish() shows what is within one frame budget at once', () => {
    const budgeted = budgetedView(4);
    budgeted.append('😀😀😀');
    runFrames();
    assert.equal(shownHtml(), '<p>😀😀</p>\n');
    budgeted.finish();
    assert.equal(shownHtml(), '<p>😀😀😀</p>\n');
    assert.equal(container.getAttribute('aria-busy'), 'false');
  });

  it('finish() with a backlog beyond the frame budget shows it over the next frames, then ends', () => {
    const shownAt: string[] = [];
    const budgeted = new StreamView(container, {
      sanitizer,
      requestFrame: (callback) => frames.push(callback),
      charsPerFrame: 64,
      onShown: () => shownAt.push(shownHtml()),
    });
    const text = replies.explanation!;
    budgeted.append(text);
    runFrames();
    budgeted.finish();
    assert.equal(shownHtml(), sanitizer.sanitize(renderMarkdown(text.slice(0, 64)).html), 'nothing more in the same task');
    assert.equal(container.getAttribute('aria-busy'), 'true');
    assert.equal(budgeted.text(), text);
    assert.equal(1 + runAllFrames(), Math.ceil(text.length / 64));
    assert.equal(shownHtml(), sanitizer.sanitize(renderMarkdown(text).html));
    assert.equal(container.getAttribute('aria-busy'), 'false');
    assert.equal(shownAt.length, Math.ceil(text.length / 64), 'every frame of the backlog says it showed text');
    assert.equal(shownAt.at(-1), shownHtml(), 'the last one once all of it is shown');
  });

  it('finish() shows pending text without waiting for a frame', () => {
    view.append('# Done');
    view.finish();
    assert.equal(shownHtml(), '<h1>Done</h1>\n');
    runFrames();
    assert.equal(shownHtml(), '<h1>Done</h1>\n');
  });

  it('replaces a committed block whose link reference is defined later', () => {
    view.append('See [docs].\n\nMore.\n\nMore still.\n\n');
    runFrames();
    const first = blocks()[0]!;
    view.append('[docs]: https://example.com/docs\n');
    view.finish();
    assert.equal(blocks()[0], first);
    assert.equal(first.innerHTML, '<p>See <a data-href="https://example.com/docs" role="link" tabindex="0">docs</a>.</p>\n');
  });

  it('setText() shows a saved message whole, replacing what was there', () => {
    view.append('old text\n\nmore old\n\nand more\n');
    runFrames();
    view.setText('```py\nprint(1)\n```\n\nnew');
    assert.equal(container.getAttribute('aria-busy'), 'false');
    assert.equal(shownHtml(), sanitizer.sanitize(renderMarkdown('```py\nprint(1)\n```\n\nnew').html));
    assert.deepEqual(view.code(0), { lang: 'py', code: 'print(1)\n' });
    assert.equal(view.codeCount, 1);
  });

  it('groups committed blocks in sections of SECTION_BLOCKS, the tail after them', () => {
    view.setText(Array.from({ length: SECTION_BLOCKS * 2 + 3 }, (_, i) => `Paragraph ${i}.`).join('\n\n'));
    assert.deepEqual(
      Array.from(container.children).map((child) => [child.className, child.childElementCount]),
      [
        ['md-section', SECTION_BLOCKS],
        ['md-section', SECTION_BLOCKS],
        ['md-section', 1],
        ['md-tail', 2],
      ],
    );
  });

  it('gives the raw code of each block by its data-code-index', () => {
    view.setText('```ts\nconst a = "<b>";\n```\n\n~~~\nplain & simple\n~~~\n');
    const indexes = Array.from(container.querySelectorAll('.code-block')).map((b) => Number(b.getAttribute('data-code-index')));
    assert.deepEqual(
      indexes.map((i) => view.code(i)?.code),
      ['const a = "<b>";\n', 'plain & simple\n'],
    );
  });
});
