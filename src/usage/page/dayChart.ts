// Spend by day over the last 30 days: a bar a day, stacked by model (the five that spent most,
// the rest as one), and under it the same numbers as a table for a screen reader.
import * as l10n from '@vscode/l10n';
import { formatDate, formatRub } from '../../platform/format/localeFormat';
import type { UsageReport } from '../common/usageReport';
import { el } from '../../platform/page/dom';
import { niceCeiling, SERIES_COLOURS, svg } from './svg';

const WIDTH = 640;
const HEIGHT = 220;
const LEFT = 64;
const BOTTOM = 24;

interface Series {
  label: string;
  models: string[];
  colour: string;
}

/** The models in the chart: each of the first five its own series, the others together. */
function seriesOf(models: string[]): Series[] {
  const own = models.slice(0, SERIES_COLOURS.length - 1).map((model, i) => ({ label: model, models: [model], colour: SERIES_COLOURS[i]! }));
  const rest = models.slice(SERIES_COLOURS.length - 1);
  return rest.length > 0 ? [...own, { label: l10n.t('Other models'), models: rest, colour: SERIES_COLOURS.at(-1)! }] : own;
}

const dayDate = (day: string) => Date.parse(`${day}T12:00:00Z`);

export function dayChart(report: UsageReport, locale: string): HTMLElement {
  const series = seriesOf(report.models);
  const amounts = report.days.map((d) => series.map((s) => s.models.reduce((sum, m) => sum + (d.byModel[m] ?? 0), 0)));
  const top = niceCeiling(Math.max(0, ...report.days.map((d) => d.costRub)));
  const plotHeight = HEIGHT - BOTTOM - 8;
  const slot = (WIDTH - LEFT) / report.days.length;
  const title = l10n.t('Spend by day, last 30 days');
  const chart = svg('svg', { class: 'chart day-chart', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-label': title });
  for (const fraction of [0, 0.5, 1]) {
    const y = 8 + plotHeight * (1 - fraction);
    chart.append(
      svg('line', { class: 'grid', x1: LEFT, x2: WIDTH, y1: y, y2: y }),
      svg('text', { class: 'axis-label', x: LEFT - 6, y: y + 4, 'text-anchor': 'end' }, formatRub(top * fraction, locale).replace('≈ ', '')),
    );
  }
  report.days.forEach((day, i) => {
    const bar = svg('g', { class: 'day', 'data-day': day.day });
    let y = 8 + plotHeight;
    series.forEach((s, j) => {
      const amount = amounts[i]![j]!;
      if (amount <= 0) return;
      const height = (amount / top) * plotHeight;
      y -= height;
      const rect = svg(
        'rect',
        { class: 'segment', x: LEFT + i * slot + slot * 0.15, y, width: slot * 0.7, height, 'data-series': s.label, 'data-rub': amount },
        svg('title', {}, `${formatDate(dayDate(day.day), locale, 'UTC')}: ${s.label} ${formatRub(amount, locale)}`),
      );
      // Through the CSSOM: a presentation attribute does not read CSS variables, and the CSP allows no style attribute.
      rect.style.fill = s.colour;
      bar.append(rect);
    });
    chart.append(bar);
    if (i % 10 === (report.days.length - 1) % 10)
      chart.append(
        svg('text', { class: 'axis-label', x: LEFT + (i + 0.5) * slot, y: HEIGHT - 6, 'text-anchor': 'middle' }, formatDate(dayDate(day.day), locale, 'UTC')),
      );
  });
  const legend = el('ul', { class: 'legend', attrs: { 'aria-hidden': 'true' } }, ...series.map((s) => el('li', {}, swatch(s.colour), s.label)));
  const head = el(
    'tr',
    {},
    el('th', { text: l10n.t('Day'), attrs: { scope: 'col' } }),
    ...series.map((s) => el('th', { text: s.label, attrs: { scope: 'col' } })),
    el('th', { text: l10n.t('Spend'), attrs: { scope: 'col' } }),
  );
  // The days something was spent: thirty rows of zeros would bury them.
  const rows = report.days.flatMap((day, i) =>
    day.costRub === 0
      ? []
      : el(
          'tr',
          { attrs: { 'data-day': day.day } },
          el('th', { text: formatDate(dayDate(day.day), locale, 'UTC'), attrs: { scope: 'row' } }),
          ...series.map((s, j) => el('td', { class: 'number', text: formatRub(amounts[i]![j]!, locale), attrs: { 'data-series': s.label } })),
          el('td', { class: 'number', text: formatRub(day.costRub, locale) }),
        ),
  );
  const caption = l10n.t('Days with spend in the last 30 days');
  const table = el('table', { class: 'usage-table day-table' }, el('caption', { text: caption }), el('thead', {}, head), el('tbody', {}, ...rows));
  return el(
    'section',
    { class: 'usage-section', attrs: { 'aria-labelledby': 'day-chart-title' } },
    el('h2', { text: title, attrs: { id: 'day-chart-title' } }),
    chart,
    legend,
    tableBox(table),
  );
}

export function swatch(colour: string): HTMLElement {
  const box = el('span', { class: 'swatch' });
  box.style.background = colour;
  return box;
}

/** A table in a box that scrolls sideways on a narrow page, reachable by keyboard. */
export function tableBox(table: HTMLTableElement): HTMLElement {
  return el('div', { class: 'table-box', attrs: { tabindex: '0', role: 'region', 'aria-label': table.caption?.textContent ?? '' } }, table);
}
