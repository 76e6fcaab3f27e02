// Brings a shown subtree up to date with a fresh rendering of it, touching only what differs.
// The streamed tail is rendered again on every frame but mostly grows at its end; replacing
// all of it made the browser lay out and paint the whole block again each frame, which for
// one giant paragraph or word took longer than a frame. Patched, the unchanged part stays
// as it is (and so does a selection in it).

/** Page-added children (a code block's action buttons) carry this attribute: patches keep them. */
export const PAGE_ADDED = 'data-page-added';

function sameElement(a: Element, b: Element): boolean {
  if (a.tagName !== b.tagName || a.attributes.length !== b.attributes.length) return false;
  for (const { name, value } of Array.from(b.attributes)) if (a.getAttribute(name) !== value) return false;
  return true;
}

function isPageAdded(node: ChildNode): boolean {
  return node.nodeType === 1 && (node as Element).hasAttribute(PAGE_ADDED);
}

/** Makes the children of `shown` equal to those of `fresh` (which it takes nodes from). */
export function patchChildren(shown: Node, fresh: Node): void {
  let current = shown.firstChild;
  const skipPageAdded = (): void => {
    while (current && isPageAdded(current)) current = current.nextSibling;
  };
  for (let next = fresh.firstChild; next;) {
    const following = next.nextSibling;
    skipPageAdded();
    if (current && current.nodeType === 3 && next.nodeType === 3) {
      const [old, text] = [(current as Text).data, (next as Text).data];
      if (old !== text) {
        if (text.startsWith(old)) (current as Text).appendData(text.slice(old.length));
        else (current as Text).data = text;
      }
      current = current.nextSibling;
    } else if (current && current.nodeType === 1 && next.nodeType === 1 && sameElement(current as Element, next as Element)) {
      patchChildren(current, next);
      current = current.nextSibling;
    } else {
      shown.insertBefore(next, current);
    }
    next = following;
  }
  while (current) {
    const after: ChildNode | null = current.nextSibling;
    if (!isPageAdded(current)) current.remove();
    current = after;
  }
}
