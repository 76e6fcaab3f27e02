// The price line under the message box: "≈ 0.42 ₽ to send · up to 3.10 ₽ for the answer". The host
// prices the draft as it would send it (composer/draft, composer/estimate); the page asks again
// once typing pauses, and at once when what the message goes with changes. Its split into the
// history, the attachments, the instructions and the message is a tooltip, shown on hover and on
// keyboard focus, and the line's description for screen readers.
import * as l10n from '@vscode/l10n';
import { MAX_MESSAGE_CHARS, type DraftEstimate } from '../common/protocol/protocol';
import { displayLocale } from '../../platform/format/displayLanguage';
import { formatRub } from '../../platform/format/localeFormat';
import { el } from '../../platform/page/dom';
import { priceLine } from '../../platform/reply/priceLine';
import type { HostBridge } from './hostBridge';

/** How long typing pauses before the draft is priced again. */
export const ESTIMATE_DEBOUNCE_MS = 300;

export class EstimateLine {
  readonly element: HTMLElement;
  private readonly line: HTMLElement;
  private readonly split: HTMLElement;
  /** The draft asked for last: an older one's answer is passed over. */
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly bridge: HostBridge,
    private readonly draft: () => { text: string; editing?: string },
  ) {
    this.line = el('div', { class: 'estimate-line', attrs: { tabindex: '0', 'aria-describedby': 'estimate-split' } });
    this.split = el('div', { class: 'estimate-split', attrs: { id: 'estimate-split', role: 'tooltip' } });
    this.element = el('div', { class: 'estimate' }, this.line, this.split);
    this.element.hidden = true;
  }

  /** The draft changed: priced again once typing pauses. */
  changed(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.ask(), ESTIMATE_DEBOUNCE_MS);
  }

  /** What the draft goes with changed (the chips, the model, the conversation): priced again now. */
  refresh(): void {
    clearTimeout(this.timer);
    this.ask();
  }

  /** The host's price of the draft `seq`; none hides the line. */
  show(seq: number, estimate: DraftEstimate | undefined): void {
    if (seq !== this.seq) return;
    this.element.hidden = estimate === undefined;
    if (!estimate) return;
    const locale = displayLocale();
    this.line.textContent = priceLine(estimate.sendRub, estimate.answerUpToRub, locale);
    const { history, attachments, instructions, message } = estimate.parts;
    const parts: [string, number][] = [
      [l10n.t('History'), history],
      [l10n.t('Attachments'), attachments],
      [l10n.t('Instructions'), instructions],
      [l10n.t('Your message'), message],
    ];
    this.split.replaceChildren(...parts.map(([name, amount]) => el('div', { text: `${name}: ${formatRub(amount, locale)}` })));
  }

  private ask(): void {
    const { text, editing } = this.draft();
    // A draft too long to send has no price: the length note says what to do.
    if (text.length > MAX_MESSAGE_CHARS) {
      this.seq++;
      this.element.hidden = true;
      return;
    }
    this.bridge.post({ type: 'composer/draft', text, seq: ++this.seq, ...(editing !== undefined && { editing }) });
  }
}
