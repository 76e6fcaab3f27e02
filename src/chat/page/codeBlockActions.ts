// The buttons of a rendered answer's code blocks (Copy, Insert, Apply, New File): the page adds
// them to each block's toolbar as blocks appear, and a press sends the block's code to the host.
import * as l10n from '@vscode/l10n';
import type { ToHost } from '../common/protocol/protocol';
import { PAGE_ADDED } from './markdown/index';
import { el, iconButton } from '../../platform/page/dom';

type CodeAction = 'code/copy' | 'code/insert' | 'code/apply' | 'code/newFile';
/** Made when the buttons are: the words are the page's language. */
const codeActions = (): [CodeAction, string, string][] => [
  ['code/copy', 'copy', l10n.t({ message: 'Copy', comment: ['a button on a code block'] })],
  ['code/insert', 'insert', l10n.t('Insert at Cursor')],
  ['code/apply', 'diff', l10n.t('Apply to Editor (shows a diff first)')],
  ['code/newFile', 'new-file', l10n.t('New File with This Code')],
];

export interface CodeBlockHost {
  /** The code of block `index` of the answer `turnId`, as the answer's text holds it. */
  codeOf(turnId: string, index: number): { code: string; lang: string } | undefined;
  post(message: ToHost): void;
  announce(text: string): void;
}

/** Fills each code toolbar that appears in `list` with the actions, looking only in what was added (the list grows with the conversation). */
export function addCodeBlockActions(list: HTMLElement, host: CodeBlockHost): void {
  new MutationObserver((records) => decorateToolbars(records, host)).observe(list, { childList: true, subtree: true });
}

function decorateToolbars(records: MutationRecord[], host: CodeBlockHost): void {
  const toolbars = new Set<HTMLElement>();
  for (const record of records) {
    for (const node of Array.from(record.addedNodes)) {
      if (!(node instanceof HTMLElement) || !node.isConnected) continue;
      if (node.classList.contains('code-toolbar')) toolbars.add(node);
      for (const toolbar of Array.from(node.querySelectorAll<HTMLElement>('.code-toolbar'))) toolbars.add(toolbar);
    }
  }
  for (const toolbar of toolbars) {
    if (toolbar.querySelector(':scope > .code-actions')) continue;
    const actions = el('span', { class: 'code-actions', attrs: { [PAGE_ADDED]: '' } });
    for (const [type, codicon, label] of codeActions()) {
      const button = iconButton(codicon, label, () => runCodeAction(toolbar, type, host));
      button.dataset.codeAction = type;
      actions.append(button);
    }
    toolbar.append(actions);
  }
}

function runCodeAction(toolbar: HTMLElement, type: CodeAction, host: CodeBlockHost): void {
  const block = toolbar.closest<HTMLElement>('.code-block');
  const turnId = toolbar.closest<HTMLElement>('[data-turn-id]')?.dataset.turnId;
  const index = Number(block?.dataset.codeIndex);
  const code = turnId !== undefined ? host.codeOf(turnId, index) : undefined;
  if (!code) return;
  host.post({ type, code: code.code, lang: code.lang });
  if (type === 'code/copy') host.announce(l10n.t('Code copied.'));
}
