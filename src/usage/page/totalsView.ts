// The totals of one period: spend, answers, tokens, what caching saved and the share with no usage reported, then
// spend by model, by key and by project, each a bar chart with its table under it.
import * as l10n from '@vscode/l10n';
import { formatInteger, formatRub, formatPercent } from '../../platform/format/localeFormat';
import type { PeriodTotals, UsageRow } from '../common/usageReport';
import { el } from '../../platform/page/dom';
import { tableBox } from './dayChart';
import { niceCeiling, SERIES_COLOURS, svg } from './svg';

const WIDTH = 640;
const ROW = 24;
const LABEL = 200;

export function totalsView(totals: PeriodTotals, locale: string): HTMLElement {
  const noUsageShare = totals.answers === 0 ? 0 : (100 * totals.noUsage) / totals.answers;
  const facts: [string, string][] = [
    [l10n.t('Spend'), formatRub(totals.costRub, locale)],
    [l10n.t('Answers'), formatInteger(totals.answers, locale)],
    [l10n.t('Tokens in'), formatInteger(totals.tokensIn, locale)],
    [l10n.t('Tokens out'), formatInteger(totals.tokensOut, locale)],
    [l10n.t('Cached tokens in'), formatInteger(totals.tokensCached, locale)],
    [l10n.t('Saved by caching'), formatRub(totals.savedRub, locale)],
    [
      l10n.t('No usage reported'),
      l10n.t({
        message: '{0} ({1})',
        args: [formatInteger(totals.noUsage, locale), formatPercent(noUsageShare, locale, 1)],
        comment: ['a count and its share, e.g. "3 (25%)"'],
      }),
    ],
    [l10n.t('Not priced'), formatInteger(totals.unpriced, locale)],
  ];
  const summary = el('dl', { class: 'facts' }, ...facts.flatMap(([term, value]) => [el('dt', { text: term }), el('dd', { class: 'number', text: value })]));
  return el(
    'div',
    { class: 'totals' },
    summary,
    breakdown('model', l10n.t('Spend by model'), l10n.t('Model'), totals.byModel, locale),
    breakdown('key', l10n.t('Spend by key'), l10n.t('Key'), totals.byKey, locale),
    breakdown('project', l10n.t('Spend by project'), l10n.t('Project'), totals.byProject, locale),
  );
}

function rowName(kind: string, name: string): string {
  if (name !== '') return name;
  return kind === 'key' ? l10n.t('Key not recorded') : kind === 'project' ? l10n.t('No workspace') : name;
}

function breakdown(kind: string, title: string, column: string, rows: UsageRow[], locale: string): HTMLElement {
  const id = `by-${kind}-title`;
  const top = niceCeiling(Math.max(0, ...rows.map((r) => r.costRub)));
  const chart = svg('svg', { class: 'chart bar-chart', viewBox: `0 0 ${WIDTH} ${Math.max(1, rows.length) * ROW}`, role: 'img', 'aria-label': title });
  rows.forEach((row, i) => {
    const name = rowName(kind, row.name);
    const width = (row.costRub / top) * (WIDTH - LABEL - 90);
    const bar = svg(
      'rect',
      { class: 'segment', x: LABEL, y: i * ROW + 4, width, height: ROW - 8, 'data-name': name, 'data-rub': row.costRub },
      svg('title', {}, `${name}: ${formatRub(row.costRub, locale)}`),
    );
    bar.style.fill = SERIES_COLOURS[0]!;
    chart.append(
      svg('text', { class: 'axis-label', x: LABEL - 6, y: i * ROW + ROW / 2 + 4, 'text-anchor': 'end' }, name.length > 28 ? `${name.slice(0, 27)}…` : name),
      bar,
      svg('text', { class: 'axis-label', x: LABEL + width + 6, y: i * ROW + ROW / 2 + 4 }, formatRub(row.costRub, locale)),
    );
  });
  const columns = [column, l10n.t('Spend'), l10n.t('Answers'), l10n.t('Tokens in'), l10n.t('Tokens out')];
  const table = el(
    'table',
    { class: `usage-table by-${kind}` },
    el('caption', { text: title }),
    el('thead', {}, el('tr', {}, ...columns.map((c) => el('th', { text: c, attrs: { scope: 'col' } })))),
    el(
      'tbody',
      {},
      ...rows.map((row) =>
        el(
          'tr',
          {},
          el('th', { text: rowName(kind, row.name), attrs: { scope: 'row' } }),
          ...[
            formatRub(row.costRub, locale),
            formatInteger(row.answers, locale),
            formatInteger(row.tokensIn, locale),
            formatInteger(row.tokensOut, locale),
          ].map((text) => el('td', { class: 'number', text })),
        ),
      ),
    ),
  );
  return el(
    'section',
    { class: 'usage-section', attrs: { 'aria-labelledby': id } },
    el('h3', { text: title, attrs: { id } }),
    rows.length > 0 ? chart : false,
    tableBox(table),
  );
}
