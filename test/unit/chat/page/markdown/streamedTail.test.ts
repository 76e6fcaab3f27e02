// How the streamed tail is kept on screen: patched to each new rendering (domPatch.ts), with
// giant words in pieces (longRuns.ts) and hidden characters as marks (hiddenCharacterMarks.ts).
import * as assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';
import { PAGE_ADDED, patchChildren } from '#src/chat/page/markdown/domPatch';
import { chunkLongRuns, RUN_CHUNK } from '#src/chat/page/markdown/longRuns';
import { createSanitizer } from '#src/chat/page/markdown/sanitizer';
import { StreamView } from '#src/chat/page/markdown/streamView';

describe('the streamed tail', () => {
  const { window } = new JSDOM('<!doctype html><body></body>');
  const { document } = window;
  const html = (markup: string): DocumentFragment => {
    const template = document.createElement('template');
    template.innerHTML = markup;
    return template.content;
  };

  it('is patched: text that grew is appended to, the rest is kept (node identity, page-added buttons)', () => {
    const shown = document.createElement('div');
    shown.append(html('<p>Hello <em>big</em> wor</p><div class="code-toolbar"><span>ts</span></div>'));
    const paragraph = shown.firstChild!;
    const text = paragraph.lastChild as Text;
    const buttons = document.createElement('span');
    buttons.setAttribute(PAGE_ADDED, '');
    shown.querySelector('.code-toolbar')!.append(buttons);

    patchChildren(shown, html('<p>Hello <em>big</em> world</p><div class="code-toolbar"><span>ts</span></div><p>next</p>'));
    assert.equal(shown.innerHTML, '<p>Hello <em>big</em> world</p><div class="code-toolbar"><span>ts</span><span data-page-added=""></span></div><p>next</p>');
    assert.equal(shown.firstChild, paragraph, 'the paragraph is the same element');
    assert.equal(paragraph.lastChild, text, 'and its text the same node');

    patchChildren(shown, html('<h1>Other</h1>'));
    assert.equal(shown.innerHTML, '<h1>Other</h1>');
  });

  it('cuts runs of 1,000 or more non-space characters into pieces, adding no character', () => {
    const word = 'x'.repeat(2 * RUN_CHUNK + 5);
    const root = html(`<p>see ${word} and <code>short</code></p>`);
    chunkLongRuns(root);
    const pieces = Array.from(root.querySelectorAll('.long-run'), (piece) => piece.textContent!.length);
    assert.deepEqual(pieces, [RUN_CHUNK, RUN_CHUNK, 5]);
    assert.equal(root.textContent, `see ${word} and short`);
  });

  it('a streamed giant word ends as the same pieces a restored one gets', () => {
    const sanitizer = createSanitizer(window);
    const frames: ((time: number) => void)[] = [];
    let frameTime = 0;
    const live = document.createElement('div');
    const view = new StreamView(live, { sanitizer, requestFrame: (callback) => frames.push(callback) });
    const text = `A ${'ab'.repeat(1500)} b`;
    for (let i = 0; i < text.length; i += 97) {
      view.append(text.slice(i, i + 97));
      frameTime += 1000 / 30;
      frames.splice(0).forEach((frame) => frame(frameTime));
    }
    view.finish();
    const restored = document.createElement('div');
    new StreamView(restored, { sanitizer }).setText(text);
    assert.equal(live.innerHTML, restored.innerHTML);
    assert.equal(live.querySelectorAll('.long-run').length, 3);
  });

  it('shows hidden characters as marks naming them, and keeps them out of titles and links', () => {
    const sanitizer = createSanitizer(window);
    const root = document.createElement('div');
    root.append(sanitizer.sanitizeToFragment('<p><a href="https://example.com/\u202Eexe" title="a\u200Bb">invoice\u202Etxt.exe</a></p>'));
    assert.equal(
      root.innerHTML,
      '<p><a title="ab">invoice<span class="hidden-char hidden-bidi" title="U+202E RIGHT-TO-LEFT OVERRIDE: a hidden character in the answer, shown here, not copied">U+202E</span>txt.exe</a></p>',
    );
  });
});
