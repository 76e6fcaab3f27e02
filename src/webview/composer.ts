// The message box: Enter sends, Shift+Enter adds a line, Esc stops the answer. The text
// is kept as a draft until the message is sent, so nothing typed is lost on a reload, nor
// when it is too long to send (lengthNote.ts).
import * as l10n from '@vscode/l10n';
import type { ContextChip } from '../core/chat/conversation';
import { contextChip } from './contextChips';
import { el, iconButton } from './dom';
import type { HostBridge } from './hostBridge';
import { LengthNote } from './lengthNote';

export class Composer {
  readonly element: HTMLElement;
  private readonly input: HTMLTextAreaElement;
  private readonly chips: HTMLElement;
  private readonly send: HTMLButtonElement;
  private readonly stop: HTMLButtonElement;
  private readonly editing: HTMLElement;
  private readonly length = new LengthNote();
  private busy = false;
  /** Set while the last message is being edited: sending replaces it. */
  private editMode = false;

  constructor(private readonly bridge: HostBridge) {
    this.input = el('textarea', {
      class: 'composer-input',
      attrs: {
        rows: '2',
        placeholder: l10n.t('Ask about your code, or /image and a description to make an image (Enter to send, Shift+Enter for a new line)'),
        'aria-label': l10n.t('Message'),
      },
    });
    this.input.value = bridge.draft();
    this.length.update(this.input.value);
    this.input.addEventListener('input', () => {
      bridge.saveDraft(this.input.value);
      this.length.update(this.input.value);
    });
    this.input.addEventListener('keydown', (event) => this.onKey(event));
    this.chips = el('div', { class: 'chips', attrs: { 'aria-label': l10n.t('Code attached to the next message') } });
    this.send = iconButton('send', l10n.t('Send'), () => this.submit(), { class: 'primary send' });
    this.stop = iconButton('debug-stop', l10n.t('Stop (Esc)'), () => bridge.post({ type: 'chat/stop' }), { class: 'stop', text: true });
    this.stop.hidden = true;
    this.editing = el(
      'div',
      { class: 'editing-note' },
      el('span', { text: l10n.t('Editing your last message: sending replaces it and its answer.') }),
      iconButton('close', l10n.t('Cancel editing'), () => {
        this.setEditing(false);
        this.input.focus();
      }),
    );
    this.editing.hidden = true;
    const tools = el(
      'div',
      { class: 'composer-tools' },
      iconButton('selection', l10n.t('Add Selection'), () => bridge.post({ type: 'context/addSelection' })),
      iconButton('file-add', l10n.t('Add Active File'), () => bridge.post({ type: 'context/addFile' })),
      el('span', { class: 'spacer' }),
      this.stop,
      this.send,
    );
    this.element = el('div', { class: 'composer' }, this.editing, this.chips, this.input, this.length.element, tools);
  }

  focus(): void {
    this.input.focus();
  }

  setBusy(busy: boolean): void {
    this.busy = busy;
    this.stop.hidden = !busy;
    this.send.disabled = busy;
  }

  setChips(chips: readonly ContextChip[]): void {
    this.chips.replaceChildren(...chips.map((chip) => contextChip(chip, (id) => this.bridge.post({ type: 'context/remove', id }))));
  }

  /** Puts `text` in the box to edit the last message. */
  edit(text: string): void {
    this.fill(text);
    this.setEditing(true);
  }

  fill(text: string): void {
    this.setText(text);
    this.input.focus();
  }

  private setText(text: string): void {
    this.input.value = text;
    this.bridge.saveDraft(text);
    this.length.update(text);
  }

  setEditing(on: boolean): void {
    this.editMode = on;
    this.editing.hidden = !on;
  }

  private onKey(event: KeyboardEvent): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      this.submit();
    } else if (event.key === 'Escape' && this.busy) {
      event.preventDefault();
      this.bridge.post({ type: 'chat/stop' });
    }
  }

  private submit(): void {
    const text = this.input.value;
    if (this.busy || text.trim() === '' || !this.length.update(text)) return;
    this.bridge.post(this.editMode ? { type: 'chat/editLast', text } : { type: 'chat/send', text });
    this.setEditing(false);
    this.setText('');
  }
}
