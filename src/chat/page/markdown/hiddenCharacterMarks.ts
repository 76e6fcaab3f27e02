// Shows the hidden characters of an answer (src/platform/text/hiddenCharacters.ts) as marks: each
// becomes a small box naming its code point, in an isolate of its own. The character itself is
// not put in the page, so a direction override is seen instead of reordering the text, and a
// selection copied from the page carries none (the marks are not selectable).
import * as l10n from '@vscode/l10n';
import { findHiddenCharacters, hasHiddenCharacters, hiddenCharacterTitle } from '../../../platform/text/hiddenCharacters';

export function markHiddenCharacters(root: DocumentFragment | Element): void {
  const document = root.ownerDocument!;
  const walker = document.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  const found: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (hasHiddenCharacters((node as Text).data)) found.push(node as Text);
  }
  for (const node of found) {
    const parts = document.createDocumentFragment();
    let from = 0;
    for (const hidden of findHiddenCharacters(node.data)) {
      parts.append(node.data.slice(from, hidden.index));
      const mark = document.createElement('span');
      mark.className = `hidden-char hidden-${hidden.kind}`;
      mark.title = l10n.t('{0}: a hidden character in the answer, shown here, not copied', hiddenCharacterTitle(hidden.char));
      mark.textContent = hidden.code;
      parts.append(mark);
      from = hidden.index + hidden.char.length;
    }
    parts.append(node.data.slice(from));
    node.replaceWith(parts);
  }
}
