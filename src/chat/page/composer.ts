// The message box: Enter sends, Shift+Enter adds a line, Esc stops the answer. The text
// is kept as a draft until the message is sent, so nothing typed is lost on a reload, nor
// when it is too long to send (lengthNote.ts), nor when an attachment cannot go. Above it, the
// chips of what the message carries and of the project's instructions; below it, what sending it
// would cost (estimateLine.ts).
import * as l10n from '@vscode/l10n';
import type { ContextChip } from '../common/conversation/conversation';
import type { DraftEstimate, ModelView, SlashCommandView } from '../common/protocol/protocol';
import { AttachInput } from './attachInput';
import { contextChip, instructionsChip } from './contextChips';
import { el, iconButton } from '../../platform/page/dom';
import { EstimateLine } from './estimateLine';
import type { HostBridge } from './hostBridge';
import { ImageModelNote } from './imageModelNote';
import { LengthNote } from './lengthNote';

export class Composer {
  readonly element: HTMLElement;
  private readonly input: HTMLTextAreaElement;
  private readonly chips: HTMLElement;
  private readonly send: HTMLButtonElement;
  private readonly stop: HTMLButtonElement;
  private readonly editing: HTMLElement;
  private readonly length = new LengthNote();
  private readonly estimate: EstimateLine;
  private readonly imageNote: ImageModelNote;
  private readonly attach: AttachInput;
  private readonly instructions: HTMLElement;
  private busy = false;
  /** The message being edited: sending starts a branch from it. */
  private editedTurn?: string;

  constructor(
    private readonly bridge: HostBridge,
    warn: (message: string) => void,
  ) {
    this.input = el('textarea', {
      class: 'composer-input',
      attrs: {
        rows: '2',
        placeholder: placeholder([]),
        'aria-label': l10n.t('Message'),
      },
    });
    this.input.value = bridge.draft();
    this.length.update(this.input.value);
    this.estimate = new EstimateLine(bridge, () => ({ text: this.input.value, editing: this.editedTurn }));
    this.input.addEventListener('input', () => {
      bridge.saveDraft(this.input.value);
      this.length.update(this.input.value);
      this.estimate.changed();
    });
    this.input.addEventListener('keydown', (event) => this.onKey(event));
    this.chips = el('div', { class: 'chips', attrs: { 'aria-label': l10n.t('Attached to the next message') } });
    this.instructions = el('div', { class: 'chips instructions' });
    this.imageNote = new ImageModelNote(bridge);
    this.attach = new AttachInput(bridge, this.input, warn);
    this.send = iconButton('send', l10n.t('Send'), () => this.submit(), { class: 'primary send' });
    this.stop = iconButton('debug-stop', l10n.t('Stop (Esc)'), () => bridge.post({ type: 'chat/stop' }), { class: 'stop', text: true });
    this.stop.hidden = true;
    this.editing = el(
      'div',
      { class: 'editing-note' },
      el('span', { text: l10n.t('Editing a message: sending starts a new branch from it; the old one stays.') }),
      iconButton('close', l10n.t('Cancel editing'), () => {
        this.setEditing(undefined);
        this.input.focus();
      }),
    );
    this.editing.hidden = true;
    const tools = el(
      'div',
      { class: 'composer-tools' },
      iconButton('attach', l10n.t('Attach Files or Images (#)'), () => bridge.post({ type: 'context/pick', from: 'button' })),
      iconButton('selection', l10n.t('Add Selection'), () => bridge.post({ type: 'context/addSelection' })),
      iconButton('file-add', l10n.t('Add Active File'), () => bridge.post({ type: 'context/addFile' })),
      el('span', { class: 'spacer' }),
      this.stop,
      this.send,
    );
    this.element = el(
      'div',
      { class: 'composer' },
      this.editing,
      this.instructions,
      this.chips,
      this.input,
      this.length.element,
      this.estimate.element,
      this.imageNote.element,
      tools,
    );
    this.attach.acceptDrops(this.element);
  }

  focus(): void {
    this.input.focus();
  }

  setBusy(busy: boolean): void {
    this.busy = busy;
    this.stop.hidden = !busy;
    this.updateSend();
  }

  setChips(chips: readonly ContextChip[]): void {
    this.chips.replaceChildren(...chips.map((chip) => contextChip(chip, (id) => this.bridge.post({ type: 'context/remove', id }))));
    this.imageNote.setChips(chips);
    this.updateSend();
    this.estimate.refresh();
  }

  setModel(model: ModelView): void {
    this.imageNote.setModel(model);
    this.updateSend();
    this.estimate.refresh();
  }

  /** The host's price of the draft `seq` (composer/estimate). */
  showEstimate(seq: number, estimate: DraftEstimate | undefined): void {
    this.estimate.show(seq, estimate);
  }

  /** The conversation or the instructions the message goes with changed: its price too. */
  refreshEstimate(): void {
    this.estimate.refresh();
  }

  /** Names the slash commands in the placeholder, each with its own words. */
  setSlashCommands(commands: readonly SlashCommandView[]): void {
    this.input.placeholder = placeholder(commands);
  }

  /** The project's instructions sent with every message (their file), or none. */
  setInstructions(path: string | undefined): void {
    this.instructions.replaceChildren(...(path ? [instructionsChip(path, () => this.bridge.post({ type: 'instructions/open' }))] : []));
  }

  /** The `#` picker closed with `count` files attached. */
  picked(count: number): void {
    this.attach.picked(count);
  }

  /** Send waits while answering, and says why while the chosen model cannot take the attached images. */
  private updateSend(): void {
    const reason = this.imageNote.reason();
    this.send.disabled = this.busy || reason !== undefined;
    const label = reason ?? l10n.t('Send');
    this.send.title = label;
    this.send.setAttribute('aria-label', label);
  }

  /** Puts the text of the message `turnId` in the box, to send it again edited. */
  edit(turnId: string, text: string): void {
    this.fill(text);
    this.setEditing(turnId);
  }

  fill(text: string): void {
    this.setText(text);
    this.input.focus();
  }

  private setText(text: string): void {
    this.input.value = text;
    this.bridge.saveDraft(text);
    this.length.update(text);
    this.estimate.refresh();
  }

  setEditing(turnId: string | undefined): void {
    const changed = this.editedTurn !== turnId;
    this.editedTurn = turnId;
    this.editing.hidden = turnId === undefined;
    // Sending it would replace that message instead of following the last one: another price.
    if (changed) this.estimate.refresh();
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
    if (this.busy || text.trim() === '' || !this.length.update(text) || this.imageNote.reason() !== undefined) return;
    this.bridge.post(this.editedTurn ? { type: 'chat/edit', turnId: this.editedTurn, text } : { type: 'chat/send', text });
    this.setEditing(undefined);
    this.setText('');
  }
}

/** The message box's placeholder: what any message may do, then what each slash command does. */
function placeholder(commands: readonly SlashCommandView[]): string {
  return l10n.t(
    'Ask about your code, # to attach files{0} (Enter to send, Shift+Enter for a new line)',
    commands.map((command) => `, ${command.placeholder}`).join(''),
  );
}
