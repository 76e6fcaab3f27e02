// The message's length against the most the host takes (MAX_MESSAGE_CHARS): counted as it
// nears it, and past it what to do instead, since a longer message would be dropped.
import * as l10n from '@vscode/l10n';
import { MAX_MESSAGE_CHARS } from '../common/protocol/protocol';
import { formatInteger } from '../../platform/format/localeFormat';
import { el } from '../../platform/page/dom';
import { displayLocale } from '../../platform/format/displayLanguage';

/** The count shows from here on, before the limit stops a send. */
const COUNT_FROM = MAX_MESSAGE_CHARS * 0.9;
const formatCount = (n: number): string => formatInteger(n, displayLocale());
const tooLong = (): string =>
  l10n.t(
    'Too long to send: a message holds at most {0} characters. Shorten it, or attach the file as context ({1}, {2}) instead of pasting it.',
    formatCount(MAX_MESSAGE_CHARS),
    l10n.t('Add Active File'),
    l10n.t('Add Selection'),
  );

export class LengthNote {
  readonly element: HTMLElement;
  private readonly count = el('span', { class: 'length-count' });
  private readonly advice = el('span', { class: 'length-advice', attrs: { role: 'alert' } });

  constructor() {
    this.element = el('div', { class: 'length-note' }, this.count, this.advice);
    this.element.hidden = true;
  }

  /** Shows the length of `text`; says whether it can be sent. */
  update(text: string): boolean {
    const fits = text.length <= MAX_MESSAGE_CHARS;
    this.element.hidden = text.length < COUNT_FROM;
    this.element.classList.toggle('over', !fits);
    this.count.textContent = l10n.t('{0} / {1} characters', formatCount(text.length), formatCount(MAX_MESSAGE_CHARS));
    // Set only when it changes: an alert is said each time its text is.
    const advice = fits ? '' : tooLong();
    if (this.advice.textContent !== advice) this.advice.textContent = advice;
    return fits;
  }
}
