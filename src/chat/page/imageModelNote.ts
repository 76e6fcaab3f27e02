// Said above the Send button while the next message carries an image and the chosen model does
// not take images: why Send waits, and the models that do take them, one button each.
import * as l10n from '@vscode/l10n';
import type { ContextChip } from '../common/conversation/conversation';
import type { ModelView } from '../common/protocol/protocol';
import { el } from '../../platform/page/dom';
import type { HostBridge } from './hostBridge';

/** Models offered at most: the model picker above lists them all. */
const OFFERED = 3;

export class ImageModelNote {
  readonly element: HTMLElement;
  private model?: ModelView;
  private chips: readonly ContextChip[] = [];

  constructor(private readonly bridge: HostBridge) {
    this.element = el('div', { class: 'image-model-note', attrs: { role: 'status' } });
    this.element.hidden = true;
  }

  setModel(model: ModelView): void {
    this.model = model;
    this.render();
  }

  setChips(chips: readonly ContextChip[]): void {
    this.chips = chips;
    this.render();
  }

  /** Why the message cannot be sent to the chosen model, or undefined. */
  reason(): string | undefined {
    const current = this.model?.options.find((option) => option.id === this.model?.current);
    if (!current || current.images !== false || !this.chips.some((chip) => chip.kind === 'image')) return undefined;
    return l10n.t('{0} does not take images: pick a model that does, or remove the images.', current.id);
  }

  private render(): void {
    const reason = this.reason();
    this.element.hidden = reason === undefined;
    if (reason === undefined) return this.element.replaceChildren();
    const takers = (this.model?.options ?? []).filter((option) => option.images === true).slice(0, OFFERED);
    const offers = takers.map((option) => {
      const button = el('button', { class: 'icon-button secondary', text: l10n.t('Use {0}', option.id), attrs: { type: 'button' } });
      button.addEventListener('click', () => this.bridge.post({ type: 'model/select', modelId: option.id }));
      return button;
    });
    this.element.replaceChildren(
      el('span', { text: reason }),
      ...(offers.length > 0 ? offers : [el('span', { text: l10n.t('None of the models your key can use takes images.') })]),
    );
  }
}
