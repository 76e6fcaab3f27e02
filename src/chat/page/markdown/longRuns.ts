// Lays out giant unbroken words in pieces. A 200 KB "word" in a paragraph is one inline
// formatting context: every frame that added to it made the browser break all of it into lines
// again (overflow-wrap: anywhere), 100 ms and more per frame, growing with the word; in a code
// block, shape all of it again. Cut into pieces of RUN_CHUNK characters (inline blocks in prose,
// see chat.css), only the piece that grew is laid out again; the text, its selection and what is
// copied stay the same (no characters are added).

/** Runs of non-space characters at least this long are cut into pieces of this size. */
export const RUN_CHUNK = 1_000;

const LONG_RUN = new RegExp(`\\S{${RUN_CHUNK},}`, 'g');

export function chunkLongRuns(root: DocumentFragment | Element): void {
  const document = root.ownerDocument!;
  const walker = document.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  const found: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    if (text.length >= RUN_CHUNK) found.push(text);
  }
  for (const node of found) {
    const parts = document.createDocumentFragment();
    let from = 0;
    for (const match of node.data.matchAll(LONG_RUN)) {
      parts.append(node.data.slice(from, match.index));
      for (let at = 0; at < match[0].length; at += RUN_CHUNK) {
        const piece = document.createElement('span');
        piece.className = 'long-run';
        piece.textContent = match[0].slice(at, at + RUN_CHUNK);
        parts.append(piece);
      }
      from = match.index + match[0].length;
    }
    if (from === 0) continue;
    parts.append(node.data.slice(from));
    node.replaceWith(parts);
  }
}
