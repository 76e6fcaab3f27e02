// Small DOM builders: every element the page makes is created here or by the sanitiser,
// never from an HTML string.
type Child = Node | string | undefined | false;

export interface ElementProps {
  class?: string;
  text?: string;
  attrs?: Record<string, string>;
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: ElementProps = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (props.class) element.className = props.class;
  if (props.text !== undefined) element.textContent = props.text;
  for (const [name, value] of Object.entries(props.attrs ?? {})) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
}

export function icon(name: string): HTMLElement {
  return el('span', { class: `codicon codicon-${name}`, attrs: { 'aria-hidden': 'true' } });
}

/** A button with a codicon; `label` is both its accessible name and its tooltip. */
export function iconButton(name: string, label: string, onClick: () => void, options: { text?: boolean; class?: string } = {}): HTMLButtonElement {
  const button = el('button', { class: `icon-button ${options.class ?? ''}`.trim(), attrs: { type: 'button', title: label, 'aria-label': label } });
  button.append(icon(name));
  if (options.text) button.append(el('span', { text: label }));
  button.addEventListener('click', onClick);
  return button;
}
