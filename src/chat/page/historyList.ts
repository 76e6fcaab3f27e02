// The list of stored conversations: search, open, rename, export, delete. Shown in place of
// the transcript. The search runs on the host over every conversation's text, as the person types.
// Above it, a line when conversation files could not be read (they were moved aside), with a
// button that shows where they went.
import * as l10n from '@vscode/l10n';
import type { HistoryItem } from '../common/conversation/conversation';
import { formatDateTime, plural } from '../../platform/format/localeFormat';
import { el, iconButton } from '../../platform/page/dom';
import type { HostBridge } from './hostBridge';
import { displayLocale } from '../../platform/format/displayLanguage';

export class HistoryList {
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  private readonly search: HTMLInputElement;
  private readonly unreadable: HTMLElement;
  private readonly unreadableText = el('span');
  private activeId = '';

  constructor(
    private readonly bridge: HostBridge,
    private readonly onOpen: () => void,
  ) {
    const heading = l10n.t('Conversations');
    this.list = el('ul', { class: 'history-items', attrs: { 'aria-label': heading } });
    const searchLabel = l10n.t('Search conversations');
    this.search = el('input', { class: 'history-search', attrs: { type: 'search', placeholder: searchLabel, 'aria-label': searchLabel } }) as HTMLInputElement;
    this.search.addEventListener('input', () => this.bridge.post({ type: 'history/search', query: this.search.value }));
    const showFolder = iconButton('folder-opened', l10n.t('Show Folder'), () => this.bridge.post({ type: 'history/showUnreadable' }), {
      text: true,
      class: 'secondary',
    });
    this.unreadable = el('p', { class: 'history-unreadable' }, this.unreadableText, showFolder);
    this.unreadable.hidden = true;
    this.element = el(
      'section',
      { class: 'history', attrs: { 'aria-label': l10n.t('Chat history') } },
      el('h2', { text: heading }),
      this.unreadable,
      this.search,
      this.list,
    );
    this.element.hidden = true;
  }

  /** The whole list: shown as it is, or searched again when a search is typed; `unreadable` files are said above it. */
  show(items: readonly HistoryItem[], activeId: string, unreadable = 0): void {
    this.activeId = activeId;
    this.showUnreadable(unreadable);
    if (this.search.value.trim()) {
      this.bridge.post({ type: 'history/search', query: this.search.value });
      return;
    }
    this.render(items, l10n.t('No conversations yet.'));
  }

  private showUnreadable(count: number): void {
    this.unreadable.hidden = count === 0;
    if (count === 0) return;
    this.unreadableText.textContent = plural(count, displayLocale(), {
      one: l10n.t({ message: '{0} conversation could not be read:', comment: ['plural: one'] }),
      few: l10n.t({ message: '{0} conversations could not be read:', comment: ['plural: few'] }),
      many: l10n.t({ message: '{0} conversations could not be read:', comment: ['plural: many'] }),
      other: l10n.t({ message: '{0} conversations could not be read:', comment: ['plural: other'] }),
    });
  }

  /** What a search found, if it is for what the box holds now. */
  showFound(query: string, items: readonly HistoryItem[]): void {
    if (query === this.search.value) this.render(items, query.trim() ? l10n.t('No conversation holds that text.') : l10n.t('No conversations yet.'));
  }

  private render(items: readonly HistoryItem[], empty: string): void {
    const activeId = this.activeId;
    if (items.length === 0) {
      this.list.replaceChildren(el('li', { class: 'history-empty', text: empty }));
      return;
    }
    // Rebuilt on every change, mid-answer too: a keyboard user keeps their place.
    const focused = this.focusedControl();
    this.list.replaceChildren(...items.map((item) => this.row(item, item.id === activeId)));
    if (focused) this.buttons(focused.id)[focused.index]?.focus();
  }

  /** The conversation and the button of its row that has keyboard focus, if one has. */
  private focusedControl(): { id: string; index: number } | undefined {
    const active = document.activeElement;
    const id = active && this.list.contains(active) ? active.closest<HTMLElement>('[data-conversation-id]')?.dataset.conversationId : undefined;
    return id === undefined ? undefined : { id, index: this.buttons(id).indexOf(active as HTMLButtonElement) };
  }

  private buttons(id: string): HTMLButtonElement[] {
    const row = Array.from(this.list.children).find((item) => (item as HTMLElement).dataset.conversationId === id);
    return row ? Array.from(row.querySelectorAll('button')) : [];
  }

  private row(item: HistoryItem, active: boolean): HTMLElement {
    const open = el(
      'button',
      { class: 'history-open', attrs: { type: 'button', title: l10n.t('Open "{0}"', item.title) } },
      el('span', { class: 'history-title', text: item.title }),
      item.keptAfterDeletion ? el('span', { class: 'history-kept', text: l10n.t('Kept after it was deleted in another window') }) : undefined,
      el('span', { class: 'history-time', text: formatDateTime(new Date(item.updatedAt), displayLocale()) }),
    );
    open.addEventListener('click', () => {
      this.bridge.post({ type: 'history/open', id: item.id });
      this.onOpen();
    });
    if (active) open.setAttribute('aria-current', 'true');
    return el(
      'li',
      { class: 'history-item', attrs: { 'data-conversation-id': item.id } },
      open,
      iconButton('edit', l10n.t('Rename "{0}"', item.title), () => this.bridge.post({ type: 'history/rename', id: item.id })),
      iconButton('export', l10n.t('Export "{0}" as Markdown', item.title), () => this.bridge.post({ type: 'history/export', id: item.id })),
      iconButton('trash', l10n.t('Delete "{0}"', item.title), () => this.bridge.post({ type: 'history/delete', id: item.id })),
    );
  }
}
