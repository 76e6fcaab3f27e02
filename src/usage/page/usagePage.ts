// The usage page: what the record holds, spend by day, and the totals of the period chosen
// (today, this week, this month or a range of days), with the range's export as CSV.
import * as l10n from '@vscode/l10n';
import { formatDate, plural } from '../../platform/format/localeFormat';
import type { Period, UsageReport } from '../common/usageReport';
import type { UsageToHost } from '../common/usageProtocol';
import { el } from '../../platform/page/dom';
import { dayChart } from './dayChart';
import { totalsView } from './totalsView';

export class UsagePage {
  private period: Period = 'month';
  private report?: UsageReport;

  constructor(
    private readonly root: HTMLElement,
    private readonly locale: string,
    private readonly post: (message: UsageToHost) => void,
  ) {}

  show(report: UsageReport): void {
    this.report = report;
    this.root.replaceChildren(...this.sections(report));
  }

  private sections(report: UsageReport): HTMLElement[] {
    const heading = el('h1', { text: l10n.t('Multi-Model AI Usage') });
    const notes = el('div', { class: 'notes' });
    if (report.corrupt > 0)
      notes.append(
        el('p', {
          class: 'warning',
          attrs: { role: 'status' },
          text: plural(report.corrupt, this.locale, {
            one: l10n.t({ message: '{0} line of the record could not be read and was skipped.', comment: ['plural: one'] }),
            few: l10n.t({ message: '{0} lines of the record could not be read and were skipped.', comment: ['plural: few'] }),
            many: l10n.t({ message: '{0} lines of the record could not be read and were skipped.', comment: ['plural: many'] }),
            other: l10n.t({ message: '{0} lines of the record could not be read and were skipped.', comment: ['plural: other'] }),
          }),
        }),
      );
    if (report.entries === 0) {
      notes.append(
        el('p', { class: 'empty', text: l10n.t('Nothing is recorded yet.') }),
        el('p', {
          text: l10n.t(
            'Each answer in the chat, Refactor Selection, VS Code’s chat and each image request adds an entry here: its model, key, project, tokens and cost. The record stays on this computer.',
          ),
        }),
      );
      return [heading, notes];
    }
    return [heading, notes, dayChart(report, this.locale), this.totals(report)];
  }

  private totals(report: UsageReport): HTMLElement {
    const labels: Record<Period, string> = { today: l10n.t('Today'), week: l10n.t('This week'), month: l10n.t('This month'), range: l10n.t('Range') };
    const chooser = el(
      'div',
      { class: 'period-chooser', attrs: { role: 'group', 'aria-label': l10n.t('Period') } },
      ...(Object.keys(labels) as Period[]).map((period) => {
        const button = el('button', {
          class: 'period',
          text: labels[period],
          attrs: { type: 'button', 'aria-pressed': String(period === this.period), 'data-period': period },
        });
        button.addEventListener('click', () => this.choose(period));
        return button;
      }),
    );
    const totals = report.periods[this.period];
    const range = this.rangeForm(report);
    const exportButton = el('button', { class: 'icon-button secondary export', text: l10n.t('Export as CSV'), attrs: { type: 'button' } });
    exportButton.addEventListener('click', () => this.post({ type: 'usage/export', from: totals.from, to: totals.to }));
    const span =
      totals.from === totals.to
        ? formatDate(Date.parse(`${totals.from}T12:00:00Z`), this.locale, 'UTC')
        : l10n.t(
            '{0} to {1}',
            formatDate(Date.parse(`${totals.from}T12:00:00Z`), this.locale, 'UTC'),
            formatDate(Date.parse(`${totals.to}T12:00:00Z`), this.locale, 'UTC'),
          );
    return el(
      'section',
      { class: 'usage-section', attrs: { 'aria-labelledby': 'totals-title' } },
      el('h2', { text: l10n.t('Totals'), attrs: { id: 'totals-title' } }),
      chooser,
      this.period === 'range' ? range : false,
      el('p', { class: 'period-span', text: l10n.t('{0}: {1}', labels[this.period], span) }, ' ', exportButton),
      totalsView(totals, this.locale),
    );
  }

  private rangeForm(report: UsageReport): HTMLFormElement {
    const { from, to } = report.periods.range;
    const input = (name: string, label: string, value: string) =>
      el('label', {}, label, ' ', el('input', { attrs: { type: 'date', name, value, max: report.today, required: '' } }));
    const form = el(
      'form',
      { class: 'range-form' },
      input('from', l10n.t('From'), from),
      input('to', l10n.t('To'), to),
      el('button', { class: 'icon-button primary', text: l10n.t('Show'), attrs: { type: 'submit' } }),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const [a, b] = [String(data.get('from')), String(data.get('to'))].sort();
      this.post({ type: 'usage/range', from: a!, to: b! });
    });
    return form;
  }

  private choose(period: Period): void {
    this.period = period;
    if (this.report) this.show(this.report);
    this.root.querySelector<HTMLButtonElement>(`[data-period="${period}"]`)?.focus();
  }
}
